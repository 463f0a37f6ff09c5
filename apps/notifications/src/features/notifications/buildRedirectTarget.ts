import { atSiteBase } from '@careers/shared';
/**
 * Where clicking a notification should take the browser (docs/product/notifications.md#clicking-a-notification), or
 * `null` for "stay here".
 *
 * - `redirectUrl` is resolved against the current page (`new URL(redirectUrl, currentHref)`), so relative paths
 *   work.
 * - It is followed only when it stays on the same site: same origin as the current page, over http(s).
 *   `javascript:`, `data:`, other origins and protocol-relative `//other.host` are refused (with a console
 *   warning) and read as "no redirect".
 * - Every query parameter of the current page that the target does not already have is copied onto it; the
 *   target's own parameters win (all their values are kept).
 *
 * @example buildRedirectTarget('/careers/offers?tab=1', 'https://acme.example/careers?domain=acme&tab=2')
 * // 'https://acme.example/careers/offers?tab=1&domain=acme'
 */
export function buildRedirectTarget(redirectUrl: string | null | undefined, currentHref: string): string | null {
  const raw = typeof redirectUrl === 'string' ? redirectUrl.trim() : '';
  if (raw === '') return null;

  let current: URL;
  let target: URL;
  try {
    current = new URL(currentHref);
    // A path of the careers server's route table (`/careers/offers`) is this page's (`/jobs/offers` under /jobs).
    target = new URL(raw.startsWith('/') && !raw.startsWith('//') ? atSiteBase(raw) : raw, current);
  } catch {
    console.warn('[careers] notification link ignored: not a valid address', redirectUrl);
    return null;
  }

  const isWeb = target.protocol === 'http:' || target.protocol === 'https:';
  if (!isWeb || target.origin !== current.origin) {
    console.warn('[careers] notification link ignored: it leaves this site', redirectUrl);
    return null;
  }

  const own = new Set(target.searchParams.keys());
  for (const [key, value] of current.searchParams) {
    if (!own.has(key)) target.searchParams.append(key, value);
  }
  return target.href;
}
