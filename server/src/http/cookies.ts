import type { FastifyReply, FastifyRequest } from 'fastify';
import './cors';

/*
 * The server sets two cookies (the session id, and the anonymous id a signed-out browser's CSRF token is derived
 * from), so it reads and writes them directly instead of through @fastify/cookie, whose lazy `import('cookie')`
 * cannot run under Jest's CommonJS runtime.
 */

/** What the server configures about its cookies; the rest follows from the request (see `cookieAttributes`). */
export interface CookieSettings {
  path: string;
  httpOnly: boolean;
  /** `COOKIE_SECURE`: the server is behind HTTPS. */
  secure: boolean;
}

interface CookieAttributes {
  sameSite: 'Lax' | 'None';
  secure: boolean;
  partitioned: boolean;
}

/**
 * The one place that decides a cookie's `SameSite`, `Secure` and `Partitioned` from the request
 * (docs/product/routes-and-access.md#the-session-cookie): `SameSite=Lax` (and `Secure` when configured) for pages of
 * the careers site itself and of the same site; for a call from an allowed page on another site,
 * `SameSite=None; Secure; Partitioned`, so the browser sends the cookie on that page's calls and keeps it for that
 * page's top-level site even where third-party cookies are blocked (CHIPS). Browsers take `Secure` cookies over plain
 * http from `localhost` and `*.localhost`, so the demo keeps working without TLS.
 */
function cookieAttributes(request: FastifyRequest, settings: CookieSettings): CookieAttributes {
  if (request.corsGrant?.crossSite) return { sameSite: 'None', secure: true, partitioned: true };
  return { sameSite: 'Lax', secure: settings.secure, partitioned: false };
}

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const COOKIE_VALUE = /^[!#-+\--:<-[\]-~]*$/;

/** The value of cookie `name` in the request's Cookie header (first occurrence), if any. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

function serialize(
  name: string,
  value: string,
  settings: CookieSettings,
  attributes: CookieAttributes,
  extra: string[] = [],
): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name "${name}".`);
  if (!COOKIE_VALUE.test(value)) throw new TypeError(`Invalid value for cookie "${name}".`);
  return [
    `${name}=${value}`,
    ...extra,
    `Path=${settings.path}`,
    ...(settings.httpOnly ? ['HttpOnly'] : []),
    `SameSite=${attributes.sameSite}`,
    ...(attributes.secure ? ['Secure'] : []),
    ...(attributes.partitioned ? ['Partitioned'] : []),
  ].join('; ');
}

/** Adds one `Set-Cookie` line (Fastify's `reply.header` appends to the ones already set for this header). */
function appendSetCookie(reply: FastifyReply, cookie: string): void {
  reply.header('set-cookie', cookie);
}

/** Adds a browser-session cookie (no Max-Age: the server enforces expiry), its attributes as the request needs them. */
export function writeCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  settings: CookieSettings,
): void {
  appendSetCookie(reply, serialize(name, value, settings, cookieAttributes(request, settings)));
}

/**
 * Tells the browser to delete the cookie. Sent with the attributes of the request, so a partitioned cookie is
 * deleted from its partition.
 */
export function clearCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  settings: CookieSettings,
): void {
  appendSetCookie(
    reply,
    serialize(name, '', settings, cookieAttributes(request, settings), [
      'Max-Age=0',
      'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]),
  );
}
