/**
 * Allowed origins (server/src/employers/allowed-origins.ts) on SQLite and PostgreSQL: origins normalised as browsers
 * send `Origin`, anything else refused with the reason; stored per employer (one employer's origin is not another's);
 * the demo employer allows the host-demo's origins, on a fresh database and on one seeded before migration 0017.
 */
import { migrateToLatest } from '../src/db/migrate';
import {
  createAllowedOriginRepository,
  DEMO_ALLOWED_ORIGINS,
  normalizeOrigin,
  OriginError,
} from '../src/employers/allowed-origins';
import { createEmployerRepository } from '../src/employers/repository';
import { createTestDatabase, DEMO_DOMAIN, migratorFor, useTestDatabase } from './helpers';

const database = useTestDatabase();
const OTHER_DOMAIN = 'globex.example';

beforeAll(async () => {
  await createEmployerRepository(database.db).create(
    { domain: OTHER_DOMAIN, companyName: 'Globex', notificationsEnabled: false, actionRequiredConfigured: false },
    new Date(),
  );
});

describe('normalizeOrigin', () => {
  it.each([
    ['https://www.acme.example', 'https://www.acme.example'],
    ['https://www.acme.example/', 'https://www.acme.example'],
    ['  HTTPS://WWW.Acme.Example  ', 'https://www.acme.example'],
    ['https://www.acme.example:443', 'https://www.acme.example'],
    ['http://www.acme.example:80', 'http://www.acme.example'],
    ['https://www.acme.example:8443', 'https://www.acme.example:8443'],
    ['http://localhost:8082', 'http://localhost:8082'],
    ['http://127.0.0.1:8082', 'http://127.0.0.1:8082'],
    ['http://[::1]:8082', 'http://[::1]:8082'],
  ])('reads %j as %j', (raw, origin) => {
    expect(normalizeOrigin(raw)).toBe(origin);
  });

  it.each([
    ['', 'is not an origin'],
    ['null', 'is not an origin'],
    ['www.acme.example', 'is not an origin'],
    ['ftp://www.acme.example', 'is not an http or https origin'],
    ['file:///home/page.html', 'is not an http or https origin'],
    ['https://user:secret@www.acme.example', 'holds a user name or password'],
    ['https://www.acme.example/careers', 'has a path, query or fragment'],
    ['https://www.acme.example?x=1', 'has a path, query or fragment'],
    ['https://www.acme.example/?', 'has a path, query or fragment'],
    ['https://www.acme.example#top', 'has a path, query or fragment'],
  ])('refuses %j, saying why', (raw, reason) => {
    expect(() => normalizeOrigin(raw)).toThrow(OriginError);
    expect(() => normalizeOrigin(raw)).toThrow(reason);
  });
});

describe('allowed origins repository', () => {
  it('the seeded demo employer allows the host-demo origins, and no other employer does', async () => {
    const repository = createAllowedOriginRepository(database.db);
    expect(await repository.list(DEMO_DOMAIN)).toEqual([...DEMO_ALLOWED_ORIGINS].sort());
    expect(await repository.list(OTHER_DOMAIN)).toEqual([]);
    expect(await repository.list('nobody.example')).toBeNull();
    expect(await repository.isAllowed(DEMO_DOMAIN, 'http://localhost:8082')).toBe(true);
    expect(await repository.isAllowed(OTHER_DOMAIN, 'http://localhost:8082')).toBe(false);
  });

  it('adds once per employer and origin, answers exact origins only, removes', async () => {
    const repository = createAllowedOriginRepository(database.db);
    const origin = 'https://careers.globex.example';
    expect(await repository.add(OTHER_DOMAIN, origin)).toBe(true);
    expect(await repository.add('GLOBEX.example', origin)).toBe(false);
    expect(await repository.list(OTHER_DOMAIN)).toEqual([origin]);
    expect(await repository.isAllowed(OTHER_DOMAIN, origin)).toBe(true);
    expect(await repository.isAllowed(OTHER_DOMAIN, 'http://careers.globex.example')).toBe(false);
    expect(await repository.isAllowed(OTHER_DOMAIN, 'https://careers.globex.example:8443')).toBe(false);
    expect(await repository.isAllowed(OTHER_DOMAIN, 'https://evil.careers.globex.example')).toBe(false);
    expect(await repository.isAllowed(DEMO_DOMAIN, origin)).toBe(false);

    expect(await repository.remove(OTHER_DOMAIN, origin)).toBe(true);
    expect(await repository.remove(OTHER_DOMAIN, origin)).toBe(false);
    expect(await repository.isAllowed(OTHER_DOMAIN, origin)).toBe(false);
    expect(await repository.list(DEMO_DOMAIN)).toEqual([...DEMO_ALLOWED_ORIGINS].sort());
  });

  it('a change is seen at once through another connection (nothing is cached)', async () => {
    const first = createAllowedOriginRepository(database.db);
    const second = createAllowedOriginRepository(database.db);
    const origin = 'https://jobs.globex.example';
    expect(await second.isAllowed(OTHER_DOMAIN, origin)).toBe(false);
    await first.add(OTHER_DOMAIN, origin);
    expect(await second.isAllowed(OTHER_DOMAIN, origin)).toBe(true);
    await first.remove(OTHER_DOMAIN, origin);
    expect(await second.isAllowed(OTHER_DOMAIN, origin)).toBe(false);
  });

  it('removing an employer removes its allowed origins', async () => {
    const repository = createAllowedOriginRepository(database.db);
    await createEmployerRepository(database.db).create(
      { domain: 'gone.example', companyName: 'Gone', notificationsEnabled: false, actionRequiredConfigured: false },
      new Date(),
    );
    await repository.add('gone.example', 'https://www.gone.example');
    await database.db.deleteFrom('employers').where('domain', '=', 'gone.example').execute();
    const rows = await database.db
      .selectFrom('employer_allowed_origins')
      .select('origin')
      .where('domain', '=', 'gone.example')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('migration 0017', () => {
  it('gives a database seeded before it the host-demo origins for the demo employer', async () => {
    const old = await createTestDatabase();
    try {
      const migrator = await migratorFor(old);
      const down = await migrator.migrateTo('0016_apply_limits');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((result) => [result.migrationName, result.direction])).toEqual([
        ['0020_job_alerts', 'Down'],
        ['0019_accounts_and_mail', 'Down'],
        ['0018_detach_guest_applications', 'Down'],
        ['0017_allowed_origins', 'Down'],
      ]);
      expect(await migrateToLatest(old.db)).toEqual([
        '0017_allowed_origins',
        '0018_detach_guest_applications',
        '0019_accounts_and_mail',
        '0020_job_alerts',
      ]);
      expect(await createAllowedOriginRepository(old.db).list(DEMO_DOMAIN)).toEqual([...DEMO_ALLOWED_ORIGINS].sort());
    } finally {
      await old.destroy();
    }
  });
});
