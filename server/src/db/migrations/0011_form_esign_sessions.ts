import { sql, type Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * E-sign sessions of form questions (`esignForm`, docs/product/forms-toolkit.md#e-sign-and-embedded-forms): the
 * reference e-sign server signs a question of a form the employer assigned to a candidate, beside offer documents
 * (`esign_sessions`, unchanged). One row per signing link of (assignment, item name): `token` (the link's secret,
 * unique) and `signer_key` (the second secret, handed only to the assignment's candidate in the link's fragment),
 * `status` `pending`, `signed` or `rejected`, who signed and when. A new pending session follows a rejected one (the
 * candidate may change their mind); at most one session of a question is pending at a time (partial unique index). Rows
 * go with their assignment.
 */
export const formEsignSessions: Migration = {
  async up(db) {
    await withIdColumn(db, db.schema.createTable('form_esign_sessions'))
      .addColumn('token', 'varchar(128)', (col) => col.notNull().unique())
      .addColumn('signer_key', 'varchar(64)', (col) => col.notNull())
      .addColumn('assignment_id', 'integer', (col) =>
        col.notNull().references('form_assignments.id').onDelete('cascade'),
      )
      .addColumn('item_name', 'varchar(100)', (col) => col.notNull())
      .addColumn('status', 'varchar(20)', (col) =>
        col.notNull().check(sql`status in ('pending', 'signed', 'rejected')`),
      )
      .addColumn('signer_name', 'varchar(250)')
      .addColumn('completed_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('form_esign_sessions_item_idx')
      .on('form_esign_sessions')
      .columns(['assignment_id', 'item_name'])
      .execute();
    await db.schema
      .createIndex('form_esign_sessions_one_pending')
      .on('form_esign_sessions')
      .columns(['assignment_id', 'item_name'])
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('form_esign_sessions').execute();
  },
};
