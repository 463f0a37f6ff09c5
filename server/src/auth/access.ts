import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Domain, Headers } from '../contract';
import { normalizeDomain, type EmployerRepository } from '../employers/repository';
import { resolveEmployer } from '../employers/resolve';
import { badRequest, forbiddenDomain, invalidCsrf, loginRequired } from '../http/errors';
import { fieldOf, type Visitor } from '../http/request-context';
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
  if (isFormRequest(request)) {
    const field = fieldOf(request.body, '_csrf');
    if (typeof field === 'string') return field;
  }
  return undefined;
}

const isDomain = TypeCompiler.Compile(Domain);

/**
 * Every `domain` the request names: in the query string (any method; on POST calls it is not part of the route
 * schema, so it is checked here) and in a JSON body. Multipart form fields are checked by their handler.
 */
function namedDomains(request: FastifyRequest): Array<{ part: 'querystring' | 'body'; domain: unknown }> {
  const named: Array<{ part: 'querystring' | 'body'; domain: unknown }> = [];
  const inQuery = fieldOf(request.query, 'domain');
  if (inQuery !== undefined) named.push({ part: 'querystring', domain: inQuery });
  const inBody = request.method === 'GET' || request.method === 'HEAD' ? undefined : fieldOf(request.body, 'domain');
  if (inBody !== undefined) named.push({ part: 'body', domain: inBody });
  return named;
}

/** The `domain` a request names: the query string's, else a JSON body's (a form post's is its handler's). */
function namedDomain(request: FastifyRequest): string | undefined {
  const [first] = namedDomains(request).filter(({ domain }) => typeof domain === 'string');
  return first?.domain as string | undefined;
}

/**
 * Each request's visitor, or what reading it throws (the route's 404 for an unknown `domain`, or a failed lookup);
 * kept off the request object so that only the `request.visitor` getter reads it.
 */
const visitors = new WeakMap<FastifyRequest, { visitor: Visitor } | { error: unknown }>();

/** The request's visitor when it has one (a route with `kind` whose employer was read), without throwing. */
export function knownVisitor(request: FastifyRequest): Visitor | null {
  const entry = visitors.get(request);
  return entry && 'visitor' in entry ? entry.visitor : null;
}

interface AccessOptions {
  employers: EmployerRepository;
  /** The employer of a request that names none and has no session (config.defaultDomain). */
  defaultDomain: string;
}

/**
 * Access rules, in order, before a handler runs:
 * 1. routes with `auth: 'candidate'` need a signed-in, unexpired session (401 `login_required`, `x-login: 1`);
 * 2. state-changing requests need the CSRF token in `x-csrf-token` (or the `_csrf` field of a form post),
 *    compared in constant time (403 `invalid_csrf`): the session's token, or without a session the anonymous
 *    token derived from the `careers_anon` cookie (see `sessions.ts`);
 * 3. (after schema validation) the call is scoped to the session's employer: `domain` is optional everywhere, and
 *    a `domain` the request names (query string or JSON body) must be that employer (403 `forbidden_domain`; 400
 *    naming `domain` when it is not a domain at all);
 * 4. every route with a `kind` gets `request.visitor` (http/request-context.ts): the employer named by `domain`,
 *    else the session's, else the default, and the candidate when the session belongs to that employer.
 * A plugin (fastify-plugin) so the decorations and hooks apply to every route of the server.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, { employers, defaultDomain }: AccessOptions) => {
    app.decorateRequest('candidateScope', null);
    app.decorateRequest('visitor', {
      getter(this: FastifyRequest): Visitor {
        const entry = visitors.get(this);
        if (!entry) throw new Error(`Route ${this.url} reads request.visitor without config.kind.`);
        if ('error' in entry) throw entry.error;
        return entry.visitor;
      },
    });

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

    // After the rules above, so a refused call never looks its employer up. A failure (an unknown `domain`, the
    // database down) is kept and thrown where the route reads `request.visitor`, as its own lookup failed before.
    app.addHook('preHandler', async (request) => {
      if (!request.routeOptions.config.kind) return;
      const session = request.session;
      try {
        const employer = await resolveEmployer(employers, namedDomain(request), session?.domain, defaultDomain);
        const candidateId =
          session?.candidateId != null && session.domain === employer.domain ? session.candidateId : null;
        visitors.set(request, { visitor: { employer, domain: employer.domain, candidateId, session } });
      } catch (error) {
        visitors.set(request, { error });
      }
    });
  },
  { name: 'access' },
);

/** The scope set by the access rules; only for handlers of `auth: 'candidate'` routes. */
export function candidateScope(request: FastifyRequest): CandidateScope {
  if (!request.candidateScope)
    throw new Error(`Route ${request.url} reads the candidate scope without auth: 'candidate'.`);
  return request.candidateScope;
}
