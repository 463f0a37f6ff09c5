import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../db/types';
import { normalizeDomain } from '../employers/repository';

/** The mail a careers site sends (docs/product/accounts-and-mail.md#the-mail). */
export type MailKind =
  | 'verify_email'
  | 'account_exists'
  | 'sign_in_code'
  | 'no_account'
  | 'reset_password'
  | 'email_change'
  | 'email_changed'
  | 'application_received'
  | 'application_claim'
  | 'offer_waiting'
  | 'saved_search_alert'
  | 'job_alert'
  | 'job_alert_confirm';

export interface OutgoingMail {
  domain: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (such as `List-Unsubscribe`); names and values are checked by nodemailer. */
  headers?: Record<string, string>;
}

export interface StoredMail extends OutgoingMail {
  headers: Record<string, string>;
  id: number;
  messageId: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** `pending`: to deliver; `sent`; `failed`: gave up after the retries; `kept`: no SMTP server, shown in the inbox. */
type MailStatus = 'pending' | 'sent' | 'failed' | 'kept';

export function toStoredMail(row: Selectable<MailOutboxTable>): StoredMail {
  let headers: Record<string, string> = {};
  try {
    headers = JSON.parse(row.headers_json) as Record<string, string>;
  } catch {
    // Written by this module only; a broken value is sent without its extra headers rather than never.
  }
  return {
    id: row.id,
    domain: row.domain,
    kind: row.kind as MailKind,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers,
    messageId: row.message_id,
    status: row.status as MailStatus,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export interface Outbox {
  /**
   * Writes a mail to deliver, on `db` (pass the transaction of what causes the mail, so both are kept or neither).
   * Its Message-ID is fixed here: a delivery retried after a crash sends the same message.
   */
  enqueue(db: Kysely<Database>, mail: OutgoingMail, now: Date): Promise<number>;
  /** Tells the sender a mail was written (after the transaction commits), so it goes without waiting for a poll. */
  wake(): void;
}

/**
 * The outbox. `delivering`: an SMTP server is configured, so mail is written `pending` for the sender; otherwise it
 * is `kept` for the development inbox. `messageHost` is the host part of every Message-ID.
 */
export function createOutbox(options: { delivering: boolean; messageHost: string; onWake?: () => void }): Outbox {
  return {
    async enqueue(db, mail, now) {
      const at = now.toISOString();
      const row = await db
        .insertInto('mail_outbox')
        .values({
          message_id: `<${randomUUID()}@${options.messageHost}>`,
          domain: normalizeDomain(mail.domain),
          kind: mail.kind,
          recipient: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          headers_json: JSON.stringify(mail.headers ?? {}),
          status: options.delivering ? 'pending' : 'kept',
          next_attempt_at: at,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    wake() {
      options.onWake?.();
    },
  };
}

/** The kept and sent mail, newest first (the development inbox and tests read it). */
export async function listMail(
  db: Kysely<Database>,
  filter: { to?: string; limit?: number } = {},
): Promise<StoredMail[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (filter.to) query = query.where('recipient', '=', filter.to.trim().toLowerCase());
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 50)
    .execute();
  return rows.map(toStoredMail);
}

export async function findMail(db: Kysely<Database>, id: number): Promise<StoredMail | null> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStoredMail(row) : null;
}

/** How long delivered, failed and kept mail stays in the outbox (its bodies hold names, links and codes). */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes the mail past MAIL_RETENTION_MS that no longer waits for delivery; returns how many. */
export async function purgeOldMail(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', '<>', 'pending')
    .where('created_at', '<', new Date(now.getTime() - MAIL_RETENTION_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
