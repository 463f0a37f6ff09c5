import { createHmac, randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { normalizeEmail } from '../candidates/repository';
import { SIGN_IN_CODE_LENGTH } from '../contract';
import type { AccountTokensTable, Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { constantTimeEqual, randomToken } from './tokens';

/** What a mailed link or code is for (docs/product/accounts-and-mail.md#links-and-codes). */
export type TokenPurpose =
  'verify_email' | 'sign_in_code' | 'reset_password' | 'email_change' | 'claim' | 'alert_confirm';

/** How long each kind lives. */
const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  sign_in_code: 15 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
  claim: 30 * 24 * 60 * 60 * 1000,
  alert_confirm: 7 * 24 * 60 * 60 * 1000,
};

/** Wrong codes one code takes before it stops working (a new one must be asked for). */
const MAX_CODE_ATTEMPTS = 5;

interface AccountToken {
  id: number;
  purpose: TokenPurpose;
  domain: string;
  email: string;
  candidateId: number | null;
  data: Record<string, unknown>;
  expiresAt: string;
}

function toToken(row: Selectable<AccountTokensTable>): AccountToken {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(row.data_json) as Record<string, unknown>;
  } catch {
    // Written by this module only.
  }
  return {
    id: row.id,
    purpose: row.purpose as TokenPurpose,
    domain: row.domain,
    email: row.email,
    candidateId: row.candidate_id,
    data,
    expiresAt: row.expires_at,
  };
}

export interface AccountTokens {
  /**
   * Stores a new link token (random, 256 bits) and returns it; only its keyed hash is kept. For `sign_in_code`,
   * a six-digit code: earlier unused codes of the same address end.
   */
  issue(
    db: Kysely<Database>,
    input: { purpose: TokenPurpose; domain: string; email: string; candidateId?: number | null; data?: object },
    now: Date,
  ): Promise<string>;
  /** The unexpired, unused token of a link, without using it (a page shows what following the link will do). */
  peek(purpose: TokenPurpose, token: string, now: Date): Promise<AccountToken | null>;
  /** Uses a link token: one atomic update, so of two concurrent uses exactly one gets the token. */
  consume(db: Kysely<Database>, purpose: TokenPurpose, token: string, now: Date): Promise<AccountToken | null>;
  /**
   * Uses the latest code of an address when `code` matches it (compared in constant time); a wrong code counts
   * against it, and it ends after MAX_CODE_ATTEMPTS.
   */
  consumeCode(domain: string, email: string, code: string, now: Date): Promise<AccountToken | null>;
  purgeExpired(now: Date): Promise<number>;
}

/**
 * Mailed links and codes. Stored as HMAC-SHA256 under a server secret (shared through the database), so a copy of
 * the database alone neither gives usable links nor lets six-digit codes be tried offline.
 */
export function createAccountTokens(db: Kysely<Database>, secret: Buffer): AccountTokens {
  const hashOf = (purpose: TokenPurpose, value: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${value}`, 'utf8').digest('hex');
  const codeSubject = (domain: string, email: string, code: string) =>
    `${normalizeDomain(domain)}\n${normalizeEmail(email)}\n${code}`;

  return {
    async issue(target, { purpose, domain, email, candidateId = null, data = {} }, now) {
      const at = now.toISOString();
      let token: string;
      let hash: string;
      if (purpose === 'sign_in_code') {
        token = String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');
        // The code is bound to its address; a random salt keeps two addresses' equal codes apart in the unique
        // hash column.
        const salt = randomToken(12);
        hash = hashOf(purpose, `${codeSubject(domain, email, token)}\n${salt}`);
        await target
          .updateTable('account_tokens')
          .set({ used_at: at })
          .where('purpose', '=', purpose)
          .where('domain', '=', normalizeDomain(domain))
          .where('email', '=', normalizeEmail(email))
          .where('used_at', 'is', null)
          .execute();
        await target
          .insertInto('account_tokens')
          .values({
            purpose,
            token_hash: hash,
            domain: normalizeDomain(domain),
            email: normalizeEmail(email),
            candidate_id: candidateId,
            data_json: JSON.stringify({ ...data, salt }),
            created_at: at,
            expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
          })
          .execute();
        return token;
      }
      token = randomToken(32);
      hash = hashOf(purpose, token);
      await target
        .insertInto('account_tokens')
        .values({
          purpose,
          token_hash: hash,
          domain: normalizeDomain(domain),
          email: normalizeEmail(email),
          candidate_id: candidateId,
          data_json: JSON.stringify(data),
          created_at: at,
          expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
        })
        .execute();
      return token;
    },

    async peek(purpose, token, now) {
      const row = await db
        .selectFrom('account_tokens')
        .selectAll()
        .where('token_hash', '=', hashOf(purpose, token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row ? toToken(row) : null;
    },

    async consume(target, purpose, token, now) {
      const at = now.toISOString();
      const row = await target
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', hashOf(purpose, token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returningAll()
        .executeTakeFirst();
      return row ? toToken(row) : null;
    },

    async consumeCode(domain, email, code, now) {
      const at = now.toISOString();
      const row = await db
        .selectFrom('account_tokens')
        .selectAll()
        .where('purpose', '=', 'sign_in_code')
        .where('domain', '=', normalizeDomain(domain))
        .where('email', '=', normalizeEmail(email))
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return null;
      const { salt } = toToken(row).data as { salt?: string };
      const expected = hashOf('sign_in_code', `${codeSubject(domain, email, code)}\n${salt ?? ''}`);
      if (!constantTimeEqual(expected, row.token_hash)) {
        await db
          .updateTable('account_tokens')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        return null;
      }
      const used = await db
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('attempts', '<', MAX_CODE_ATTEMPTS)
        .returningAll()
        .executeTakeFirst();
      return used ? toToken(used) : null;
    },

    async purgeExpired(now) {
      const result = await db
        .deleteFrom('account_tokens')
        .where('expires_at', '<=', now.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
