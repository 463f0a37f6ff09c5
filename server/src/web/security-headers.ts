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
 * The host page that boots the widgets: scripts only from this origin (the boot data is a non-executable JSON
 * block), inline styles allowed for widget styling, workers and frames from this origin or blob: (PDF viewer),
 * frames also from the e-sign server (`frameSources`), data: images and fonts.
 */
export function hostPageCsp(frameSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    ["frame-src 'self' blob:", ...frameSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Headers of every server-rendered HTML answer: no caching (it carries a CSRF token), a CSP, no sniffing. */
export function setPageHeaders(reply: FastifyReply, csp: string = STRICT_PAGE_CSP): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('referrer-policy', 'same-origin')
    .header('x-frame-options', csp === STRICT_PAGE_CSP ? 'DENY' : 'SAMEORIGIN');
}
