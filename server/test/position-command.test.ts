/**
 * `npm run position` (server/src/saved-searches/position-command.ts) on SQLite and PostgreSQL: validation and exit
 * codes, geocoding through the gazetteer, the new position, and the saved-search alerts it sends (matched by the
 * real search code: exactly one notification per candidate whose search finds it, none for others).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isSafeRedirectPath } from '../src/auth/safe-next';
import { createCandidateRepository } from '../src/candidates/repository';
import { createEmployerRepository } from '../src/employers/repository';
import { gazetteer } from '../src/geo/gazetteer';
import { createSavedSearchRepository } from '../src/saved-searches/repository';
import { runPositionCommand } from '../src/saved-searches/position-command';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_OTHER_EMAIL, runCommandOn, tempDir, useTestDatabase } from './helpers';

const database = useTestDatabase();
const dir = tempDir('position');
const NOW = new Date();
const ids = { casey: 0, olive: 0, globex: 0 };

beforeAll(async () => {
  gazetteer(); // loaded once (about a second), as the server does before it listens
  const { db } = database;
  await db.updateTable('employers').set({ saved_search_notification_enabled: 1 }).execute();
  await createEmployerRepository(db).create(
    { domain: 'globex.example', companyName: 'Globex', notificationsEnabled: true, actionRequiredConfigured: false },
    NOW,
  );
  await db.updateTable('employers').set({ saved_search_notification_enabled: 1 }).execute();
  const candidates = createCandidateRepository(db);
  ids.casey = (await candidates.findByEmail(DEMO_DOMAIN, DEMO_CANDIDATE_EMAIL))!.id;
  ids.olive = (await candidates.findByEmail(DEMO_DOMAIN, DEMO_OTHER_EMAIL))!.id;
  const globex = await candidates.create(
    { domain: 'globex.example', email: 'gina@example.com', passwordHash: 'x', firstName: 'Gina', lastName: 'Globex' },
    NOW,
  );
  ids.globex = globex.id;
  fs.writeFileSync(path.join(dir, 'description.html'), '<p>Keep the <strong>quokkas</strong> happy.</p>\n');
  fs.writeFileSync(path.join(dir, 'empty.html'), '  \n');
  // The gazetteer and a seeded database: a second or two idle, more on a loaded machine (a wait, not a bound).
}, 60_000);

const run = (argv: string[]) => runCommandOn(database.db, runPositionCommand, argv);

const valid = [
  '--domain',
  DEMO_DOMAIN,
  '--title',
  'Quokka Keeper',
  '--department',
  'Zoology',
  '--employment-type',
  'Full-time',
  '--location',
  'Toronto',
];

const notificationsOf = (candidateId: number) =>
  database.db.selectFrom('notifications').selectAll().where('candidate_id', '=', candidateId).orderBy('id').execute();

async function save(candidateId: number, domain: string, parameters: Record<string, unknown>, language?: string) {
  const outcome = await createSavedSearchRepository(database.db).save(
    { candidateId, domain },
    { query: '', location: '', filters: {}, sort_by: 'relevance', ...parameters },
    language ?? null,
    NOW,
  );
  if (!('saved' in outcome)) throw new Error('limit reached');
  return outcome.saved;
}

describe('position command', () => {
  it('prints help', async () => {
    const result = await run(['--help']);
    expect(result).toMatchObject({ code: 0, opened: false });
    expect(result.out).toContain('Usage:');
  });

  it.each([
    [[], '--domain is required'],
    [valid.filter((_, index) => index !== 2 && index !== 3), '--title is required'],
    [[...valid.slice(0, 4), '--department', ' ', ...valid.slice(6)], '--department is required and must not be empty.'],
    [[...valid.slice(0, 3), 'x'.repeat(201), ...valid.slice(4)], '--title must be at most 200 characters.'],
    [valid.slice(0, 8), '--location is required (at least one) unless --remote.'],
    [[...valid.slice(0, 8), '--location', 'Atlantis'], '--location "Atlantis" is not a place the gazetteer knows'],
    [[...valid.slice(0, 8), '--location', 'Atlantis:::95,20'], '--location "Atlantis:::95,20": latitude'],
    [[...valid.slice(0, 8), '--location', 'Remote'], '--location "Remote" is not a place'],
    [[...valid, '--salary-min', '90000'], '--currency is required with --salary-min or --salary-max.'],
    [[...valid, '--salary-min=-5', '--currency', 'CAD'], '--salary-min must be a whole number from 0 to'],
    [
      [...valid, '--salary-min', '9', '--salary-max', '5', '--currency', 'CAD'],
      '--salary-min (9) must not be more than --salary-max (5).',
    ],
    [[...valid, '--salary-max', '5', '--currency', 'dollars'], '--currency must be a three-letter ISO 4217 code'],
    [[...valid, '--currency', 'CAD'], '--currency is given without --salary-min or --salary-max.'],
    [[...valid, '--valid-days', '0'], '--valid-days must be a whole number from 1 to 3650, got "0".'],
    [[...valid, '--description-file', path.join(dir, 'missing.html')], 'file not found.'],
    [[...valid, '--description-file', path.join(dir, 'empty.html')], 'the file is empty.'],
    [[...valid, '--skills', Array.from({ length: 51 }, (_, i) => `s${i}`).join(',')], 'at most 50 skills'],
    [[...valid, '--domain', 'bad domain'], '--domain "bad domain" is not a domain'],
    [[...valid, '--colour', 'red'], "Unknown option '--colour'"],
  ])('rejects %j with exit code 2 and the reason, before opening the database', async (argv, message) => {
    const before = await database.db.selectFrom('positions').select('id').execute();
    const result = await run(argv as string[]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage:');
    expect(result.out).toBe('');
    expect(result.opened).toBe(false);
    expect(await database.db.selectFrom('positions').select('id').execute()).toEqual(before);
  });

  it('answers exit code 1 for an employer that does not exist', async () => {
    const result = await run([...valid.slice(0, 1), 'nowhere.example', ...valid.slice(2)]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('No employer with domain nowhere.example.');
  });

  it('publishes the position with geocoded places and sends no alert when no search matches', async () => {
    const result = await run([
      ...valid,
      '--location',
      'Acme Lab:::45.5,-73.6',
      '--skills',
      'Animal Care, Feeding,Animal Care',
      '--salary-min',
      '50000',
      '--salary-max',
      '60000',
      '--currency',
      'cad',
      '--description-file',
      path.join(dir, 'description.html'),
      '--valid-days',
      '30',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^\d+$/);
    const id = Number(result.out);
    const row = await database.db.selectFrom('positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      domain: DEMO_DOMAIN,
      title: 'Quokka Keeper',
      department: 'Zoology',
      employment_type: 'Full-time',
      remote: 0,
      salary_min: 50000,
      salary_max: 60000,
      salary_currency: 'CAD',
      description: '<p>Keep the <strong>quokkas</strong> happy.</p>',
      archived_at: null,
    });
    expect(JSON.parse(row.skills)).toEqual(['Animal Care', 'Feeding']);
    const days = (Date.parse(row.valid_through!) - Date.parse(row.posted_at)) / (24 * 3600 * 1000);
    expect(days).toBeCloseTo(30, 5);
    const places = await database.db
      .selectFrom('position_locations')
      .select(['name', 'lat', 'lng'])
      .where('position_id', '=', id)
      .orderBy('lat')
      .execute();
    expect(places).toHaveLength(2);
    expect(places[0]!.name).toMatch(/^Toronto/);
    expect(Number(places[0]!.lat)).toBeCloseTo(43.7, 0);
    expect(places[1]).toMatchObject({ name: 'Acme Lab' });
    expect(Number(places[1]!.lat)).toBeCloseTo(45.5, 5);
    expect(result.err).toContain('Saved-search alerts: 0 candidate(s) notified, 0 mail(s) written.');
  });

  it('notifies each candidate whose saved search finds the new position once, with a redirect to that search', async () => {
    const caseyFirst = await save(ids.casey, DEMO_DOMAIN, {
      query: 'wombat',
      location: 'Toronto',
      filters: { department: ['Marsupials, Wombats'], skills: ['Digging'] },
    });
    await save(ids.casey, DEMO_DOMAIN, { query: 'wombat keeper' }); // matches too: still one notification
    await save(ids.olive, DEMO_DOMAIN, { query: 'wombat', location: 'Vancouver' }); // too far away
    await save(ids.olive, DEMO_DOMAIN, { filters: { department: ['Robotics'] } }); // another department
    const oliveFrench = await save(ids.olive, DEMO_DOMAIN, { filters: { remote: ['true'] } }, 'fr-CA');
    await save(ids.globex, 'globex.example', { query: 'wombat' }); // another employer
    const before = {
      casey: (await notificationsOf(ids.casey)).length,
      olive: (await notificationsOf(ids.olive)).length,
    };

    const result = await run([
      '--domain',
      DEMO_DOMAIN,
      '--title',
      'Wombat Keeper',
      '--department',
      'Marsupials, Wombats',
      '--employment-type',
      'Part-time',
      '--location',
      'Mississauga',
      '--skills',
      'Pouch Care,Digging',
    ]);
    expect(result.code).toBe(0);
    expect(result.err).toContain('Saved-search alerts: 1 candidate(s) notified, 1 mail(s) written.');
    const caseyNew = (await notificationsOf(ids.casey)).slice(before.casey);
    expect(caseyNew).toHaveLength(1);
    expect(caseyNew[0]).toMatchObject({
      domain: DEMO_DOMAIN,
      notification_type: 'read_only',
      category_title: 'Saved search',
      message: 'A new position matches your saved search: Wombat Keeper',
      redirect_url: caseyFirst.url,
    });
    expect(caseyFirst.url).toBe(
      `/careers/search?domain=${DEMO_DOMAIN}&query=wombat&location=Toronto&start=&pid=&map_bounds=&sort_by=relevance` +
        '&filter_department=Marsupials%252C%2520Wombats&filter_employment_type=&filter_location=&filter_remote=&filter_skills=Digging&filter_distance=',
    );
    expect(isSafeRedirectPath(caseyFirst.url)).toBe(true);
    expect((await notificationsOf(ids.olive)).slice(before.olive)).toEqual([]);
    expect(await notificationsOf(ids.globex)).toEqual([]);

    // A remote position finds Olive's remote search: in the language she saved it in.
    const remote = await run([...valid.slice(0, 3), 'Remote Quokka Keeper', ...valid.slice(4, 8), '--remote']);
    expect(remote.code).toBe(0);
    const oliveNew = (await notificationsOf(ids.olive)).slice(before.olive);
    expect(oliveNew).toHaveLength(1);
    expect(oliveNew[0]).toMatchObject({
      message: 'Un nouveau poste correspond à votre recherche sauvegardée : Remote Quokka Keeper',
      redirect_url: oliveFrench.url,
    });
    expect(oliveFrench.url).toBe(
      `/careers/search?domain=${DEMO_DOMAIN}&query=&location=&start=&pid=&map_bounds=&sort_by=relevance` +
        '&filter_department=&filter_employment_type=&filter_location=&filter_remote=true&filter_skills=&filter_distance=',
    );
    expect((await notificationsOf(ids.casey)).slice(before.casey)).toHaveLength(1);
  });
});
