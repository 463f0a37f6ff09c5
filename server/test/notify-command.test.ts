import { runNotifyCommand } from '../src/notifications/notify-command';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, runCommandOn, useTestDatabase } from './helpers';

const database = useTestDatabase();

const run = (argv: string[]) => runCommandOn(database.db, runNotifyCommand, argv);

const valid = [
  '--email',
  DEMO_CANDIDATE_EMAIL,
  '--type',
  'action_required',
  '--category',
  'Job offer',
  '--message',
  'Your offer is ready to sign.',
];

describe('notify command', () => {
  it('creates a notification and prints its id', async () => {
    const result = await run([...valid, '--redirect', '/careers/offers?domain=acme.example']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^\d+$/);
    const row = await database.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', Number(result.out))
      .executeTakeFirstOrThrow();
    const casey = await database.db
      .selectFrom('candidates')
      .select('id')
      .where('email', '=', DEMO_CANDIDATE_EMAIL)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      candidate_id: casey.id,
      domain: DEMO_DOMAIN,
      category_title: 'Job offer',
      message: 'Your offer is ready to sign.',
      notification_type: 'action_required',
      redirect_url: '/careers/offers?domain=acme.example',
      viewed_at: null,
      clicked_at: null,
    });
    expect(result.err).toContain(
      `Created action_required notification ${result.out} for ${DEMO_CANDIDATE_EMAIL} at ${DEMO_DOMAIN}.`,
    );
  });

  it('accepts --domain, any email case and no redirect', async () => {
    const result = await run([
      '--email',
      'CANDIDATE@example.com',
      '--domain',
      DEMO_DOMAIN,
      '--type',
      'read_only',
      '--category',
      'Interview',
      '--message',
      'See you Monday.',
    ]);
    expect(result.code).toBe(0);
    const row = await database.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', Number(result.out))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ notification_type: 'read_only', redirect_url: null });
  });

  it('prints help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage:');
    expect(result.opened).toBe(false);
  });

  it.each([
    [[], '--email is required'],
    [['--email', 'not-an-email', ...valid.slice(2)], '--email "not-an-email" is not a valid email address.'],
    [
      [...valid.slice(0, 2), '--type', 'urgent', ...valid.slice(4)],
      '--type must be action_required or read_only, got "urgent".',
    ],
    [valid.filter((_, index) => index !== 2 && index !== 3), '--type is required'],
    [[...valid.slice(0, 6), '--message', '   '], '--message is required and must not be empty.'],
    [[...valid.slice(0, 4), '--category', '', ...valid.slice(6)], '--category is required and must not be empty.'],
    [[...valid.slice(0, 6), '--message', 'x'.repeat(1001)], '--message must be at most 1000 characters.'],
    [[...valid, '--redirect', 'https://evil.example/offers'], '--redirect must be a same-site path'],
    [[...valid, '--redirect', '//evil.example'], '--redirect must be a same-site path'],
    [[...valid, '--redirect', '/\\evil.example'], '--redirect must be a same-site path'],
    [[...valid, '--domain', 'bad domain'], '--domain "bad domain" is not a domain'],
    [[...valid, '--priority', 'high'], "Unknown option '--priority'"],
    [[...valid, 'extra'], 'extra'],
  ])('rejects invalid arguments %j with exit code 2', async (argv, message) => {
    const before = await database.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const result = await run(argv as string[]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage:');
    expect(result.out).toBe('');
    expect(result.opened).toBe(false);
    const after = await database.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each([
    [['--email', 'nobody@example.com', ...valid.slice(2)], 'No candidate with email nobody@example.com.'],
    [[...valid, '--domain', 'globex.example'], `No candidate with email ${DEMO_CANDIDATE_EMAIL} at globex.example.`],
  ])('reports an unknown candidate with exit code 1 (%j)', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(1);
    expect(result.err).toBe(`Error: ${message}`);
    expect(result.out).toBe('');
  });
});
