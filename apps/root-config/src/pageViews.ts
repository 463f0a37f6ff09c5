import { matchRoute, positionIdOf, request } from '@careers/shared';

/**
 * The page identifier of a path (docs/product/routes-and-access.md#page-identifiers), from the one route table; "jobs"
 * for any other address.
 */
export function pageIdFor(pathname: string): string {
  return matchRoute(pathname.replace(/\/{2,}/g, '/'))?.route.page ?? 'jobs';
}

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** Builds the page-view log entry (POST /vslog) for one address. */
export function pageViewFor(href: string) {
  const url = new URL(href);
  const positionId = positionIdOf(url);
  const data: Record<string, string> = { page: pageIdFor(url.pathname), path: url.pathname };
  if (positionId) data.position_id = positionId;
  for (const key of UTM) {
    const value = url.searchParams.get(key);
    if (value) data[key] = value.slice(0, 200);
  }
  return { positionId, body: { namespace: 'careers', event: 'page_view', data_json: JSON.stringify(data) } };
}

/**
 * Logs a page view now and after every route change. A `telemetry` call: its failures are never announced, not even
 * the HTTP alerts (analytics never disturb the page; docs/decisions/012-http-alerts.md).
 */
export function trackPageViews(domain: string): void {
  let last = '';
  const log = () => {
    const href = window.location.href.split('#')[0]!;
    if (href === last) return;
    last = href;
    const { positionId, body } = pageViewFor(href);
    request('/vslog', {
      method: 'POST',
      query: { domain, pid: positionId ?? undefined },
      body,
      telemetry: true,
      keepalive: true,
    }).catch(() => undefined);
  };
  window.addEventListener('single-spa:routing-event', log);
  log();
}
