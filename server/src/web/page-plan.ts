import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  apiAddress,
  type BootData,
  heldForLogin,
  isWidgetActive,
  type Manifest,
  matchRoute,
  PAGE_FIRST_CALLS,
  PUBLIC_FIRST_CALL_PAGES,
  type PageId,
  SHELL_SLOTS,
  SHELL_WIDGET,
  shellAttribute,
  shellParts,
  WIDGET_START_CALLS,
} from '../contract';

/**
 * What the host page needs to know about the widgets before any script runs, so the first screen does not wait
 * on a chain of requests or jump when the widgets arrive:
 * - the deployment manifest, written into the page (the root config then does not fetch it);
 * - the slots that a widget will fill on this page, so the page's CSS can keep their room (see README, "Slots");
 * - the first screen's API calls, answered in the page (the widget's first request of that address reads it).
 */
export interface PagePlan {
  manifest: Manifest | null;
  /**
   * The route's page identifier (docs/product/routes-and-access.md#page-identifiers), or null when the path is none of
   * the careers pages.
   */
  page: string | null;
  /** The careers home (`/careers` itself), where an employer's page usually shows its own landing content. */
  home: boolean;
  /** Ids of the slots a widget fills on this page (page slot, bell, shell), for `data-careers-slots`. */
  slots: string[];
  /**
   * The page shell's parts drawn on this page (`navbar phase promo hero footer`, see shared/src/contract/shell-parts),
   * for `data-careers-shell`: the page's CSS keeps their room. Empty when the shell widget is not on the page.
   */
  shell: string;
  /** The hero image the shell draws at the top of this page (its checked address), for `<link rel="preload">`. */
  heroImage: string | null;
  /** Widgets active on this page (for preloading their code). */
  widgets: string[];
  /** GET addresses whose answers the first screen needs, with the query exactly as the widget builds it. */
  firstScreenCalls: string[];
  /** Scripts the page's widgets load at start (from the build's page preloads), for `<link rel="preload">`. */
  preloads: string[];
}

/**
 * The scripts each page loads at start, written by the build from its stats (`npm run build` writes
 * dist/widgets/preloads.json): by route pattern, for a signed-in candidate (`in`) and a visitor (`out`).
 */
export interface PagePreloads {
  routes: Record<string, { in: string[]; out: string[] }>;
  /** Pages that match no route (the root config and the persistent widgets only). */
  other: { in: string[]; out: string[] };
}

const cache = new Map<string, { mtimeMs: number; value: unknown }>();

/** A JSON file of the build, re-read when the build changes it; null when it is missing or unreadable. */
async function readBuildFile<T>(file: string, valid: (value: unknown) => value is T): Promise<T | null> {
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
  const known = cache.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.value as T | null;
  let value: T | null = null;
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    value = valid(parsed) ? parsed : null;
  } catch {
    value = null;
  }
  cache.set(file, { mtimeMs, value });
  return value;
}

const isManifest = (value: unknown): value is Manifest =>
  typeof value === 'object' && value !== null && Array.isArray((value as Manifest).widgets);

const isPreloads = (value: unknown): value is PagePreloads =>
  typeof value === 'object' && value !== null && typeof (value as PagePreloads).routes === 'object';

/** The built deployment manifest (dist/widgets/manifest.json); null if none. */
export function readManifest(distDir: string): Promise<Manifest | null> {
  return readBuildFile(path.join(distDir, 'widgets', 'manifest.json'), isManifest);
}

/** The build's page preloads (dist/widgets/preloads.json); null if none (pages then preload nothing). */
export function readPreloads(distDir: string): Promise<PagePreloads | null> {
  return readBuildFile(path.join(distDir, 'widgets', 'preloads.json'), isPreloads);
}

/** Only same-site widget scripts are ever preloaded, whatever the file says. */
const isWidgetScript = (href: unknown): href is string =>
  typeof href === 'string' && /^\/widgets\/[A-Za-z0-9_./-]+\.js$/.test(href) && !href.includes('..');

