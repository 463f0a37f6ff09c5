import type { FastifyRequest } from 'fastify';
import type { Session } from '../auth/session-store';
import type { Employer } from '../employers/repository';
import type { Language } from '../i18n';

/**
 * Who a request is from and which employer it is about, worked out once by the access plugin (auth/access.ts)
 * before any handler of a route with `config.kind` runs:
 * - `employer`: the one the request names with `domain` (query string, else JSON body), else the session's, else
 *   the configured default;
 * - `candidateId`: the signed-in candidate, only when the session belongs to that employer (a candidate of one
 *   employer is a visitor like any other on another employer's pages);
 * - `session`: the request's session, if any.
 * On `auth: 'candidate'` routes the access rules have already answered 401/403 otherwise, so there the employer is
 * the session's and `candidateId` is set.
 */
export interface Visitor {
  employer: Employer;
  /** `employer.domain`. */
  domain: string;
  candidateId: number | null;
  session: Session | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's visitor (see `Visitor`). Reading it on a request that names a domain no employer uses throws
     * the 404 that request answers (503 when no employer is configured at all): a route reads it where it needs
     * the employer, so whatever the route checks first (its rate limit, its page template) still answers first.
     * Reading it on a route without `config.kind` is a programming error (no session is loaded there).
     */
    readonly visitor: Visitor;
    /**
     * The language of the answer, by the i18n plugin (i18n/plugin.ts) for every route and failure page: `hl` (query
     * string, else body), else the signed-in candidate's chosen language, else the best supported match of
     * `Accept-Language`, else English (decision 025).
     */
    readonly language: Language;
  }
}

/**
 * A field of a request part no route schema types here (a hook that runs for every route reads `hl` or `domain`
 * from whatever query or body the route has): the value when the part is an object, else undefined.
 */
export function fieldOf(part: unknown, name: string): unknown {
  return part && typeof part === 'object' ? (part as Record<string, unknown>)[name] : undefined;
}

/**
 * On an `auth: 'candidate'` route: the session's own employer, or null when it is no longer found (the visitor then
 * falls back to the default employer, whose settings must not apply to this candidate).
 */
export function sessionEmployer(request: FastifyRequest): Employer | null {
  const { employer, candidateId } = request.visitor;
  return candidateId === null ? null : employer;
}
