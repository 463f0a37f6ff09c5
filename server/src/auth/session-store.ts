import type { Kysely, Selectable } from 'kysely';
import { DatabaseBusyError } from '../db/busy';
import type { Database, SessionsTable } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { randomToken, sha256Hex } from './tokens';

/** Sessions end after 8 hours without a request (sliding). */
const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Activity is written back at most once a minute per session, not on every request. */
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export interface Session {
  /** SHA-256 of the cookie token (the database key). */
  id: string;
  candidateId: number | null;
  domain: string;
  csrfToken: string;
  lastSeenAt: string;
  expiresAt: string;
}

function toSession(row: Selectable<SessionsTable>): Session {
  return {
    id: row.id,
    candidateId: row.candidate_id,
    domain: row.domain,
    csrfToken: row.csrf_token,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

const expiryFrom = (now: Date) => new Date(now.getTime() + SESSION_IDLE_MS).toISOString();

export interface SessionStore {
  /** Creates a session and returns the raw cookie token (shown once, stored only as a hash). */
  create(
    input: { candidateId: number | null; domain: string },
    now: Date,
  ): Promise<{ token: string; session: Session }>;
  /** The unexpired session for a cookie token, extending its idle expiry; expired sessions are deleted. */
  findActive(token: string, now: Date): Promise<Session | null>;
  destroy(id: string): Promise<void>;
  /** Ends every session of a candidate (a password reset). */
  destroyAllOf(candidateId: number): Promise<void>;
  purgeExpired(now: Date): Promise<number>;
}

export function createSessionStore(db: Kysely<Database>): SessionStore {
  return {
    async create({ candidateId, domain }, now) {
      const token = randomToken(32);
      const row: Selectable<SessionsTable> = {
        id: sha256Hex(token),
        candidate_id: candidateId,
        domain: normalizeDomain(domain),
        csrf_token: randomToken(32),
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: expiryFrom(now),
      };
      await db.insertInto('sessions').values(row).execute();
      return { token, session: toSession(row) };
    },

    async findActive(token, now) {
      const id = sha256Hex(token);
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      if (row.expires_at <= now.toISOString()) {
        await db.deleteFrom('sessions').where('id', '=', id).execute();
        return null;
      }
      const session = toSession(row);
      if (now.getTime() - Date.parse(row.last_seen_at) >= SESSION_TOUCH_INTERVAL_MS) {
        const touched = { lastSeenAt: now.toISOString(), expiresAt: expiryFrom(now) };
        try {
          await db
            .updateTable('sessions')
            .set({ last_seen_at: touched.lastSeenAt, expires_at: touched.expiresAt })
            .where('id', '=', id)
            .execute();
          Object.assign(session, touched);
        } catch (error) {
          // Recording activity is not what the request asked for: while another process holds SQLite's write
          // lock, a read goes on with the session as it was (the next request records the activity).
          if (!(error instanceof DatabaseBusyError)) throw error;
        }
      }
      return session;
    },

    async destroy(id) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async destroyAllOf(candidateId) {
      await db.deleteFrom('sessions').where('candidate_id', '=', candidateId).execute();
    },

    async purgeExpired(now) {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
