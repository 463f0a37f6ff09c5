import type { Kysely, Migration } from 'kysely';
import { DEMO_ALLOWED_ORIGINS } from '../../employers/allowed-origins';
import { TIMESTAMP } from './helpers';

/** The demo employer's domain (the seed's `DEMO_DOMAIN`), spelled out as shipped. */
const DEMO_DOMAIN = 'acme.example';

interface Tables {
  employers: { domain: string };
  employer_allowed_origins: { domain: string; origin: string; created_at: string };
}

/**
 * Allowed origins (docs/product/routes-and-access.md#allowed-origins-and-cors): the origins of the employer's own
 * pages that may call the careers API with the candidate's session (CORS with credentials), one row per employer and
 * origin, normalised as browsers send `Origin` (`https://www.acme.example`). Removing the employer removes them.
 *
 * A database seeded before this migration gets the host-demo's origins for the demo employer; a fresh database has
 * no employer at this point, and the seed stores them.
 */
export const allowedOrigins: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('employer_allowed_origins')
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('origin', 'varchar(300)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addPrimaryKeyConstraint('employer_allowed_origins_pkey', ['domain', 'origin'])
      .execute();

    const tables = db as unknown as Kysely<Tables>;
    const demo = await tables
      .selectFrom('employers')
      .select('domain')
      .where('domain', '=', DEMO_DOMAIN)
      .executeTakeFirst();
    if (!demo) return;
    const createdAt = new Date().toISOString();
    await tables
      .insertInto('employer_allowed_origins')
      .values(DEMO_ALLOWED_ORIGINS.map((origin) => ({ domain: DEMO_DOMAIN, origin, created_at: createdAt })))
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('employer_allowed_origins').execute();
  },
};
