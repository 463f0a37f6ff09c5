import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { sha256Hex } from './tokens';

/** One limit: at most `limit` counted events per subject in fixed windows of `windowMs`. */
export interface LimitRule {
  /** Part of the stored key, so two limits never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
}

interface LimitHit {
  /** Events counted in the current window, this one included. */
  count: number;
  /** True once the count is over the rule's limit. */
  blocked: boolean;
  /** Milliseconds until the current window ends. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters in the database (table `rate_limits`), so every server process on one database counts
 * together. Each count is one atomic upsert (`INSERT … ON CONFLICT DO UPDATE … RETURNING`, on SQLite and
 * PostgreSQL alike): concurrent requests get distinct counts, and an expired window restarts at 1.
 */
export interface RateLimiter {
  /**
   * Counts one event (or `amount` units, such as bytes of a quota) for `subject` and says whether it is over the
   * limit.
   */
  hit(rule: LimitRule, subject: string, now: Date, amount?: number): Promise<LimitHit>;
  /** Takes one event (or `amount` units) back: counted ahead, it turned out not to count (a successful sign-in). */
  undo(rule: LimitRule, subject: string, now: Date, amount?: number): Promise<void>;
  /** Forgets the subject's counter. */
  reset(rule: LimitRule, subject: string): Promise<void>;
  /** Deletes the counters whose window has ended; returns how many. */
  purgeExpired(now: Date): Promise<number>;
}

const keyOf = (rule: LimitRule, subject: string) => sha256Hex(`${rule.name}\n${subject}`);

export function createRateLimiter(db: Kysely<Database>): RateLimiter {
  return {
    async hit(rule, subject, now, amount = 1) {
      const current = now.toISOString();
      const windowEnd = new Date(now.getTime() + rule.windowMs).toISOString();
      const expired = sql<boolean>`rate_limits.window_ends_at <= ${current}`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key: keyOf(rule, subject), count: amount, window_ends_at: windowEnd })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            // Both expressions read the row as it was before the update.
            count: sql<number>`case when ${expired} then excluded.count else rate_limits.count + excluded.count end`,
            window_ends_at: sql<string>`case when ${expired} then excluded.window_ends_at else rate_limits.window_ends_at end`,
          }),
        )
        .returning(['count', 'window_ends_at'])
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      return {
        count,
        blocked: count > rule.limit,
        retryAfterMs: Math.max(0, Date.parse(row.window_ends_at) - now.getTime()),
      };
    },

    async undo(rule, subject, now, amount = 1) {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`case when count > ${amount} then count - ${amount} else 0 end` })
        .where('key', '=', keyOf(rule, subject))
        .where('window_ends_at', '>', now.toISOString())
        .where('count', '>', 0)
        .execute();
    },

    async reset(rule, subject) {
      await db.deleteFrom('rate_limits').where('key', '=', keyOf(rule, subject)).execute();
    },

    async purgeExpired(now) {
      const result = await db
        .deleteFrom('rate_limits')
        .where('window_ends_at', '<=', now.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** Deletes ended windows every 10 minutes while the app runs (any process may; the delete is idempotent). */
export function registerRateLimitPurge(app: FastifyInstance, limiter: RateLimiter): RateLimiter {
  const purge = setInterval(() => {
    limiter
      .purgeExpired(new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'rate limit purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  return limiter;
}
