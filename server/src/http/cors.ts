import { isIP } from 'node:net';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { Domain, Headers } from '../contract';
import type { Database } from '../db/types';
import { createAllowedOriginRepository } from '../employers/allowed-origins';
import { normalizeDomain } from '../employers/repository';

/** Methods the API answers a page of an allowed origin. */
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Request headers the widgets' HTTP layer sends (shared/src/http/http.ts `requestHeaders`, and JSON bodies). */
const ALLOWED_HEADERS = ['accept', 'content-type', Headers.csrf, Headers.user, Headers.group, Headers.timezone].join(
  ', ',
);
/**
 * Response headers the widgets read: the fresh CSRF token, the end of the session, and a download's file name (the
 * page fetches downloads itself on another site, docs/product/shell.md#downloads-on-the-employers-page).
 */
const EXPOSED_HEADERS = [Headers.csrf, Headers.login, 'content-disposition'].join(', ');
/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';
/** A refused origin is logged once per origin, employer and this many milliseconds. */
const REFUSAL_LOG_INTERVAL_MS = 60 * 1000;
/** Past this many remembered refusals, the ones older than the interval are forgotten, and no new one is logged. */
const MAX_REMEMBERED_REFUSALS = 1000;

const isDomain = TypeCompiler.Compile(Domain);

/** What the CORS rules decided for a request from a page of another origin that the employer allows. */
interface CorsGrant {
  /** The `Origin` header, echoed exactly. */
  origin: string;
  /** The page is on another site than the API (see `isCrossSite`): cookies must be `SameSite=None; Partitioned`. */
  crossSite: boolean;
  /**
   * The call named no employer in its address, so the origin was only known to be allowed by some employer: the
   * answer keeps its CORS headers only if the employer the route acted for (`request.visitor`) allows it too.
   */
  visitorToCheck: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request comes from a page of an allowed origin other than the server's own (http/cors.ts). */
    corsGrant: CorsGrant | null;
  }
}

/** The calls a page of another origin may make: the JSON API and the page-view log. */
function isCrossOriginPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/') || path === '/vslog';
}

/**
 * The site of a host when the browser does not say (see `isCrossSite`): its last two labels, so `www.acme.example`
 * and `careers.acme.example` are one site, and a name under `localhost` is `<label>.localhost`. An IP address or a
 * single label is its own site. Without the Public Suffix List this takes `acme.co.uk` and `other.co.uk` for one
 * site; browsers that send `Sec-Fetch-Site` (all current ones) are never judged by it.
 */
function siteOf(hostname: string): string {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) return host;
  return host.split('.').slice(-2).join('.');
}

/**
 * Whether a page of `origin` is on another site than the API answering `request`, as browsers judge it for cookies.
 * The browser says so itself in `Sec-Fetch-Site` (`same-site` or `cross-site`, by the Public Suffix List and the
 * scheme); a request without it is judged by the scheme and `siteOf`. A forged header changes only the attributes
 * of the caller's own cookies.
 */
function isCrossSite(origin: string, request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-site' || fetchSite === 'same-origin') return false;
  try {
    const page = new URL(origin);
    const api = new URL(`${request.protocol}://${request.host}`);
    return page.protocol !== api.protocol || siteOf(page.hostname) !== siteOf(api.hostname);
  } catch {
    return true;
  }
}

/**
 * The employer a cross-origin call names in its address (`domain` in the query string; a preflight has nothing
 * else): `{ named: false }` when it names none (a call that names its employer in its JSON body, or relies on the
 * session's), `domain: null` when the value is not a domain.
 */
function requestedDomain(request: FastifyRequest): { named: false } | { named: true; domain: string | null } {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const named = new URLSearchParams(query).get('domain');
  if (named === null) return { named: false };
  return { named: true, domain: isDomain.Check(named) ? normalizeDomain(named) : null };
}

/** Adds `Origin` to the answer's `Vary` (kept with what compression or a route put there). */
function varyOnOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'origin')) return;
  reply.header('vary', [...names, 'Origin'].join(', '));
}

function grantHeaders(reply: FastifyReply, grant: CorsGrant): void {
  reply.header('access-control-allow-origin', grant.origin);
  reply.header('access-control-allow-credentials', 'true');
}

/**
 * The employer a route acted for, when it worked one out (`request.visitor`, for routes with `config.kind`); null
 * for a call refused before (a bad field, a missing token): such an answer holds no one's data.
 */