/** The first screen's calls for a signed-in candidate: the widgets that start on every page, then the page's. */
function firstScreenCalls(
  widgets: string[],
  page: PageId | null,
  params: Record<string, string>,
  boot: BootData,
  address: { pathname: string; search: string },
) {
  const pageCalls =
    page && (boot.isLoggedIn || PUBLIC_FIRST_CALL_PAGES.has(page))
      ? (PAGE_FIRST_CALLS[page]?.(params, { domain: boot.groupId, boot, ...address }) ?? [])
      : [];
  const calls = [
    ...(boot.isLoggedIn ? widgets.flatMap((name) => WIDGET_START_CALLS[name]?.(boot) ?? []) : []),
    ...pageCalls,
  ];
  return calls.map(apiAddress);
}

/** The ids of the elements of a page template (where widgets can mount). */
export function slotsOf(template: string): Set<string> {
  return new Set([...template.matchAll(/\bid\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]!));
}

/** The plan for one page address and the starting data rendered into it. */
export function planPage(
  manifest: Manifest | null,
  pathname: string,
  boot: BootData,
  preloads: PagePreloads | null = null,
  /** Ids of the elements the page template has: a widget whose slot is missing is not loaded (nor preloaded). */
  pageSlots: ReadonlySet<string> | null = null,
  /** The address's query (`?query=...`): the search page's first search depends on it. */
  search = '',
): PagePlan {
  const match = matchRoute(pathname);
  const visitor = { isLoggedIn: boot.isLoggedIn, applyFormConfig: boot.pcsxConfig.applyFormConfig };
  const held = heldForLogin(pathname, visitor);
  const widgets: string[] = [];
  const slots = new Set<string>();
  let shell = '';
  let heroImage: string | null = null;
  for (const widget of manifest?.widgets ?? []) {
    const active = isWidgetActive(widget, pathname, visitor);
    if (!active) continue;
    if (widget.name === SHELL_WIDGET) {
      // The shell draws into up to three slots; it loads when the page has any of them.
      const present = Object.values(SHELL_SLOTS).filter((id) => !pageSlots || pageSlots.has(id));
      if (present.length === 0) continue;
      widgets.push(widget.name);
      const parts = shellParts(boot, match?.route.page ?? null);
      const drawn: Record<(typeof SHELL_SLOTS)[keyof typeof SHELL_SLOTS], boolean> = {
        [SHELL_SLOTS.navbar]: parts.navbar || parts.phase,
        [SHELL_SLOTS.banner]: Boolean(parts.promo || parts.hero),
        [SHELL_SLOTS.footer]: parts.footer !== null,
      };
      for (const id of present) if (drawn[id]) slots.add(id);
      shell = shellAttribute(parts);
      if (parts.hero && present.includes(SHELL_SLOTS.banner)) heroImage = parts.hero.imageUrl;
      continue;
    }
    if (pageSlots && !pageSlots.has(widget.slot)) continue;
    widgets.push(widget.name);
    // The bell shows only for a signed-in candidate with in-app notifications on; the first-run gates are an
    // overlay that takes no room in the page.
    if (widget.slot === 'candidate-notification-trigger' && !(boot.isLoggedIn && boot.notificationsConfig.enabled))
      continue;
    if (widget.slot === 'careers-gate') continue;
    slots.add(widget.slot);
  }
  if (held) slots.add('careers-main'); // the sign-in gate takes the page slot
  // Preload only where a page widget draws the main content: elsewhere the employer's own content is the first
  // screen, and the widgets' scripts would only compete with it for the network.
  const pageWidgetActive = widgets.some((name) => name === match?.route.widget);
  const set = !pageWidgetActive ? undefined : match ? preloads?.routes[match.route.path] : preloads?.other;
  // A widget the deployed manifest points elsewhere (another host, another folder) is not preloaded from here.
  const servedHere = (href: string) => {
    const bundle = /^\/widgets\/([^/]+)\//.exec(href)?.[1];
    const widget = manifest?.widgets.find((w) => w.name === bundle);
    if (!widget) return true; // the root config
    return widgets.includes(widget.name) && widget.remoteEntry === `/widgets/${widget.name}/remoteEntry.js`;
  };
  const scripts = ((boot.isLoggedIn ? set?.in : set?.out) ?? []).filter(
    (href) => isWidgetScript(href) && servedHere(href),
  );
  return {
    manifest,
    page: match?.route.page ?? null,
    home: /^\/careers\/?$/.test(pathname),
    slots: [...slots],
    shell,
    heroImage,
    widgets,
    preloads: scripts,
    firstScreenCalls: firstScreenCalls(widgets, held ? null : (match?.route.page ?? null), match?.params ?? {}, boot, {
      pathname,
      search,
    }),
  };
}
