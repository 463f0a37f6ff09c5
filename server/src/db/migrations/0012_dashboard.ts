import type { Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * The dashboard's records (`dashboard/interviews`, `/events`, `/referrals`; docs/product/dashboard.md):
 * - `interviews`: a candidate's interview for one of their applications (or a position), when (`starts_at`,
 *   `ends_at` in UTC, shown in `time_zone`, an IANA zone), how (`mode`: `onsite` with `location`, `video` with
 *   `video_url`, `phone`), with whom (`interviewers_json`: `[{ name, title }]`) and `status` (`scheduled` or
 *   `cancelled`);
 * - `career_events`: an employer's career events (fairs, open houses, webinars): `candidate_id` null for every
 *   candidate of the employer, else an invitation to that candidate only; `mode` `onsite` (with `location`) or
 *   `online`; `registration_url` where the candidate registers;
 * - `referrals`: who referred a candidate (`referrer_name`, `referrer_email`) to which position; one per
 *   candidate and position. Its status is not stored: it follows the candidate's application to that position.
 * Application statuses and their history stay in `applications` and `application_events` (0009); nudges are
 * computed from the candidate's records, not stored.
 */
export const dashboard: Migration = {
  async up(db) {
    await withIdColumn(db, db.schema.createTable('interviews'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('application_id', 'integer', (col) => col.references('applications.id').onDelete('set null'))
      .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (col) => col.notNull())
      .addColumn('starts_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('ends_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('time_zone', 'varchar(64)', (col) => col.notNull())
      .addColumn('mode', 'varchar(20)', (col) => col.notNull())
      .addColumn('location', 'varchar(500)')
      .addColumn('video_url', 'varchar(2000)')
      .addColumn('interviewers_json', 'text', (col) => col.notNull())
      .addColumn('status', 'varchar(20)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('interviews_candidate_idx')
      .on('interviews')
      .columns(['candidate_id', 'domain', 'starts_at'])
      .execute();

    await withIdColumn(db, db.schema.createTable('career_events'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.references('candidates.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('description', 'varchar(2000)', (col) => col.notNull())
      .addColumn('starts_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('ends_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('time_zone', 'varchar(64)', (col) => col.notNull())
      .addColumn('mode', 'varchar(20)', (col) => col.notNull())
      .addColumn('location', 'varchar(500)')
      .addColumn('registration_url', 'varchar(2000)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('career_events_domain_idx')
      .on('career_events')
      .columns(['domain', 'ends_at'])
      .execute();

    await withIdColumn(db, db.schema.createTable('referrals'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
      .addColumn('referrer_name', 'varchar(200)', (col) => col.notNull())
      .addColumn('referrer_email', 'varchar(254)')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('referrals_candidate_position', ['domain', 'candidate_id', 'position_id'])
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('referrals').execute();
    await db.schema.dropTable('career_events').execute();
    await db.schema.dropTable('interviews').execute();
  },
};