function actedFor(request: FastifyRequest): string | null {
  if (!request.routeOptions.config?.kind) return null;
  try {
    return request.visitor.domain;
  } catch {
    return null;
  }
}

interface CorsOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'publicOrigins'>;
}

/**
 * CORS for the employer's own pages (docs/product/routes-and-access.md#allowed-origins-and-cors). A call to `/api/*`
 * or `/vslog` whose `Origin` is neither one of the server's own origins nor its own address is answered with CORS
 * headers (that exact origin, with credentials) only when the employer the call is for allows that origin: the one
 * its address names in `domain`, else (a call naming its employer in its JSON body, or none) some employer for the
 * preflight and the employer the route acted for on the answer. Otherwise with none, so the browser keeps the answer
 * from the page. `Origin: null` (a file, a sandboxed frame) is never allowed. Every answer of these paths varies on `Origin`. CSRF is checked as on any other call.
 */
export const corsPlugin = fp(
  async (app: FastifyInstance, { db, config }: CorsOptions) => {
    const allowedOrigins = createAllowedOriginRepository(db);
    const ownOrigins = new Set(config.publicOrigins);
    const refusalsLogged = new Map<string, number>();

    const logRefusal = (request: FastifyRequest, origin: string, domain: string | null) => {
      const now = Date.now();
      const key = `${origin} ${domain ?? ''}`;
      const last = refusalsLogged.get(key);
      if (last !== undefined && now - last < REFUSAL_LOG_INTERVAL_MS) return;
      if (refusalsLogged.size >= MAX_REMEMBERED_REFUSALS) {
        for (const [seen, at] of refusalsLogged) if (now - at >= REFUSAL_LOG_INTERVAL_MS) refusalsLogged.delete(seen);
        // Still full: that many different origins in a minute is a flood, not a developer; memory stays bounded.
        if (refusalsLogged.size >= MAX_REMEMBERED_REFUSALS) return;
      }
      refusalsLogged.set(key, now);
      const help =
        origin === 'null'
          ? 'a page without an origin (a local file, a sandboxed frame) can never call the API: serve it over http(s)'
          : domain === null
            ? 'the domain query parameter is not a domain such as acme.example'
            : `to allow it: npm run employer -- origins add ${origin} --domain ${domain}`;
      request.log.info(
        { origin, domain },
        `CORS: origin ${origin} is not allowed for ${domain ?? 'this domain'}; ${help}`,
      );
    };

    app.decorateRequest('corsGrant', null);

    app.addHook('onRequest', async (request, reply) => {
      if (!isCrossOriginPath(request.url)) return;
      const origin = request.headers.origin;
      const preflight =
        request.method === 'OPTIONS' && typeof request.headers['access-control-request-method'] === 'string';
      if (typeof origin !== 'string' || ownOrigins.has(origin) || origin === `${request.protocol}://${request.host}`) {
        if (!preflight) return;
      } else {
        const requested = requestedDomain(request);
        const allowed =
          origin === 'null'
            ? false
            : requested.named
              ? requested.domain !== null && (await allowedOrigins.isAllowed(requested.domain, origin))
              : await allowedOrigins.isAllowedAnywhere(origin);
        if (allowed) {
          request.corsGrant = { origin, crossSite: isCrossSite(origin, request), visitorToCheck: !requested.named };
        } else {
          logRefusal(request, origin, requested.named ? requested.domain : null);
        }
      }
      if (!preflight) return;
      // A preflight is answered here: no route of the API takes OPTIONS.
      varyOnOrigin(reply);
      const grant = request.corsGrant;
      if (!grant) return reply.code(403).send();
      grantHeaders(reply, grant);
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', PREFLIGHT_MAX_AGE);
      return reply.code(204).send();
    });

    // In onSend, so failures (a 403 for a missing CSRF token, a 404) carry the headers too and the page can read them.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isCrossOriginPath(request.url)) return payload;
      varyOnOrigin(reply);
      let grant = request.corsGrant;
      if (grant?.visitorToCheck) {
        const domain = actedFor(request);
        // The employer the answer is about must allow the page, or the page does not read it: an origin one employer
        // allows never reads another employer's answers (a session's, when the call names no employer).
        if (domain !== null && !(await allowedOrigins.isAllowed(domain, grant.origin))) {
          logRefusal(request, grant.origin, domain);
          grant = null;
        }
      }
      if (grant) {
        grantHeaders(reply, grant);
        reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      }
      return payload;
    });
  },
  { name: 'cors' },
);
