import type { FastifySchema } from 'fastify';
import { ApiErrorBody } from '../contract';

/** OpenAPI security of candidate calls: reads need the session cookie; writes also the CSRF header. */
const SECURITY = {
  read: [{ session: [] }],
  write: [{ session: [], csrf: [] }],
} as const;

/** Answers any candidate call may give: an invalid request (400), no session (401), a refused CSRF token or domain (403). */
const CANDIDATE_ERRORS = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody };

/** A route's contract schema, without what `candidateRoute` adds. */
export type CandidateRouteSchema = Omit<FastifySchema, 'security'> & { response: Record<number, unknown> };

/**
 * Options of a JSON call for the signed-in candidate (`config: { kind: 'api', auth: 'candidate' }`): the access
 * rules of auth/access.ts check the session (and the CSRF token on writes) and scope the call to the session's
 * employer (a `domain` the request names must be that one); the handler reads that scope with
 * `candidateScope(request)`. Adds the matching OpenAPI `security` (`read` or `write`) and the 400/401/403 answers
 * to the schema; list the route's other answers in `response`.
 */
export function candidateRoute<S extends CandidateRouteSchema>(access: 'read' | 'write', schema: S) {
  // Generic in the schema, so that with the TypeBox type provider the handler's query, body and params are typed.
  return {
    schema: { ...schema, security: SECURITY[access], response: { ...CANDIDATE_ERRORS, ...schema.response } },
    config: { kind: 'api' as const, auth: 'candidate' as const },
  };
}
