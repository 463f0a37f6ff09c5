import type { Manifest, ManifestWidget } from '@careers/shared/contract';
import { asksForLogin, heldForLogin, isWidgetActive, type Visitor } from '@careers/shared';

const FIELDS = ['name', 'remoteEntry', 'scope', 'module', 'slot'] as const;

function isWidget(value: unknown): value is ManifestWidget {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Record<string, unknown>;
  return (
    FIELDS.every((f) => typeof w[f] === 'string' && (w[f] as string).length > 0) &&
    (w.activeWhen === 'routes' ||
      (Array.isArray(w.activeWhen) && w.activeWhen.every((p) => typeof p === 'string' && p.startsWith('/')))) &&
    // Optional (older manifests have none): the exposed modules other widgets may load, each "./Name".
    (w.exposes === undefined ||
      (Array.isArray(w.exposes) && w.exposes.every((m) => typeof m === 'string' && /^\.\/./.test(m))))
  );
}

/**
 * Reads the deployment manifest. Entries that are not well formed are left out (and logged) so one bad entry
 * cannot stop the other widgets; a duplicate name keeps the first entry. With `base` (the address the manifest
 * came from), each `remoteEntry` is resolved against it: on the employer's own page a relative `/widgets/…` means
 * the careers server's, not the page's.
 */
export function parseManifest(raw: unknown, base?: string): Manifest {
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
    widgets.push(base === undefined ? entry : { ...entry, remoteEntry: new URL(entry.remoteEntry, base).href });
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
  return parseManifest(await response.json(), response.url || new URL(url, document.baseURI).href);
}

/** What page activity depends on besides the address. */
export type ActivityContext = Visitor;

type PathLocation = Pick<Location | URL, 'pathname'>;
type FullLocation = Pick<Location | URL, 'pathname' | 'search'>;

/** single-spa activity function of a widget (the rule is `isWidgetActive` of the route table). */
export function activityFor(widget: Pick<ManifestWidget, 'name' | 'activeWhen'>, context: ActivityContext) {
  return (location: PathLocation): boolean => isWidgetActive(widget, location.pathname, context);
}

/**
 * Activity of the sign-in gate: a protected route opened while signed out, or any page opened signed out with
 * `show_login_modal=1` (or `true`) in its address (docs/product/routes-and-access.md#sign-in-dialog).
 */
export function loginGateActivity(context: ActivityContext) {
  return (location: FullLocation): boolean =>
    heldForLogin(location.pathname, context) || (!context.isLoggedIn && asksForLogin(location.search));
}
