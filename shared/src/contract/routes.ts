/**
 * The one route table of the careers pages (spec 000 §2, spec 001 §2). For every address it says which page it is
 * (the page identifier logged with page views), which widget renders it in the page slot (`careers-main`), and
 * whether it needs a signed-in candidate. The root config activates page widgets from it, the page-view log and
 * the page title read it, and widgets read their route parameters from it.
 *
 * Matching does not depend on the order of the entries: the most specific pattern wins (a fixed segment beats a
 * parameter, a parameter beats an optional parameter), so `/careers/offers` is the offers page, not a search for
 * "offers", and `/careers/forms/center` is the forms centre, not form "center".
 *
 * Pattern syntax: fixed segments, `:name` (one segment), `:name?` (an optional segment, only at the end).
 * Paths are matched without trailing slashes; segments are compared after percent-decoding.
 */

/**
 * Who may open a route: `public`, `candidate` (a signed-in candidate; otherwise the sign-in dialog, spec 000
 * §2), or `apply` (signed in only when the employer sets `applyFormConfig.disableLoggedOutApply`).
 */
export type RouteAccess = 'public' | 'candidate' | 'apply';

export interface RouteEntry {
  /** Pattern of the address path. */
  path: string;
  /** The page identifier (spec 001 §2 list), logged with every page view. */
  page: string;
  /**
   * The widget that renders the page in `careers-main`, by its registry name; null for pages the careers server
   * renders itself (the sign-in page and the sign-out address).
   */
  widget: string | null;
  access: RouteAccess;
}

