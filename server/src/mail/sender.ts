import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { toStoredMail, type StoredMail } from './outbox';

/** Delivers one mail; throws when the SMTP server refuses it or cannot be reached. */
export interface MailTransport {
  send(mail: StoredMail, from: string): Promise<void>;
  close(): void;
}

/** Delivery tries before a mail is marked `failed`: about 17 hours of backoff in all. */
export const MAX_ATTEMPTS = 10;
/** The first retry waits 30 s, each next one twice as long, at most 2 hours. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 2 * 60 * 60 * 1000;
/** A process holds a mail this long while sending it; a crash frees it for another process after that. */
const LEASE_MS = 2 * 60 * 1000;
/** Mail looked for on each pass. */
const BATCH = 20;

export const retryDelayMs = (attempts: number): number =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface MailSender {
  /** Delivers what is due now; returns how many were sent. */
  runOnce(now?: Date): Promise<{ sent: number; failed: number }>;
  /** Starts polling (every `pollMs`) and delivering at once when woken. */
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The outbox's sender. Each due mail is leased with one conditional update (`lease_until` past or empty), so of
 * several server processes on one database exactly one sends it; a crash between the SMTP server's acceptance and
 * the `sent` mark leaves the lease to expire, and the mail goes again with the same Message-ID.
 */
export function createMailSender(options: {
  db: Kysely<Database>;
  transport: MailTransport;
  from: string;
  pollMs?: number;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}): MailSender {
  const { db, transport, from, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(now: Date) {
    const at = now.toISOString();
    const due = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let sent = 0;
    let failed = 0;
    for (const row of due) {
      const leased = await db
        .updateTable('mail_outbox')
        .set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .executeTakeFirst();
      if (Number(leased.numUpdatedRows) !== 1) continue;
      const attempts = row.attempts + 1;
      try {
        await transport.send(toStoredMail(row), from);
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', attempts, sent_at: new Date().toISOString(), lease_until: null, last_error: null })
          .where('id', '=', row.id)
          .execute();
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= MAX_ATTEMPTS;
        await db
          .updateTable('mail_outbox')
          .set({
            status: giveUp ? 'failed' : 'pending',
            attempts,
            lease_until: null,
            last_error: message.slice(0, 1000),
            next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
        failed += 1;
        (giveUp ? log.error : log.warn).call(
          log,
          { mailId: row.id, kind: row.kind, attempts, err: message },
          giveUp ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
        );
      }
    }
    return { sent, failed, more: due.length === BATCH };
  }

  async function pass() {
    do {
      again = false;
      let result;
      do {
        result = await deliver(new Date());
      } while (result.more && !stopped);
    } while (again && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, 'mail sender pass failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    async runOnce(now = new Date()) {
      const { sent, failed } = await deliver(now);
      return { sent, failed };
    },
    start() {
      timer = setInterval(wake, options.pollMs ?? 5000);
      timer.unref();
      wake();
    },
    wake,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
