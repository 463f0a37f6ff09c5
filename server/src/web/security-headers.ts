import type { FastifyReply } from 'fastify';

/** Pages rendered entirely by this server (login, logout, error pages): nothing inline, nothing foreign. */
const STRICT_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Google Maps JavaScript API sources (Google's content security policy guide for the Maps JavaScript API), allowed
 * only on pages whose employer has a map key: the script and its libraries, tiles and marker images, its calls,
 * its fonts and styles.
 */
const GOOGLE_MAPS_SOURCES = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
};

/** The employer's head scripts on a page (see head-scripts.ts): the response's nonce and the origins they use. */
export interface HeadScriptCsp {
  nonce: string;
  /** https origins, allowed for scripts, connections and images. */
  origins: readonly string[];
}

/**
 * The host page that boots the widgets: scripts only from this origin (the boot data is a non-executable JSON
 * block), inline styles allowed for widget styling, workers and frames from this origin or blob: (PDF viewer),
 * frames also from the e-sign server (`frameSources`), data: images and fonts. With `maps`, the Google Maps
 * sources the search widget's map view needs. With `headScripts` (a page carrying the employer's head scripts),
 * the response's nonce (never `'unsafe-inline'`) and the scripts' origins (decision 024).
 */
export function hostPageCsp(
  frameSources: readonly string[] = [],
  { maps = false, headScripts = null }: { maps?: boolean; headScripts?: HeadScriptCsp | null } = {},
): string {
  const extra = (kind: keyof typeof GOOGLE_MAPS_SOURCES) => (maps ? GOOGLE_MAPS_SOURCES[kind] : []);
  const employer = headScripts?.origins ?? [];
  const nonce = headScripts ? [`'nonce-${headScripts.nonce}'`] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...nonce, ...extra('script'), ...employer].join(' '),
    ["style-src 'self' 'unsafe-inline'", ...extra('style')].join(' '),
    ["img-src 'self' data: blob:", ...extra('img'), ...employer].join(' '),
    ["font-src 'self' data:", ...extra('font')].join(' '),
    ["connect-src 'self'", ...extra('connect'), ...employer].join(' '),
    "worker-src 'self' blob:",
    ["frame-src 'self' blob:", ...frameSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * HSTS, sent on every answer when the cookies are `Secure` (COOKIE_SECURE=true, so the site is served over HTTPS
 * only): for a year, browsers reach this host and its subdomains by HTTPS only, so a typed `http://` address or a
 * downgraded link never carries the cookies in clear. Never sent otherwise (a plain-HTTP deployment would be
 * locked out of itself).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Headers of every server-rendered HTML answer: no caching (it carries a CSRF token), a CSP, no sniffing. */
export function setPageHeaders(reply: FastifyReply, csp: string = STRICT_PAGE_CSP): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('referrer-policy', 'same-origin')
    .header('x-frame-options', csp === STRICT_PAGE_CSP ? 'DENY' : 'SAMEORIGIN');
}
