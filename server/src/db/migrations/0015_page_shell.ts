import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { hashPassword } from '../../auth/password';
import { DEMO_BRANDING } from '../../employers/demo-config';
import { storedConfigObject } from '../../employers/pcsx-config';

/** The demo employer's domain and admin (the seed's `DEMO_DOMAIN`, `DEMO_ADMIN_EMAIL`), spelled out as shipped. */
const DEMO_DOMAIN = 'acme.example';
const DEMO_ADMIN_EMAIL = 'admin@example.com';
const DEMO_PASSWORD = 'careers-demo';

interface Tables {
  employers: { domain: string; pcsx_config_json: string | null };
  candidates: {
    domain: string;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    enc_id: string;
    location: string;
    has_resume: number;
    tos_attested_at: string | null;
    is_onboarded: number;
    is_bootstrapped: number;
    created_at: string;
    is_admin: number;
  };
}

/**
 * The page shell (docs/product/shell.md#error-screen): `candidates.is_admin`, an administrator
 * of the employer's careers site (the 500 page also shows them the error and its stack), 0 unless set.
 *
 * A database seeded before this migration gets, once, the demo employer's branding (navbar, footer, promo banner,
 * hero image, contact link) when its `acme.example` configuration has none (a broken configuration is left as it
 * is), and the demo admin (admin@example.com) when no candidate uses that address there yet. A fresh database has
 * no employer at this point: the seed then stores both.
 */
export const pageShell: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('candidates')
      .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    const tables = db as unknown as Kysely<Tables>;
    const demo = await tables
      .selectFrom('employers')
      .select('pcsx_config_json')
      .where('domain', '=', DEMO_DOMAIN)
      .executeTakeFirst();
    if (!demo) return;
    const stored = storedConfigObject(demo.pcsx_config_json);
    if (stored && stored.branding === undefined) {
      await tables
        .updateTable('employers')
        .set({ pcsx_config_json: JSON.stringify({ ...stored, branding: DEMO_BRANDING }) })
        .where('domain', '=', DEMO_DOMAIN)
        .execute();
    }
    const admin = await tables
      .selectFrom('candidates')
      .select('email')
      .where('domain', '=', DEMO_DOMAIN)
      .where('email', '=', DEMO_ADMIN_EMAIL)
      .executeTakeFirst();
    if (admin) return;
    const now = new Date().toISOString();
    await tables
      .insertInto('candidates')
      .values({
        domain: DEMO_DOMAIN,
        email: DEMO_ADMIN_EMAIL,
        password_hash: await hashPassword(DEMO_PASSWORD),
        first_name: 'Ada',
        last_name: 'Admin',
        enc_id: randomBytes(12).toString('base64url'),
        location: '',
        has_resume: 0,
        tos_attested_at: now,
        is_onboarded: 1,
        is_bootstrapped: 1,
        created_at: now,
        is_admin: 1,
      })
      .execute();
  },

  async down(db) {
    await db.schema.alterTable('candidates').dropColumn('is_admin').execute();
  },
};
