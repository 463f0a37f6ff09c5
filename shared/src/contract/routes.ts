/**
 * The one route table of the careers pages (docs/product/routes-and-access.md#route-table). For every address it says
 * which page it is (the page identifier logged with page views), which widget renders it in the page slot
 * (`careers-main`), and whether it needs a signed-in candidate. The root config activates page widgets from it, the
 * page-view log and the page title read it, widgets read their route parameters from it, and every careers address is
 * built from its patterns (`sitePath`, on the client and the server).
 *
 * Matching does not depend on the order of the entries: the most specific pattern wins (a fixed segment beats a
 * parameter, a parameter beats an optional parameter), so `/careers/offers` is the offers page, not a search for
 * "offers", and `/careers/forms/center` is the forms centre, not form "center".
 *
 * Pattern syntax: fixed segments, `:name` (one segment), `:name?` (an optional segment, only at the end).
 * Paths are matched without trailing slashes; segments are compared after percent-decoding.
 */

/**
 * Who may open a route: `public`, `candidate` (a signed-in candidate; otherwise the sign-in dialog,
 * docs/product/routes-and-access.md#protected-routes), or `apply` (signed in only when the employer sets
 * `applyFormConfig.disableLoggedOutApply`).
 */
export type RouteAccess = 'public' | 'candidate' | 'apply';

export interface RouteEntry {
  /** Pattern of the address path. */
  path: string;
  /** The page identifier (docs/product/routes-and-access.md#page-identifiers), logged with every page view. */
  page: string;
  /**
   * The widget that renders the page in `careers-main`, by its registry name; null for pages the careers server
   * renders itself (the sign-in page and the sign-out address).
   */
  widget: string | null;
  access: RouteAccess;
}

export const ROUTES = [
  // dashboard bundle
  { path: '/careers/profile', page: 'profile', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/dashboard', page: 'dashboard', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/dashboardv2', page: 'dashboard', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/settings', page: 'settings', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/export-resume', page: 'exportResume', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/applications', page: 'applications', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/saved-jobs', page: 'savedJobs', widget: 'dashboard', access: 'candidate' },
  { path: '/careers/interviews', page: 'interviews', widget: 'dashboard', access: 'candidate' },
  // forms toolkit bundle (apply, forms centre, form view, onboarding forms)
  { path: '/careers/apply', page: 'applyPage', widget: 'forms', access: 'apply' },
  { path: '/careers/apply/private', page: 'applyPage', widget: 'forms', access: 'apply' },
  { path: '/careers/forms/center', page: 'documentCenter', widget: 'forms', access: 'candidate' },
  { path: '/careers/forms/:formId?', page: 'formView', widget: 'forms', access: 'public' },
  { path: '/careers/onboarding', page: 'onboarding', widget: 'forms', access: 'candidate' },
  // search bundle
  { path: '/careers/job/private', page: 'singlePosition', widget: 'search', access: 'public' },
  { path: '/careers/job/:pid?', page: 'singlePosition', widget: 'search', access: 'public' },
  { path: '/careers/search', page: 'jobs', widget: 'search', access: 'public' },
  { path: '/careers/:query?/:location?', page: 'jobs', widget: 'search', access: 'public' },
  // offers bundle
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

/**
 * Page identifiers of the routes (docs/product/routes-and-access.md#page-identifiers: jtn and ProfileBootstrapping name
 * no route of their own).
 */
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

/** The segments of a pattern, read the one way matching and building share. */
function segmentsOf(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? { kind: 'param', name: part.replace(/^:|\?$/g, ''), optional: part.endsWith('?') }
        : { kind: 'fixed', value: part },
    );
}

