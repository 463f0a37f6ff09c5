import { sql, type Migration } from 'kysely';
import { databaseKind } from '../dialect';
import { TIMESTAMP, withIdColumn } from './helpers';

const OFFER_STATUSES = [
  'Extended',
  'Declined',
  'Accepted',
  'Canceled',
  'Rejected',
  'Contract Accepted',
  'Contract Extended',
];
const DOCUMENT_STATUSES = ['Pending', 'Signed', 'Unsigned', 'Read Only'];

/** `column in ('a', 'b')` for a CHECK constraint (values are constants of this file, never input). */
const oneOf = (column: string, values: string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`);

/**
 * Offers, offer documents, stored files (bytes in the database), e-sign sessions, and the employer's
 * terms-of-service settings.
 */
export const offers: Migration = {
  async up(db) {
    const blob = databaseKind(db) === 'postgres' ? 'bytea' : 'blob';

    // SQLite adds one column per statement.
    const employerColumns: Array<[string, 'integer' | 'text' | 'varchar(200)']> = [
      ['tos_heading_text', 'varchar(200)'],
      ['tos_helper_text', 'text'],
      ['tos_info_text', 'text'],
      ['tos_disclaimer_text', 'text'],
      ['tos_submit_button_text', 'varchar(200)'],
    ];
    await db.schema
      .alterTable('employers')
      .addColumn('tos_enabled', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`tos_enabled in (0, 1)`),
      )
      .execute();
    for (const [name, type] of employerColumns) {
      await db.schema.alterTable('employers').addColumn(name, type).execute();
    }

    await withIdColumn(db, db.schema.createTable('stored_files'))
      .addColumn('name', 'varchar(100)', (col) => col.notNull().unique())
      .addColumn('content', sql.raw(blob), (col) => col.notNull())
      .addColumn('byte_size', 'integer', (col) => col.notNull().check(sql`byte_size >= 0`))
      .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
      .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();

    await withIdColumn(db, db.schema.createTable('offers'))
      .addColumn('enc_id', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('domain', 'varchar(253)', (col) => col.notNull().references('employers.domain').onDelete('cascade'))
      .addColumn('candidate_id', 'integer', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('position_name', 'varchar(200)', (col) => col.notNull())
      .addColumn('status', 'varchar(30)', (col) => col.notNull().check(oneOf('status', OFFER_STATUSES)))
      .addColumn('acceptance', 'varchar(20)', (col) =>
        col.notNull().check(oneOf('acceptance', ['documents', 'upload'])),
      )
      .addColumn('expires_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('offers_candidate_created_idx')
      .on('offers')
      .columns(['candidate_id', 'created_at'])
      .execute();

    await withIdColumn(db, db.schema.createTable('offer_documents'))
      .addColumn('offer_id', 'integer', (col) => col.notNull().references('offers.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('document_type', 'varchar(50)', (col) => col.notNull())
      .addColumn('status', 'varchar(20)', (col) => col.notNull().check(oneOf('status', DOCUMENT_STATUSES)))
      .addColumn('signing', 'varchar(20)', (col) =>
        col.notNull().check(oneOf('signing', ['embedded', 'esign', 'none'])),
      )
      .addColumn('original_file_id', 'integer', (col) => col.references('stored_files.id'))
      .addColumn('signed_file_id', 'integer', (col) => col.references('stored_files.id'))
      .addColumn('signed_at', TIMESTAMP)
      .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('offer_documents_offer_idx').on('offer_documents').column('offer_id').execute();

    await withIdColumn(db, db.schema.createTable('esign_sessions'))
      .addColumn('token', 'varchar(128)', (col) => col.notNull().unique())
      .addColumn('document_id', 'integer', (col) => col.notNull().references('offer_documents.id').onDelete('cascade'))
      .addColumn('status', 'varchar(20)', (col) =>
        col.notNull().check(oneOf('status', ['pending', 'signed', 'rejected'])),
      )
      .addColumn('signer_name', 'varchar(250)')
      .addColumn('completed_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('esign_sessions_document_idx').on('esign_sessions').column('document_id').execute();
  },

  async down(db) {
    for (const table of ['esign_sessions', 'offer_documents', 'offers', 'stored_files']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    for (const column of [
      'tos_submit_button_text',
      'tos_disclaimer_text',
      'tos_info_text',
      'tos_helper_text',
      'tos_heading_text',
      'tos_enabled',
    ]) {
      await db.schema.alterTable('employers').dropColumn(column).execute();
    }
  },
};
