import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Domain, Headers } from '../contract';
import { normalizeDomain } from '../employers/repository';
import { badRequest, forbiddenDomain, invalidCsrf, loginRequired } from '../http/errors';
import { isFormRequest } from '../http/route-config';
import './sessions';
import { constantTimeEqual } from './tokens';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signed-in candidate and the employer a protected call is scoped to. */
export interface CandidateScope {
  candidateId: number;
  domain: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    candidateScope: CandidateScope | null;
  }
}

function submittedCsrfToken(request: FastifyRequest): string | undefined {
  const header = request.headers[Headers.csrf];
  if (typeof header === 'string') return header;
  if (isFormRequest(request) && request.body && typeof request.body === 'object') {
    const field = (request.body as Record<string, unknown>)._csrf;
    if (typeof field === 'string') return field;
  }
  return undefined;
}

function domainIn(source: unknown): unknown {
  return source && typeof source === 'object' ? (source as Record<string, unknown>).domain : undefined;
}

const isDomain = TypeCompiler.Compile(Domain);

/**
 * Every `domain` the request names: in the query string (any method; on POST calls it is not part of the route
 * schema, so it is checked here) and in a JSON body. Multipart form fields are checked by their handler.
 */
function namedDomains(request: FastifyRequest): Array<{ part: 'querystring' | 'body'; domain: unknown }> {
  const named: Array<{ part: 'querystring' | 'body'; domain: unknown }> = [];
  const inQuery = domainIn(request.query);
  if (inQuery !== undefined) named.push({ part: 'querystring', domain: inQuery });
  const inBody = request.method === 'GET' || request.method === 'HEAD' ? undefined : domainIn(request.body);
  if (inBody !== undefined) named.push({ part: 'body', domain: inBody });
  return named;
}

/**
 * Access rules, in order, before a handler runs:
 * 1. routes with `auth: 'candidate'` need a signed-in, unexpired session (401 `login_required`, `x-login: 1`);
 * 2. state-changing requests need the CSRF token in `x-csrf-token` (or the `_csrf` field of a form post),
 *    compared in constant time (403 `invalid_csrf`): the session's token, or without a session the anonymous
 *    token derived from the `careers_anon` cookie (see `sessions.ts`);
 * 3. (after schema validation) the call is scoped to the session's employer: `domain` is optional everywhere, and
 *    a `domain` the request names (query string or JSON body) must be that employer (403 `forbidden_domain`; 400
 *    naming `domain` when it is not a domain at all).
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest('candidateScope', null);

  app.addHook('preValidation', async (request) => {
    const { kind, auth } = request.routeOptions.config;
    if (!kind) return;
    if (auth === 'candidate' && request.session?.candidateId == null) throw loginRequired();
    if (!UNSAFE_METHODS.has(request.method)) return;
    const submitted = submittedCsrfToken(request);
    const expected = request.csrfToken;
    if (!expected || submitted === undefined || !constantTimeEqual(submitted, expected)) {
      throw invalidCsrf();
    }
  });

  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.auth !== 'candidate') return;
    const session = request.session;
    if (session?.candidateId == null) throw loginRequired();
    for (const { part, domain } of namedDomains(request)) {
      if (typeof domain !== 'string' || !isDomain.Check(domain))
        throw badRequest(`${part}/domain must be one employer domain, for example acme.example`, 'domain');
      if (normalizeDomain(domain) !== session.domain) throw forbiddenDomain(domain);
    }
    request.candidateScope = { candidateId: session.candidateId, domain: session.domain };
  });
}

/** The scope set by the access rules; only for handlers of `auth: 'candidate'` routes. */
export function candidateScope(request: FastifyRequest): CandidateScope {
  if (!request.candidateScope)
    throw new Error(`Route ${request.url} reads the candidate scope without auth: 'candidate'.`);
  return request.candidateScope;
}
