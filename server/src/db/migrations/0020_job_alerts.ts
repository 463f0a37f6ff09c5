import type { Kysely, Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * Job alerts of signed-out visitors (docs/product/accounts-and-mail.md#job-alerts): a search subscribed to an email,
 * one per employer, email and search (`params_key`, as saved searches). Nothing is sent before `confirmed_at` (the
 * confirmation link); `unsubscribed_at` ends it (the mail's one-click unsubscribe).
 */
export const jobAlerts: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('job_alerts'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('params_key', 'varchar(64)', (col) => col.notNull())
      .addColumn('query', 'varchar(200)', (col) => col.notNull())
      .addColumn('location', 'varchar(300)', (col) => col.notNull())
      .addColumn('filters', 'text', (col) => col.notNull())
      .addColumn('sort_by', 'varchar(16)', (col) => col.notNull())
      .addColumn('language', 'varchar(35)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('confirmed_at', TIMESTAMP)
      .addColumn('unsubscribed_at', TIMESTAMP)
      .addUniqueConstraint('job_alerts_subject_key', ['domain', 'email', 'params_key'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('job_alerts').execute();
  },
};
