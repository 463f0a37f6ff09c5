import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { normalizeDomain } from './repository';

/**
 * Origins the host-demo page is served from as a static page of its own (port 8082 and these host names), allowed
 * for the demo employer by the seed and, on a database seeded before them, by migration 0017. Written once here;
 * both import it.
 */
export const DEMO_ALLOWED_ORIGINS: readonly string[] = [
  'http://www.acme.localhost:8080',
  'http://localhost:8082',
  'http://127.0.0.1:8082',
  'http://www.acme-demo.localhost:8082',
];

/** Why an origin cannot be stored: shown as it is to the operator. */
export class OriginError extends Error {
  override name = 'OriginError';
}

/**
 * An origin as browsers send it in `Origin` (`https://www.acme.example`, `http://localhost:8082`): http or https,
 * no user, path, query or hash, host in lower case, the scheme's default port left out. Anything else throws an
 * `OriginError` saying what is wrong. Normalised as config.ts reads `PUBLIC_ORIGINS`, so the stored text compares
 * equal to the header a browser sends.
 */
export function normalizeOrigin(raw: string): string {
  const text = raw.trim();
  const example = 'such as https://www.acme.example or http://localhost:8082';
  if (text === '' || text === 'null') throw new OriginError(`"${raw}" is not an origin; give one ${example}.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OriginError(`"${raw}" is not an origin; give one ${example}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OriginError(`"${raw}" is not an http or https origin; give one ${example}.`);
  }
  if (url.username || url.password) {
    throw new OriginError(`"${raw}" holds a user name or password; give the origin alone, ${example}.`);
  }
  // `new URL` turns "https://a.example" into "https://a.example/": only a bare "/" path is the origin itself.
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(text)) {
    throw new OriginError(
      `"${raw}" has a path, query or fragment; an origin is scheme, host and port only, ${example}.`,
    );
  }
  return url.origin;
}

/** The origins allowed to call the careers API for one employer, with credentials (docs/product/routes-and-access.md#allowed-origins-and-cors). */
export interface AllowedOriginRepository {
  /** The employer's allowed origins, sorted; `null` when no employer uses the domain. */
  list(domain: string): Promise<string[] | null>;
  /** Allows an origin (normalised by the caller); false when it was already allowed. */
  add(domain: string, origin: string, now?: Date): Promise<boolean>;
  /** Stops allowing an origin; false when it was not allowed. */
  remove(domain: string, origin: string): Promise<boolean>;
  /** Whether the employer of `domain` allows the exact `origin` (as the browser sent it). */
  isAllowed(domain: string, origin: string): Promise<boolean>;
  /** Whether any employer allows the exact `origin` (a call that names no employer in its address: see http/cors.ts). */
  isAllowedAnywhere(origin: string): Promise<boolean>;
}

/**
 * Reads and writes `employer_allowed_origins`. Nothing is cached: several servers share one database, and an
 * origin an operator adds or removes must count on every one of them at once. `isAllowed` is one lookup on the
 * table's primary key, made only for calls from another origin.
 */
export function createAllowedOriginRepository(db: Kysely<Database>): AllowedOriginRepository {
  return {
    async list(domain) {
      const employer = await db
        .selectFrom('employers')
        .select('domain')
        .where('domain', '=', normalizeDomain(domain))
        .executeTakeFirst();
      if (!employer) return null;
      const rows = await db
        .selectFrom('employer_allowed_origins')
        .select('origin')
        .where('domain', '=', employer.domain)
        .orderBy('origin')
        .execute();
      return rows.map((row) => row.origin);
    },

    async add(domain, origin, now = new Date()) {
      const result = await db
        .insertInto('employer_allowed_origins')
        .values({ domain: normalizeDomain(domain), origin, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(['domain', 'origin']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async remove(domain, origin) {
      const result = await db
        .deleteFrom('employer_allowed_origins')
        .where('domain', '=', normalizeDomain(domain))
        .where('origin', '=', origin)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async isAllowed(domain, origin) {
      const row = await db
        .selectFrom('employer_allowed_origins')
        .select('origin')
        .where('domain', '=', normalizeDomain(domain))
        .where('origin', '=', origin)
        .executeTakeFirst();
      return row !== undefined;
    },

    async isAllowedAnywhere(origin) {
      const row = await db
        .selectFrom('employer_allowed_origins')
        .select('origin')
        .where('origin', '=', origin)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
