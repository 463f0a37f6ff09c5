import { request } from '@careers/shared';

/** Page identifiers of spec 000 §2, by route. The first matching prefix wins; everything else under /careers is job search. */
const ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/careers/profile', 'profile'],
  ['/careers/dashboardv2', 'dashboard'],
  ['/careers/dashboard', 'dashboard'],
  ['/careers/settings', 'settings'],
  ['/careers/export-resume', 'exportResume'],
  ['/careers/apply', 'applyPage'],
  ['/careers/job', 'singlePosition'],
  ['/careers/login', 'login'],
  ['/logout', 'logout'],
  ['/careers/forms/center', 'documentCenter'],
  ['/careers/forms', 'formView'],
  ['/careers/applications', 'applications'],
  ['/careers/saved-jobs', 'savedJobs'],
  ['/careers/interviews', 'interviews'],
  ['/careers/onboarding', 'onboarding'],
  ['/careers/offers', 'offers'],
  ['/careers/offer-letter', 'offerLetter'],
  ['/careers/offer', 'offer'],
];

export function pageIdFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const [prefix, id] of ROUTES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return id;
  }
  return 'jobs';
}

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** The position a page is about: `pid` in the query, or the leading integer of /careers/job/{digits-slug}. */
export function positionIdFor(url: URL): string | null {
  const fromQuery = url.searchParams.get('pid');
  if (fromQuery && /^\d+/.test(fromQuery)) return /^\d+/.exec(fromQuery)![0];
  const match = /^\/careers\/job\/(\d+)/.exec(url.pathname);
  return match ? match[1]! : null;
}

/** Builds the page-view log entry (POST /vslog) for one address. */
export function pageViewFor(href: string) {
  const url = new URL(href);
  const positionId = positionIdFor(url);
  const data: Record<string, string> = { page: pageIdFor(url.pathname), path: url.pathname };
  if (positionId) data.position_id = positionId;
  for (const key of UTM) {
    const value = url.searchParams.get(key);
    if (value) data[key] = value.slice(0, 200);
  }
  return { positionId, body: { namespace: 'careers', event: 'page_view', data_json: JSON.stringify(data) } };
}

/** Logs a page view now and after every route change. Failures are silent: analytics never disturb the page. */
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
      silent: true,
      keepalive: true,
    }).catch(() => undefined);
  };
  window.addEventListener('single-spa:routing-event', log);
  log();
}
