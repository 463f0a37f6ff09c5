import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Headers } from '../contract';
import { clearCookie, readCookie, writeCookie, type CookieSettings } from '../http/cookies';
import '../http/route-config';
import type { Session, SessionStore } from './session-store';
import { randomToken } from './tokens';

export const SESSION_COOKIE = 'careers_sid';
/** Random id of a browser without a session; only the anonymous CSRF token is derived from it. */
export const ANONYMOUS_COOKIE = 'careers_anon';
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's unexpired session, if its cookie names one. */
    session: Session | null;
    /** The anonymous id from the `careers_anon` cookie (or set on this answer), when there is one. */
    anonymousId: string | null;
    /** The CSRF token state-changing calls must send: the session's, else the anonymous one, else none. */
    csrfToken: string | null;
  }
}

export interface SessionManager {
  /**
   * The CSRF token for a page: the session's, else the anonymous token (setting the `careers_anon` cookie when the
   * browser has none). No session row is written: one is created only by signing in.
   */
  pageCsrfToken(request: FastifyRequest, reply: FastifyReply): string;
  /** Signs a candidate in: the old session is destroyed and a new id and CSRF token are issued. */
  signIn(request: FastifyRequest, reply: FastifyReply, candidate: { id: number; domain: string }): Promise<Session>;
  /** Destroys the session, clears its cookie and starts a new anonymous id (so the answer carries a usable token). */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Session cookie `careers_sid` (httpOnly, Path=/; SameSite=Lax and Secure when configured, or for an allowed page on
 * another site `SameSite=None; Secure; Partitioned`: http/cookies.ts) holding a random token; the database keeps only
 * its SHA-256. Loaded for `api` and `page` routes.
 *
 * A browser without a session gets no database row: its CSRF token is the HMAC-SHA256, under `csrfSecret` (shared
 * by every server process through the database), of a random id kept in its own httpOnly cookie `careers_anon`.
 * Another site can neither read that cookie nor compute the token, so the token in the page proves the call comes
 * from a page of this site, as the session's token does.
 */
export function registerSessions(
  app: FastifyInstance,
  { store, cookieSecure, csrfSecret }: { store: SessionStore; cookieSecure: boolean; csrfSecret: Buffer },
): SessionManager {
  const cookieSettings: CookieSettings = { path: '/', httpOnly: true, secure: cookieSecure };
  const anonymousToken = (id: string) =>
    createHmac('sha256', csrfSecret).update(`careers-anonymous-csrf\n${id}`, 'utf8').digest('base64url');

  app.decorateRequest('session', null);
  app.decorateRequest('anonymousId', null);
  app.decorateRequest('csrfToken', null);

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.kind) return;
    const token = readCookie(request, SESSION_COOKIE);
    if (token && token.length <= 128) request.session = await store.findActive(token, new Date());
    const anonymousId = readCookie(request, ANONYMOUS_COOKIE);
    if (anonymousId && TOKEN_SHAPE.test(anonymousId)) request.anonymousId = anonymousId;
    request.csrfToken =
      request.session?.csrfToken ?? (request.anonymousId ? anonymousToken(request.anonymousId) : null);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.kind === 'api') {
      if (request.csrfToken) reply.header(Headers.csrf, request.csrfToken);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  const purge = setInterval(() => {
    store.purgeExpired(new Date()).catch((error: unknown) => app.log.error({ err: error }, 'session purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  const startAnonymous = (request: FastifyRequest, reply: FastifyReply) => {
    request.anonymousId = randomToken(32);
    writeCookie(request, reply, ANONYMOUS_COOKIE, request.anonymousId, cookieSettings);
    request.csrfToken = anonymousToken(request.anonymousId);
    return request.csrfToken;
  };

  return {
    pageCsrfToken(request, reply) {
      if (request.session) return request.session.csrfToken;
      if (request.anonymousId) return anonymousToken(request.anonymousId);
      return startAnonymous(request, reply);
    },
    async signIn(request, reply, candidate) {
      if (request.session) await store.destroy(request.session.id);
      const { token, session } = await store.create(
        { candidateId: candidate.id, domain: candidate.domain },
        new Date(),
      );
      writeCookie(request, reply, SESSION_COOKIE, token, cookieSettings);
      request.session = session;
      request.csrfToken = session.csrfToken;
      return session;
    },
    async signOut(request, reply) {
      if (request.session) await store.destroy(request.session.id);
      request.session = null;
      clearCookie(request, reply, SESSION_COOKIE, cookieSettings);
      startAnonymous(request, reply);
    },
  };
}
