import type { Kysely, Migration } from 'kysely';
import { DEMO_PCSX_CONFIG } from '../../employers/demo-config';
import { serializeEmployerPcsxConfig } from '../../employers/pcsx-config';

/** The demo employer's domain (the seed's `DEMO_DOMAIN`), spelled out so this migration stays as shipped. */
const DEMO_DOMAIN = 'acme.example';

/**
 * Per-employer widget configuration (docs/product/shell.md#starting-data): `employers.pcsx_config_json`, a JSON object
 * with the employer's `searchConfig`, `jobCartConfig` and `positionDetailsConfig` (contract `PcsxConfig`), or null for
 * the widgets' defaults. Text on both databases (no JSON type), read and checked by the employer repository: a value
 * that is not valid JSON or does not match the contract is logged and ignored, never breaks a page.
 *
 * A database seeded before this migration gets the demo configuration here, once: only the `acme.example` row, and
 * only when it has none (a fresh database has no employer yet at this point; the seed then stores it).
 */
export const employerPcsxConfig: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('employers').addColumn('pcsx_config_json', 'text').execute();
    const employers = db as unknown as Kysely<{ employers: { domain: string; pcsx_config_json: string | null } }>;
    await employers
      .updateTable('employers')
      .set({ pcsx_config_json: serializeEmployerPcsxConfig(DEMO_PCSX_CONFIG) })
      .where('domain', '=', DEMO_DOMAIN)
      .where('pcsx_config_json', 'is', null)
      .execute();
  },

  async down(db) {
    await db.schema.alterTable('employers').dropColumn('pcsx_config_json').execute();
  },
};
