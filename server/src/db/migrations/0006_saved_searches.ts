import { sql, type Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * Saved searches (`savedSearchMetadata`, docs/product/search.md#saved-searches): a signed-in candidate keeps search
 * parameters (query, location, filters, sort) and is told in the bell when a newly published position matches one. Two
 * employer switches: `notificationsConfig.notificationKeys.savedSearchNotification.enabled`
 * (off unless set) and `loginSignupConfig.candidateLoginEnabled` (on unless set); saved searches need both.
 * `params_key` is a hash of the parameters in canonical form, unique per candidate (saving twice is harmless).
 */
export const savedSearches: Migration = {
  async up(db) {
    await db.schema
      .alterTable('employers')
      .addColumn('saved_search_notification_enabled', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('employers')
      .addColumn('candidate_login_enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await withIdColumn(db, db.schema.createTable('saved_searches'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('params_key', 'varchar(64)', (col) => col.notNull())
      .addColumn('query', 'varchar(200)', (col) => col.notNull())
      .addColumn('location', 'varchar(300)', (col) => col.notNull())
      /** JSON object: filter name to its values. */
      .addColumn('filters', 'text', (col) => col.notNull())
      .addColumn('sort_by', 'varchar(20)', (col) => col.notNull())
      /** The language the candidate saved it in (their alerts' language), or null. */
      .addColumn('language', 'varchar(35)')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('saved_searches_candidate_params_key', ['candidate_id', 'params_key'])
      .addCheckConstraint('saved_searches_sort_check', sql`sort_by in ('relevance', 'date', 'distance')`)
      .execute();
    await db.schema.createIndex('saved_searches_domain_idx').on('saved_searches').columns(['domain']).execute();
  },

  async down(db) {
    await db.schema.dropTable('saved_searches').execute();
    await db.schema.alterTable('employers').dropColumn('candidate_login_enabled').execute();
    await db.schema.alterTable('employers').dropColumn('saved_search_notification_enabled').execute();
  },
};
