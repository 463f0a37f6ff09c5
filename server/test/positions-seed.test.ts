/**
 * Demo positions and `npm run seed:positions`: deterministic, every state present, added once by the server's
 * start (prepareDatabase with `demoPositions`) and never by a plain test database; the command adds many
 * positions in one transaction and refuses bad arguments.
 */
import { prepareDatabase } from '../src/db/prepare';
import { generateDemoPositions } from '../src/positions/demo-positions';
import { runSeedPositionsCommand } from '../src/positions/seed-command';
import { DEMO_DOMAIN, runCommandOn, useTestApp } from './helpers';

const ctx = useTestApp();

const countPositions = async (domain = DEMO_DOMAIN) =>
  Number(
    (
      await ctx.db
        .selectFrom('positions')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('domain', '=', domain)
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('demo positions', () => {
  it('are deterministic and hold every state: remote, several places, archived, expired, no salary', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const a = generateDemoPositions({ domain: DEMO_DOMAIN, count: 2000, now });
    expect(generateDemoPositions({ domain: DEMO_DOMAIN, count: 2000, now })).toEqual(a);
    expect(generateDemoPositions({ domain: DEMO_DOMAIN, count: 2000, now, seed: 7 })).not.toEqual(a);
    const share = (test: (p: (typeof a)[number]) => boolean) => a.filter(test).length / a.length;
    expect(share((p) => p.remote)).toBeGreaterThan(0.1);
    expect(share((p) => p.remote && p.locations.length === 0)).toBeGreaterThan(0.02);
    expect(share((p) => p.locations.length > 1)).toBeGreaterThan(0.05);
    expect(share((p) => p.archivedAt !== null)).toBeGreaterThan(0.02);
    expect(share((p) => !!p.validThrough && p.validThrough < now.toISOString())).toBeGreaterThan(0.02);
    expect(share((p) => p.salaryMin === null)).toBeGreaterThan(0);
    expect(a.every((p) => p.salaryMin === null || p.salaryMin! <= p.salaryMax!)).toBe(true);
    expect(new Set(a.map((p) => p.department)).size).toBe(10);
    expect(new Set(a.flatMap((p) => p.locations.map((l) => l.name))).size).toBeGreaterThanOrEqual(55);
  });

  it('a test database has none; the server start adds 2,000 once, with the demo candidate’s skills', async () => {
    expect(await countPositions()).toBe(0);
    await prepareDatabase(ctx.db, { demoPositions: true });
    expect(await countPositions()).toBe(2000);
    await prepareDatabase(ctx.db, { demoPositions: true });
    expect(await countPositions()).toBe(2000);
    const skills = await ctx.db
      .selectFrom('candidate_skills')
      .innerJoin('candidates', 'candidates.id', 'candidate_skills.candidate_id')
      .select('candidates.email')
      .distinct()
      .execute();
    expect(skills).toEqual([{ email: 'candidate@example.com' }]);
  });
});

describe('npm run seed:positions', () => {
  it('adds --count positions in one go and says so', async () => {
    const before = await countPositions();
    const result = await runCommandOn(ctx.db, runSeedPositionsCommand, ['--count', '1500']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/^Added 1500 positions to acme\.example in \d+\.\d s \(ids \d+ to \d+\)\.$/);
    expect(await countPositions()).toBe(before + 1500);
    // The new ones are searchable at once.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/pcsx/search?query=engineer' });
    expect(res.json().data.count).toBeGreaterThan(0);
  });

  it.each([
    [['--count', '0'], '--count must be a whole number from 1 to 1000000.'],
    [['--count', 'many'], '--count must be a whole number from 1 to 1000000.'],
    [['--domain', 'not a domain'], '--domain "not a domain" is not a domain such as acme.example.'],
    [['--colour', 'red'], "Unknown option '--colour'"],
  ])('refuses %j with exit code 2 before opening the database', async (argv, message) => {
    const result = await runCommandOn(ctx.db, runSeedPositionsCommand, argv);
    expect(result.code).toBe(2);
    expect(result.opened).toBe(false);
    expect(result.err).toContain(message);
  });

  it('an unknown employer: exit code 1, nothing added', async () => {
    const before = await countPositions('nobody.example');
    const result = await runCommandOn(ctx.db, runSeedPositionsCommand, ['--domain', 'nobody.example']);
    expect(result).toMatchObject({ code: 1, err: 'Error: No employer uses the domain "nobody.example".' });
    expect(await countPositions('nobody.example')).toBe(before);
  });
});
