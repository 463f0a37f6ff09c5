import type { Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * Forms the employer assigns to a candidate (`/careers/forms/center` and `/careers/forms`, `forms_list`;
 * docs/product/apply-and-drafts.md#forms-centre): one per (domain, candidate, form_key), the form being the employer's
 * `forms` row with that key. `status` is `open` (nothing saved), `in_progress` (answers saved) or `completed`
 * (submitted; read-only from then on, `completed_at` set); `values_json` holds the answers saved or submitted (files as
 * base64 for now).
 */
export const formAssignments: Migration = {
  async up(db) {
    await withIdColumn(db, db.schema.createTable('form_assignments'))
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('form_key', 'varchar(100)', (col) => col.notNull())
      .addColumn('status', 'varchar(20)', (col) => col.notNull())
      .addColumn('values_json', 'text', (col) => col.notNull())
      .addColumn('assigned_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('completed_at', TIMESTAMP)
      .addUniqueConstraint('form_assignments_owner_form', ['domain', 'candidate_id', 'form_key'])
      .execute();
    await db.schema
      .createIndex('form_assignments_candidate_idx')
      .on('form_assignments')
      .columns(['candidate_id', 'domain', 'status'])
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('form_assignments').execute();
  },
};