export const ROUTES = [
  // dashboard bundle (spec 001 §2 "Dashboard", spec 000 §2)
  { path: '/careers/profile', page: 'profile', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/dashboard', page: 'dashboard', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/dashboardv2', page: 'dashboard', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/settings', page: 'settings', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/export-resume', page: 'exportResume', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/applications', page: 'applications', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/saved-jobs', page: 'savedJobs', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/interviews', page: 'interviews', widget: 'dashboard', access: 'candidate' },
  // forms toolkit bundle (spec 002; apply, forms centre, form view, onboarding forms)
  { path: '/careers/apply', page: 'applyPage', widget: 'forms', access: 'apply' },
  { path: '/careers/apply/private', page: 'applyPage', widget: 'forms', access: 'apply' },
  { path: '/careers/forms/center', page: 'documentCenter', widget: 'forms', access: 'candidate' },
  { path: '/careers/forms/:formId?', page: 'formView', widget: 'forms', access: 'public' },
  { path: '/careers/onboarding', page: 'onboarding', widget: 'forms', access: 'candidate' },
  // search bundle (spec 001 §2 "URL shapes", "Search page")
  { path: '/careers/job/private', page: 'singlePosition', widget: 'search', access: 'public' },
  { path: '/careers/job/:pid?', page: 'singlePosition', widget: 'search', access: 'public' },
  { path: '/careers/search', page: 'jobs', widget: 'search', access: 'public' },
  { path: '/careers/:query?/:location?', page: 'jobs', widget: 'search', access: 'public' },
  // offers bundle (spec 000 §2)
  { path: '/careers/offers', page: 'offers', widget: 'offers', access: 'candidate' },
  { path: '/careers/offer/:id', page: 'offer', widget: 'offers', access: 'candidate' },
  { path: '/careers/offer/:id/offer-document/:documentId', page: 'offer', widget: 'offers', access: 'candidate' },
  { path: '/careers/offer-letter/:id', page: 'offerLetter', widget: 'offers', access: 'candidate' },
  // rendered by the careers server itself
  { path: '/careers/login', page: 'login', widget: null, access: 'public' },
  { path: '/logout', page: 'logout', widget: null, access: 'public' },
  // the design-system catalogue (not linked from any page)
  { path: '/careers/_catalogue', page: 'catalogue', widget: 'catalogue', access: 'public' },
  // new:widget adds routes above this line
] as const satisfies readonly RouteEntry[];

/** Page identifiers of the routes (spec 001 §2 list: jtn and ProfileBootstrapping name no route of their own). */
export type PageId = (typeof ROUTES)[number]['page'];

/** A matched route with its parameters (decoded; absent optional parameters are left out). */
export interface RouteMatch {
  route: (typeof ROUTES)[number];
  params: Record<string, string>;
}

type Segment = { kind: 'fixed'; value: string } | { kind: 'param'; name: string; optional: boolean };

interface CompiledRoute<R extends RouteEntry> {
  route: R;
  segments: Segment[];
  /** Higher is more specific. */
  rank: number[];
}

function compile<R extends RouteEntry>(route: R): CompiledRoute<R> {
  const segments: Segment[] = route.path
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? { kind: 'param', name: part.replace(/^:|\?$/g, ''), optional: part.endsWith('?') }
        : { kind: 'fixed', value: part },
    );
  const rank = segments.map((s) => (s.kind === 'fixed' ? 3 : s.optional ? 1 : 2));
  return { route, segments, rank };
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (b[i] ?? 0) - (a[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function createMatcher<R extends RouteEntry>(routes: readonly R[]) {
  const compiled = routes.map((r) => compile(r)).sort((a, b) => compareRank(a.rank, b.rank));
  return (pathname: string): { route: R; params: Record<string, string> } | null => {
    let parts: string[];
    try {
      parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return null; // a malformed escape is no page of ours
    }
    for (const { route, segments } of compiled) {
      if (parts.length > segments.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i += 1) {
        const segment = segments[i]!;
        const part = parts[i];
        if (part === undefined) ok = segment.kind === 'param' && segment.optional;
        else if (segment.kind === 'fixed') ok = segment.value === part;
        else params[segment.name] = part;
      }
      if (ok) return { route, params };
    }
    return null;
  };
}

/** The route of a path, or null when the path is none of the careers pages. */
export const matchRoute: (pathname: string) => RouteMatch | null = createMatcher(ROUTES);

/** For tests and tools: a matcher over another table. */
export { createMatcher as createRouteMatcher };

/** The leading integer of a position id (`123-some-slug` is position 123), or null. */
export function leadingInteger(value: string | null | undefined): string | null {
  const match = value ? /^\d+/.exec(value) : null;
  return match ? match[0] : null;
}

/**
 * The position a page is about: the leading integer of the `pid` query parameter, else of `/careers/job/{pid}`
 * (spec 000 §2). Apply pages carry it in the query too.
 */
export function positionIdOf(url: URL, match: RouteMatch | null = matchRoute(url.pathname)): string | null {
  return leadingInteger(url.searchParams.get('pid')) ?? leadingInteger(match?.params.pid);
}

/** Whether the route needs a signed-in candidate, given the page's configuration. */
export function requiresLogin(
  route: RouteEntry,
  applyFormConfig?: { disableLoggedOutApply?: boolean } | null,
): boolean {
  if (route.access === 'candidate') return true;
  if (route.access === 'apply') return applyFormConfig?.disableLoggedOutApply === true;
  return false;
}

/** Who is looking at the page, as far as activity goes. */
export interface Visitor {
  isLoggedIn: boolean;
  applyFormConfig?: { disableLoggedOutApply?: boolean } | null;
}

/** Whether the page at a path is held for sign-in: a protected route opened while signed out. */
export function heldForLogin(pathname: string, visitor: Visitor): boolean {
  const match = matchRoute(pathname);
  return match !== null && !visitor.isLoggedIn && requiresLogin(match.route, visitor.applyFormConfig);
}

/**
 * Whether a widget is active at a path — the one rule the root config (single-spa activity), the page server
 * (slots, first calls, preloads) and the build (first-load JS) share. A page widget (`activeWhen: "routes"`) is
 * active exactly on the routes the table gives it, unless the page is held for sign-in; any other widget is
 * active on pages under its path prefixes ("/" means every page).
 */
export function isWidgetActive(
  widget: { name: string; activeWhen: 'routes' | readonly string[] },
  pathname: string,
  visitor: Visitor,
): boolean {
  const { activeWhen } = widget;
  if (activeWhen === 'routes')
    return matchRoute(pathname)?.route.widget === widget.name && !heldForLogin(pathname, visitor);
  return activeWhen.some((prefix) => {
    if (prefix === '/') return true;
    const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    return pathname === p || pathname.startsWith(`${p}/`);
  });
}
