import { sql, type Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/** Employers, candidates, sessions, notifications and page views. */
export const initial: Migration = {
  async up(db) {
    await db.schema
      .createTable('employers')
      .addColumn('domain', 'varchar(253)', (col) => col.primaryKey())
      .addColumn('company_name', 'varchar(200)', (col) => col.notNull())
      .addColumn('notifications_enabled', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`notifications_enabled in (0, 1)`),
      )
      .addColumn('action_required_configured', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`action_required_configured in (0, 1)`),
      )
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await withIdColumn(db, db.schema.createTable('candidates'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
      .addColumn('first_name', 'varchar(100)', (col) => col.notNull())
      .addColumn('last_name', 'varchar(100)', (col) => col.notNull())
      .addColumn('enc_id', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('location', 'varchar(200)', (col) => col.notNull().defaultTo(''))
      .addColumn('has_resume', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`has_resume in (0, 1)`),
      )
      .addColumn('tos_attested_at', TIMESTAMP)
      .addColumn('is_onboarded', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`is_onboarded in (0, 1)`),
      )
      .addColumn('is_bootstrapped', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`is_bootstrapped in (0, 1)`),
      )
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('candidates_domain_email_key', ['domain', 'email'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('candidate_id', 'integer', (col) => col.references('candidates.id').onDelete('cascade'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('csrf_token', 'varchar(64)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('last_seen_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
    await db.schema.createIndex('sessions_candidate_id_idx').on('sessions').column('candidate_id').execute();

    await withIdColumn(db, db.schema.createTable('notifications'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('category_title', 'varchar(100)', (col) => col.notNull())
      .addColumn('message', 'varchar(1000)', (col) => col.notNull())
      .addColumn('notification_type', 'varchar(20)', (col) =>
        col.notNull().check(sql`notification_type in ('read_only', 'action_required')`),
      )
      .addColumn('redirect_url', 'varchar(2000)')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('viewed_at', TIMESTAMP)
      .addColumn('clicked_at', TIMESTAMP)
      .execute();
    await db.schema
      .createIndex('notifications_candidate_created_idx')
      .on('notifications')
      .columns(['candidate_id', 'created_at'])
      .execute();

    await withIdColumn(db, db.schema.createTable('page_views'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.references('candidates.id').onDelete('set null'))
      .addColumn('pid', 'varchar(64)')
      .addColumn('namespace', 'varchar(100)', (col) => col.notNull())
      .addColumn('event', 'varchar(100)', (col) => col.notNull())
      .addColumn('data_json', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('page_views_domain_created_idx')
      .on('page_views')
      .columns(['domain', 'created_at'])
      .execute();
  },

  async down(db) {
    for (const table of ['page_views', 'notifications', 'sessions', 'candidates', 'employers']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
