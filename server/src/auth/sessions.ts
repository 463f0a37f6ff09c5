import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Headers } from '../contract';
import { clearCookie, readCookie, writeCookie, type CookieOptions } from '../http/cookies';
import '../http/route-config';
import type { Session, SessionStore } from './session-store';

export const SESSION_COOKIE = 'careers_sid';
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's unexpired session, if its cookie names one. */
    session: Session | null;
  }
}

export interface SessionManager {
  /** The current session, creating an anonymous one (so the page gets a CSRF token) when there is none. */
  ensure(request: FastifyRequest, reply: FastifyReply, domain: string): Promise<Session>;
  /** Signs a candidate in: the old session is destroyed and a new id and CSRF token are issued. */
  signIn(request: FastifyRequest, reply: FastifyReply, candidate: { id: number; domain: string }): Promise<Session>;
  /** Destroys the session and clears the cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Session cookie `careers_sid` (httpOnly, SameSite=Lax, Path=/, Secure when configured) holding a random
 * token; the database keeps only its SHA-256. Loaded for `api` and `page` routes.
 */
export function registerSessions(
  app: FastifyInstance,
  { store, cookieSecure }: { store: SessionStore; cookieSecure: boolean },
): SessionManager {
  const cookieOptions: CookieOptions = { path: '/', httpOnly: true, sameSite: 'Lax', secure: cookieSecure };

  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.kind) return;
    const token = readCookie(request, SESSION_COOKIE);
    if (!token || token.length > 128) return;
    request.session = await store.findActive(token, new Date());
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.kind === 'api') {
      if (request.session) reply.header(Headers.csrf, request.session.csrfToken);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  const purge = setInterval(() => {
    store.purgeExpired(new Date()).catch((error: unknown) => app.log.error({ err: error }, 'session purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  const start = async (reply: FastifyReply, candidateId: number | null, domain: string) => {
    const { token, session } = await store.create({ candidateId, domain }, new Date());
    writeCookie(reply, SESSION_COOKIE, token, cookieOptions);
    return session;
  };

  return {
    async ensure(request, reply, domain) {
      request.session ??= await start(reply, null, domain);
      return request.session;
    },
    async signIn(request, reply, candidate) {
      if (request.session) await store.destroy(request.session.id);
      request.session = await start(reply, candidate.id, candidate.domain);
      return request.session;
    },
    async signOut(request, reply) {
      if (request.session) await store.destroy(request.session.id);
      request.session = null;
      clearCookie(reply, SESSION_COOKIE, cookieOptions);
    },
  };
}
