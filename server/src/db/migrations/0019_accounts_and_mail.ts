import { sql, type Kysely, type Migration } from 'kysely';
import { TIMESTAMP, withIdColumn } from './helpers';

/**
 * Candidate accounts and the mail a careers site sends (docs/product/accounts-and-mail.md):
 * - `candidates.email_verified_at`: when the candidate proved they read the address's mail. Accounts made before
 *   this migration (the demo's and the CLI's) were made by an operator, so count as verified when they were made.
 * - `employers.candidate_signup_enabled` (on unless turned off) and `signup_consent_text` (the employer's words
 *   beside the sign-up form; null: the product's own).
 * - `account_tokens`: one row per mailed link or code, stored only as a keyed hash, single use, with an expiry and
 *   a count of wrong tries; `data_json` holds what the link finishes (a sign-up's name and password hash, where to
 *   go next, the pending action).
 * - `mail_outbox`: each mail written in the same transaction as what caused it, delivered by the sender with
 *   retries; `message_id` is fixed when the mail is written, so a mail sent again after a crash is the same message.
 */
export const accountsAndMail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('candidates').addColumn('email_verified_at', TIMESTAMP).execute();
    await sql`update candidates set email_verified_at = created_at`.execute(db);
    await db.schema
      .alterTable('employers')
      .addColumn('candidate_signup_enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('employers').addColumn('signup_consent_text', 'text').execute();

    await withIdColumn(db, db.schema.createTable('account_tokens'))
      .addColumn('purpose', 'varchar(32)', (col) => col.notNull())
      .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('domain', 'varchar(253)', (col) => col.notNull())
      .addColumn('email', 'varchar(254)', (col) => col.notNull())
      .addColumn('candidate_id', 'integer', (col) => col.references('candidates.id').onDelete('cascade'))
      .addColumn('data_json', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('expires_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('used_at', TIMESTAMP)
      .execute();
    await db.schema
      .createIndex('account_tokens_subject_idx')
      .on('account_tokens')
      .columns(['purpose', 'domain', 'email'])
      .execute();
    await db.schema.createIndex('account_tokens_expiry_idx').on('account_tokens').columns(['expires_at']).execute();

    await withIdColumn(db, db.schema.createTable('mail_outbox'))
      .addColumn('message_id', 'varchar(200)', (col) => col.notNull().unique())
      .addColumn('domain', 'varchar(253)', (col) => col.notNull())
      .addColumn('kind', 'varchar(40)', (col) => col.notNull())
      .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
      .addColumn('subject', 'varchar(500)', (col) => col.notNull())
      .addColumn('text_body', 'text', (col) => col.notNull())
      .addColumn('html_body', 'text', (col) => col.notNull())
      .addColumn('headers_json', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('status', 'varchar(16)', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('lease_until', TIMESTAMP)
      .addColumn('last_error', 'text')
      .addColumn('created_at', TIMESTAMP, (col) => col.notNull())
      .addColumn('sent_at', TIMESTAMP)
      .execute();
    await db.schema
      .createIndex('mail_outbox_due_idx')
      .on('mail_outbox')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema.createIndex('mail_outbox_recipient_idx').on('mail_outbox').columns(['recipient']).execute();
  },

  async down(db) {
    await db.schema.dropTable('mail_outbox').execute();
    await db.schema.dropTable('account_tokens').execute();
    await db.schema.alterTable('employers').dropColumn('signup_consent_text').execute();
    await db.schema.alterTable('employers').dropColumn('candidate_signup_enabled').execute();
    await db.schema.alterTable('candidates').dropColumn('email_verified_at').execute();
  },
};
