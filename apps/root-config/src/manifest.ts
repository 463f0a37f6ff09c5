import type { Manifest, ManifestWidget } from '@careers/shared/contract';
import { asksForLogin, matchRoute, requiresLogin } from '@careers/shared';

const FIELDS = ['name', 'remoteEntry', 'scope', 'module', 'slot'] as const;

function isWidget(value: unknown): value is ManifestWidget {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Record<string, unknown>;
  return (
    FIELDS.every((f) => typeof w[f] === 'string' && (w[f] as string).length > 0) &&
    (w.activeWhen === 'routes' ||
      (Array.isArray(w.activeWhen) && w.activeWhen.every((p) => typeof p === 'string' && p.startsWith('/'))))
  );
}

/**
 * Reads the deployment manifest. Entries that are not well formed are left out (and logged) so one bad entry
 * cannot stop the other widgets; a duplicate name keeps the first entry.
 */
export function parseManifest(raw: unknown): Manifest {
  const list = typeof raw === 'object' && raw !== null ? (raw as { widgets?: unknown }).widgets : undefined;
  if (!Array.isArray(list)) throw new Error('The widget manifest has no "widgets" list');
  const seen = new Set<string>();
  const widgets: ManifestWidget[] = [];
  for (const entry of list) {
    if (!isWidget(entry)) {
      console.error('[careers] manifest entry ignored: not a valid widget entry', entry);
      continue;
    }
    if (seen.has(entry.name)) {
      console.error(`[careers] manifest entry ignored: duplicate widget name "${entry.name}"`);
      continue;
    }
    seen.add(entry.name);
    widgets.push(entry);
  }
  return { widgets };
}

/** The element the page server writes the manifest into (the page then loads without fetching it). */
export const MANIFEST_ELEMENT_ID = 'careers-manifest';

/**
 * The deployment manifest: the one the page server wrote into the page when there is one (no request before the
 * widgets can load), else fetched from `url` (static host pages, or a page whose inline copy is unreadable).
 */
export async function loadManifest(url: string): Promise<Manifest> {
  const inline = document.getElementById(MANIFEST_ELEMENT_ID)?.textContent;
  if (inline) {
    try {
      return parseManifest(JSON.parse(inline));
    } catch (error) {
      console.error('[careers] the manifest in the page is not valid; fetching it instead', error);
    }
  }
  return fetchManifest(url);
}

export async function fetchManifest(url: string): Promise<Manifest> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Widget manifest ${url} answered ${response.status}`);
  return parseManifest(await response.json());
}

/** What page activity depends on besides the address. */
export interface ActivityContext {
  isLoggedIn: boolean;
  applyFormConfig?: { disableLoggedOutApply?: boolean } | null;
}

type PathLocation = Pick<Location | URL, 'pathname'>;
type FullLocation = Pick<Location | URL, 'pathname' | 'search'>;

/**
 * The page a location shows, and whether it is held back for sign-in: a protected route opened while signed out
 * renders no page widget; the sign-in gate takes the slot instead.
 */
function pageAt(location: PathLocation, context: ActivityContext) {
  const match = matchRoute(location.pathname);
  if (!match) return { match: null, needsLogin: false };
  const needsLogin = !context.isLoggedIn && requiresLogin(match.route, context.applyFormConfig);
  return { match, needsLogin };
}

/**
 * single-spa activity function. A page widget (`activeWhen: "routes"`) is active exactly on the routes the route
 * table gives it, and only when the visitor may see them; any other widget is active on pages under its prefixes.
 */
export function activityFor(widget: Pick<ManifestWidget, 'name' | 'activeWhen'>, context: ActivityContext) {
  const { activeWhen } = widget;
  if (activeWhen === 'routes') {
    return (location: PathLocation): boolean => {
      const { match, needsLogin } = pageAt(location, context);
      return match?.route.widget === widget.name && !needsLogin;
    };
  }
  return (location: PathLocation): boolean =>
    activeWhen.some((prefix) => {
      if (prefix === '/') return true;
      const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      return location.pathname === p || location.pathname.startsWith(`${p}/`);
    });
}

/**
 * Activity of the sign-in gate: a protected route opened while signed out, or any page opened signed out with
 * `show_login_modal=1` (or `true`) in its address (spec 001 §2).
 */
export function loginGateActivity(context: ActivityContext) {
  return (location: FullLocation): boolean =>
    pageAt(location, context).needsLogin || (!context.isLoggedIn && asksForLogin(location.search));
}
