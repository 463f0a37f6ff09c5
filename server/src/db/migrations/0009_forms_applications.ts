import type { Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * Application forms, applications and draft applications (docs/product/apply-and-drafts.md, forms as
 * data: docs/product/forms-toolkit.md#forms-as-data):
 * - `forms`: an employer's form definitions (contract `FormDefinition` as JSON), one per `form_key`; the key
 *   `application` is the employer's default application form;
 * - `positions.application_form_key`: a position's own application form (null: the employer's default);
 * - `applications`: one per position and applicant, unique per (domain, position, email); `email` is lower case
 *   (the candidate's account email when signed in, else the form's email answer); `candidate_id` is the account
 *   the application belongs to (signed in, or an existing account with that email), else null; `answers_json`
 *   holds the form's answers as sent (uploaded files as base64 for now); `status` the current status;
 * - `application_events`: the status history of an application (`submitted` first), oldest first;
 * - `draft_applications`: a signed-in candidate's unfinished application for a set of positions
 *   (`position_ids`: the ids sorted and comma-joined), one per candidate and set.
 */
export const formsApplications: Migration = {
  async up(db) {
    await withIdColumn(db, db.schema.createTable('forms'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('form_key', 'varchar(100)', (col) => col.notNull())
      .addColumn('title', 'varchar(500)', (col) => col.notNull())
      /** The contract's FormDefinition as JSON. */
      .addColumn('definition_json', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('forms_domain_form_key', ['domain', 'form_key'])
      .execute();

    await db.schema.alterTable('positions').addColumn('application_form_key', 'varchar(100)').execute();

    await withIdColumn(db, db.schema.createTable('applications'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.references('candidates.id').onDelete('set null'))
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('answers_json', 'text', (col) => col.notNull())
      .addColumn('status', 'varchar(40)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('applications_domain_position_email', ['domain', 'position_id', 'email'])
      .execute();
    await db.schema
      .createIndex('applications_candidate_idx')
      .on('applications')
      .columns(['candidate_id', 'domain'])
      .execute();
    await db.schema.createIndex('applications_position_idx').on('applications').columns(['position_id']).execute();

    await withIdColumn(db, db.schema.createTable('application_events'))
      .addColumn('application_id', 'integer', (col) => col.notNull().references('applications.id').onDelete('cascade'))
      .addColumn('status', 'varchar(40)', (col) => col.notNull())
      .addColumn('at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('application_events_application_idx')
      .on('application_events')
      .columns(['application_id', 'at'])
      .execute();

    await withIdColumn(db, db.schema.createTable('draft_applications'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      /** The position ids, sorted ascending and comma-joined ("3,17"). */
      .addColumn('position_ids', 'varchar(250)', (col) => col.notNull())
      .addColumn('values_json', 'text', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addUniqueConstraint('draft_applications_owner_positions', ['domain', 'candidate_id', 'position_ids'])
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('draft_applications').execute();
    await db.schema.dropTable('application_events').execute();
    await db.schema.dropTable('applications').execute();
    await db.schema.alterTable('positions').dropColumn('application_form_key').execute();
    await db.schema.dropTable('forms').execute();
  },
};
