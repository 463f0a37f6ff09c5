import type { Migration } from 'kysely';

/**
 * The candidate's settings (docs/product/settings-and-data.md): `candidates.language`, the language they chose for the
 * careers site and the texts sent to them (saved-search alerts), null until they choose; `candidates.saved_search_alerts`,
 * whether a newly published position matching a saved search notifies them at all (1 unless switched off); and
 * `saved_searches.alerts_enabled`, the same switch for one saved search.
 */
export const settings: Migration = {
  async up(db) {
    await db.schema.alterTable('candidates').addColumn('language', 'varchar(35)').execute();
    await db.schema
      .alterTable('candidates')
      .addColumn('saved_search_alerts', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('saved_searches')
      .addColumn('alerts_enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  },

  async down(db) {
    await db.schema.alterTable('saved_searches').dropColumn('alerts_enabled').execute();
    await db.schema.alterTable('candidates').dropColumn('saved_search_alerts').execute();
    await db.schema.alterTable('candidates').dropColumn('language').execute();
  },
};