function compile<R extends RouteEntry>(route: R): CompiledRoute<R> {
  const segments = segmentsOf(route.path);
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

/* ------------------------------------------------------------ the base path */

/** The base path the route table is written under: `/careers/job/:pid?` is a job page below this. */
const TABLE_BASE = '/careers';

/**
 * The page's base path (docs/product/shell.md#any-path): where the careers pages live on this page's origin. The
 * careers server's own pages are at `/careers`; an employer's page may put them under any path (`/jobs`,
 * `/en/careers`, or `/` for the whole site) with the root config's `data-base-path`. '' stands for `/`.
 */
let pageBase = TABLE_BASE;

/**
 * A base path as written by an employer (`/jobs`, `jobs/`, `/`), normalised: one leading slash, no trailing slash,
 * '' for the root. Throws on what is no path (a query, a fragment, an address with an origin, `.` or `..`
 * segments, characters a URL path would escape): the employer's mistake, said at start, not a page of wrong links.
 */
export function normaliseSiteBase(path: string): string {
  const trimmed = path.trim();
  const segments = trimmed.split('/').filter(Boolean);
  const bad = segments.find(
    (segment) => segment === '.' || segment === '..' || !/^[A-Za-z0-9._~!$&'()*+,;=:@%-]+$/.test(segment),
  );
  if (/[?#\\]/.test(trimmed) || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//') || bad !== undefined)
    throw new Error(`not a base path: "${path}" (write a path such as /jobs or /en/careers)`);
  return segments.length === 0 ? '' : `/${segments.join('/')}`;
}

/** Sets the page's base path (the root config, from `data-base-path`); returns it normalised. */
export function setSiteBase(path: string): string {
  pageBase = normaliseSiteBase(path);
  return siteBase();
}

/** The page's base path (`/careers` unless the page set another; `/` for the root). */
export function siteBase(): string {
  return pageBase === '' ? '/' : pageBase;
}

/**
 * A path of the route table (`/careers/...`) as an address of this page: the table's base replaced by the page's.
 * Any other path is returned as it is. `atSiteBase('/careers/offers?tab=1')` is `/jobs/offers?tab=1` under `/jobs`.
 */
export function atSiteBase(path: string): string {
  if (pageBase === TABLE_BASE) return path;
  const match = /^\/careers(?=$|[/?#])(.*)$/s.exec(path);
  if (!match) return path;
  const rest = match[1]!;
  if (pageBase !== '') return `${pageBase}${rest}`;
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * A path of this page as a path of the route table, or null when it lies outside the page's base path. A last
 * `index.html` is the folder's page (a static site serves `/jobs/` from `/jobs/index.html`).
 */
export function fromSiteBase(pathname: string): string | null {
  const path = pathname.replace(/\/index\.html?$/i, '/');
  if (pageBase === TABLE_BASE) return path;
  if (pageBase === '') return `${TABLE_BASE}${path === '/' ? '' : path}`;
  if (path !== pageBase && !path.startsWith(`${pageBase}/`)) return null;
  return `${TABLE_BASE}${path.slice(pageBase.length)}`;
}

const matchTablePath = createMatcher(ROUTES);

/** The route of a path of this page, or null when the path is none of the careers pages (see `fromSiteBase`). */
export function matchRoute(pathname: string): RouteMatch | null {
  const tablePath = fromSiteBase(pathname);
  return tablePath === null ? null : matchTablePath(tablePath);
}

/** For tests and tools: a matcher over another table. */
export { createMatcher as createRouteMatcher };

/* ------------------------------------------------------------ building addresses */

/** A pattern of the route table: every careers address is built from one (see `sitePath`). */
export type SitePattern = (typeof ROUTES)[number]['path'];

type PatternSegments<P extends string> = P extends `${infer Head}/${infer Rest}` ? Head | PatternSegments<Rest> : P;
type RequiredName<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalName<S> = S extends `:${infer Name}?` ? Name : never;
type ParamValue = string | number;

/**
 * The path parameters of a pattern: `:name` must be given, `:name?` may be. A pattern without parameters takes
 * none (an empty object), so a parameter the pattern does not have is a type error rather than a silent no-op.
 */
export type SitePathParams<P extends string> = [
  RequiredName<PatternSegments<P>> | OptionalName<PatternSegments<P>>,
] extends [never]
  ? Record<string, never>
  : { [K in RequiredName<PatternSegments<P>>]: ParamValue } & {
      [K in OptionalName<PatternSegments<P>>]?: ParamValue | null;
    };

/**
 * Query parameters of a careers address. Absent, null and empty values (and empty lists) are left out; a list is
 * written comma-joined (`pid=1,2`, the apply page's position list), each item encoded but the commas not.
 */
export type SiteQuery = Readonly<Record<string, ParamValue | readonly ParamValue[] | null | undefined>>;

/** A pattern whose address needs no parameter (its optional ones may be left out): a page a link leads to as it is. */
export type PlainSitePattern = {
  [P in SitePattern]: [RequiredName<PatternSegments<P>>] extends [never] ? P : never;
}[SitePattern];

/** The arguments after the pattern: the parameters are optional when the pattern needs none. */
export type SitePathArgs<P extends SitePattern> = [RequiredName<PatternSegments<P>>] extends [never]
  ? [params?: SitePathParams<P>, query?: SiteQuery]
  : [params: SitePathParams<P>, query?: SiteQuery];

/**
 * One query component as a form (and `URLSearchParams`) writes it: what `encodeURIComponent` leaves alone except
 * `!'()~`, and a space as `+`. Addresses built before the builder used `URLSearchParams`, so this keeps them as
 * they were; for the values the site sends (domains, ids, paths, language tags) it is `encodeURIComponent`'s too.
 */
function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * The query part of a careers address (`?a=1&b=2`, or '' when nothing is left): names in alphabetical order, so
 * one page with the same parameters always has one address whoever builds it.
 */
export function siteQuery(query: SiteQuery = {}): string {
  const pairs: string[] = [];
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    const items = Array.isArray(value) ? (value as readonly ParamValue[]) : [value as ParamValue | null | undefined];
    const text = items
      .filter((item): item is ParamValue => item !== null && item !== undefined && item !== '')
      .map((item) => formEncode(String(item)))
      .join(',');
    if (text !== '') pairs.push(`${formEncode(name)}=${text}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/**
 * The address of a careers page from its pattern in the route table — the one way the widgets and the server
 * build one: each parameter percent-encoded as one segment, absent optional segments left out (they end a
 * pattern), then `siteQuery(query)`. Typed by the table, so `sitePath('/careers/offer/:id', { id }, { domain })`
 * compiles only with the pattern's parameters.
 *
 * @example sitePath('/careers/offer/:id', { id: 'ab12' }, { domain: 'acme.example' }) // '/careers/offer/ab12?domain=acme.example'
 * @example sitePath('/careers/:query?/:location?') // '/careers'
 */
export function sitePath<P extends SitePattern>(pattern: P, ...args: SitePathArgs<P>): string {
  return atSiteBase(tablePath(pattern, ...args));
}

/**
 * The address of a careers page at the careers server's own base (`/careers`), whatever the page's base: for the
 * server's pages (its sign-in page, its answers' addresses) that a widget on an employer's page refers to.
 */
export function tablePath<P extends SitePattern>(pattern: P, ...[params, query]: SitePathArgs<P>): string {
  const values: Readonly<Record<string, ParamValue | null | undefined>> = params ?? {};
  const parts: string[] = [];
  let skipped: string | null = null;
  for (const segment of segmentsOf(pattern)) {
    if (segment.kind === 'fixed') {
      parts.push(segment.value);
      continue;
    }
    const value = values[segment.name];
    if (value === undefined || value === null || value === '') {
      // A required parameter left empty would make another page's address (`/careers/offer/` is the search for
      // "offer"): a mistake of the caller, not an address.
      if (!segment.optional) throw new Error(`sitePath: ${pattern} needs :${segment.name}`);
      skipped = segment.name;
      continue;
    }
    if (skipped !== null) throw new Error(`sitePath: ${pattern} has :${segment.name} without :${skipped}`);
    parts.push(encodeURIComponent(String(value)));
  }
  return `/${parts.join('/')}${siteQuery(query)}`;
}

/** The leading integer of a position id (`123-some-slug` is position 123), or null. */
export function leadingInteger(value: string | null | undefined): string | null {
  const match = value ? /^\d+/.exec(value) : null;
  return match ? match[0] : null;
}

/**
 * The position a page is about: the leading integer of the `pid` query parameter, else of `/careers/job/{pid}`
 * (docs/product/routes-and-access.md#position-ids-in-addresses). Apply pages carry it in the query too.
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
    // A prefix under the table's base (`/careers`) follows the page's base path.
    const at = atSiteBase(prefix);
    if (at === '/') return true;
    const p = at.endsWith('/') ? at.slice(0, -1) : at;
    return pathname === p || pathname.startsWith(`${p}/`);
  });
}
