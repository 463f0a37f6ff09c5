import { sql } from 'kysely';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { seedIfEmpty, topUpDemoData } from '../src/db/seed';
import { createTestDatabase, DEMO_CANDIDATE_EMAIL, DEMO_NEW_EMAIL, DEMO_OTHER_EMAIL, useTestDatabase } from './helpers';

const database = useTestDatabase();

/** The error message of a statement that must fail (errors from native drivers are not Jest-realm Errors). */
async function failureOf(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return String((error as { message?: unknown }).message);
  }
  throw new Error('The statement was expected to fail.');
}

describe('database', () => {
  it('runs on the engine the environment asks for', () => {
    expect(database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('names migrations with an ordered prefix and applies each once', async () => {
    for (const name of Object.keys(migrations)) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
    expect(Object.keys(migrations)).toEqual([...Object.keys(migrations)].sort());
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('seeds once: the demo employer, four candidates (one the admin), their notifications and offers', async () => {
    expect(await seedIfEmpty(database.db)).toBe(false);
    const employer = await database.db.selectFrom('employers').selectAll().executeTakeFirstOrThrow();
    expect(employer).toMatchObject({
      domain: 'acme.example',
      company_name: 'Acme Robotics',
      notifications_enabled: 1,
      action_required_configured: 1,
    });
    expect(employer).toMatchObject({
      tos_enabled: 1,
      tos_heading_text: 'Terms of service',
      tos_submit_button_text: 'Accept',
    });

    const people = await database.db.selectFrom('candidates').selectAll().orderBy('email').execute();
    expect(people.map((person) => [person.email, person.first_name, person.last_name, person.is_admin])).toEqual([
      ['admin@example.com', 'Ada', 'Admin', 1],
      [DEMO_CANDIDATE_EMAIL, 'Casey', 'Jordan', 0],
      [DEMO_NEW_EMAIL, 'Nora', 'New', 0],
      [DEMO_OTHER_EMAIL, 'Olive', 'Other', 0],
    ]);
    for (const person of people) {
      expect(person.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(typeof person.id).toBe('number');
      if (person.email === DEMO_NEW_EMAIL) {
        expect(person).toMatchObject({ is_onboarded: 0, is_bootstrapped: 0, tos_attested_at: null });
      } else {
        expect(person).toMatchObject({ is_onboarded: 1, is_bootstrapped: 1 });
        expect(person.tos_attested_at).not.toBeNull();
      }
    }

    const offers = await database.db
      .selectFrom('offers')
      .innerJoin('candidates', 'candidates.id', 'offers.candidate_id')
      .select(['candidates.email as email', 'offers.status', 'offers.acceptance'])
      .execute();
    expect(
      offers
        .filter((offer) => offer.email === DEMO_CANDIDATE_EMAIL)
        .map((offer) => offer.status)
        .sort(),
    ).toEqual(['Accepted', 'Canceled', 'Declined', 'Extended', 'Extended', 'Extended', 'Extended']);
    expect(offers.filter((offer) => offer.email === DEMO_OTHER_EMAIL)).toHaveLength(1);
    expect(offers.filter((offer) => offer.email === DEMO_NEW_EMAIL)).toHaveLength(0);
    expect(new Set(offers.map((offer) => offer.acceptance))).toEqual(new Set(['documents', 'upload']));

    const counts = await database.db
      .selectFrom('notifications')
      .innerJoin('candidates', 'candidates.id', 'notifications.candidate_id')
      .select(['candidates.email as email', (eb) => eb.fn.countAll().as('total')])
      .groupBy('candidates.email')
      .orderBy('candidates.email')
      .execute();
    expect(counts.map((row) => [row.email, Number(row.total)])).toEqual([
      [DEMO_CANDIDATE_EMAIL, 8],
      [DEMO_OTHER_EMAIL, 2],
    ]);
  });

  it('enforces the schema: notification type, unique email per employer, foreign keys', async () => {
    const casey = await database.db
      .selectFrom('candidates')
      .selectAll()
      .where('email', '=', DEMO_CANDIDATE_EMAIL)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    expect(
      await failureOf(
        database.db
          .insertInto('notifications')
          .values({
            domain: casey.domain,
            candidate_id: casey.id,
            category_title: 'x',
            message: 'x',
            notification_type: 'urgent' as 'read_only',
            redirect_url: null,
            created_at: now,
            viewed_at: null,
            clicked_at: null,
          })
          .execute(),
      ),
    ).toMatch(/check constraint/i);
    const { id: _id, ...copy } = casey;
    expect(
      await failureOf(
        database.db
          .insertInto('candidates')
          .values({ ...copy, enc_id: 'another-enc-id' })
          .execute(),
      ),
    ).toMatch(/UNIQUE constraint failed|duplicate key/i);
    expect(
      await failureOf(
        database.db
          .insertInto('sessions')
          .values({
            id: 'x'.repeat(64),
            candidate_id: 999999,
            domain: casey.domain,
            csrf_token: 't',
            created_at: now,
            last_seen_at: now,
            expires_at: now,
          })
          .execute(),
      ),
    ).toMatch(/foreign key constraint/i);
  });

  it('stores file bytes in the database exactly (blob / bytea)', async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256));
    const { createStoredFileRepository } = await import('../src/offers/stored-files');
    const files = createStoredFileRepository(database.db);
    const saved = await files.save(bytes, 'application/pdf', new Date());
    expect(saved.name).toMatch(/^doc_[A-Za-z0-9_-]{16}\.pdf$/);
    const read = await files.find(saved.id);
    expect(Buffer.isBuffer(read!.content)).toBe(true);
    expect(read!.content.equals(bytes)).toBe(true);
    expect(read).toMatchObject({ byteSize: 512, contentType: 'application/pdf', sha256: saved.sha256 });
  });

  it('enforces the offer schema: statuses, signing kinds, unique enc_id', async () => {
    const offer = await database.db.selectFrom('offers').selectAll().limit(1).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = offer;
    expect(
      await failureOf(
        database.db
          .insertInto('offers')
          .values({ ...copy, enc_id: 'new-enc-id-12345', status: 'Pending' as 'Extended' })
          .execute(),
      ),
    ).toMatch(/check constraint/i);
    expect(
      await failureOf(
        database.db
          .insertInto('offers')
          .values({ ...copy })
          .execute(),
      ),
    ).toMatch(/UNIQUE constraint failed|duplicate key/i);
    expect(
      await failureOf(
        database.db
          .updateTable('offer_documents')
          .set({ signing: 'wet-ink' as 'none' })
          .where('offer_id', '=', offer.id)
          .execute(),
      ),
    ).toMatch(/check constraint/i);
  });

  it('adds the offer-era demo data once to a database seeded before offers existed', async () => {
    const old = await createTestDatabase();
    try {
      await old.db.deleteFrom('offers').execute();
      await old.db.deleteFrom('candidates').where('email', '=', DEMO_NEW_EMAIL).execute();
      await old.db
        .updateTable('employers')
        .set({
          tos_enabled: 0,
          tos_heading_text: null,
          tos_helper_text: null,
          tos_info_text: null,
          tos_disclaimer_text: null,
          tos_submit_button_text: null,
        })
        .execute();
      expect(await topUpDemoData(old.db)).toBe(true);
      expect(await topUpDemoData(old.db)).toBe(false);
      const offers = await old.db
        .selectFrom('offers')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(offers.count)).toBe(8);
      const nora = await old.db
        .selectFrom('candidates')
        .selectAll()
        .where('email', '=', DEMO_NEW_EMAIL)
        .executeTakeFirstOrThrow();
      expect(nora).toMatchObject({ is_onboarded: 0, is_bootstrapped: 0, tos_attested_at: null });
      const employer = await old.db.selectFrom('employers').selectAll().executeTakeFirstOrThrow();
      expect(employer).toMatchObject({ tos_enabled: 1, tos_heading_text: 'Terms of service' });
    } finally {
      await old.destroy();
    }
  });

  it('has the notification index on (candidate_id, created_at)', async () => {
    const query =
      database.kind === 'postgres'
        ? sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'notifications' and schemaname = current_schema()`
        : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'notifications'`;
    const names = (await query.execute(database.db)).rows.map((row) => row.name);
    expect(names).toContain('notifications_candidate_created_idx');
  });
});
