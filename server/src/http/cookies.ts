import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The server sets two cookies (the session id, and the anonymous id a signed-out browser's CSRF token is derived
 * from), so it reads and writes them directly instead of through @fastify/cookie, whose lazy `import('cookie')`
 * cannot run under Jest's CommonJS runtime.
 */

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'Lax' | 'Strict';
  secure: boolean;
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

function serialize(name: string, value: string, options: CookieOptions, extra: string[] = []): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name "${name}".`);
  if (!COOKIE_VALUE.test(value)) throw new TypeError(`Invalid value for cookie "${name}".`);
  return [
    `${name}=${value}`,
    ...extra,
    `Path=${options.path}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Adds one `Set-Cookie` line (Fastify's `reply.header` appends to the ones already set for this header). */
function appendSetCookie(reply: FastifyReply, cookie: string): void {
  reply.header('set-cookie', cookie);
}

/** Adds a browser-session cookie (no Max-Age: the server enforces expiry). */
export function writeCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  appendSetCookie(reply, serialize(name, value, options));
}

/** Tells the browser to delete the cookie. */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions): void {
  appendSetCookie(reply, serialize(name, '', options, ['Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT']));
}
