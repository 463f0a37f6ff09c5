import type { FastifyRequest } from 'fastify';

/**
 * Whether a navigation was started on this site (our own Sign out link), rather than by a link, form or frame of
 * another site: `Sec-Fetch-Site: same-origin`, or `none` (typed in the address bar, a bookmark). A `same-site` or
 * `cross-site` request is not. Browsers without Fetch Metadata are judged by `Referer`: one from this origin is ours;
 * none at all (stripped, or never sent) is not, so an old browser is asked for one click instead of being signed
 * out by a page it did not choose.
 */
export function isFromThisSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return false;
  try {
    return new URL(referer).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}
