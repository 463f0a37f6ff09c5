import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type BootData, type Manifest, matchRoute, requiresLogin } from '../contract';

/**
 * What the host page needs to know about the widgets before any script runs, so the first screen does not wait
 * on a chain of requests or jump when the widgets arrive:
 * - the deployment manifest, written into the page (the root config then does not fetch it);
 * - the slots that a widget will fill on this page, so the page's CSS can keep their room (see README, "Slots");
 * - the first screen's API calls, answered in the page (the widget's first request of that address reads it).
 */
export interface PagePlan {
  manifest: Manifest | null;
  /** The route's page identifier (spec 001 §2 list), or null when the path is none of the careers pages. */
  page: string | null;
  /** The careers home (`/careers` itself), where an employer's page usually shows its own landing content. */
  home: boolean;
  /** Ids of the slots a widget fills on this page (page slot, bell), for `data-careers-slots`. */
  slots: string[];
  /** Widgets active on this page (for preloading their code). */
  widgets: string[];
  /** GET addresses whose answers the first screen needs, with the query exactly as the widget builds it. */
  firstScreenCalls: string[];
}

let cached: { file: string; mtimeMs: number; manifest: Manifest | null } | null = null;

/** The built deployment manifest (dist/widgets/manifest.json), re-read when the build changes it; null if none. */
export async function readManifest(distDir: string): Promise<Manifest | null> {
  const file = path.join(distDir, 'widgets', 'manifest.json');
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.manifest;
  let manifest: Manifest | null = null;
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    manifest = Array.isArray(parsed?.widgets) ? parsed : null;
  } catch {
    manifest = null;
  }
  cached = { file, mtimeMs, manifest };
  return manifest;
}

function activeOnPrefixes(prefixes: string[], pathname: string): boolean {
  return prefixes.some((prefix) => {
    if (prefix === '/') return true;
    const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    return pathname === p || pathname.startsWith(`${p}/`);
  });
}

const enc = encodeURIComponent;

/**
 * The calls the page widget makes first on this route, as the widget writes them (same path, same query order),
 * for a signed-in candidate: the offers list, or the offer of an offer page.
 */
function firstScreenCallsFor(page: string | null, params: Record<string, string>, domain: string): string[] {
  const query = `?domain=${enc(domain)}`;
  if (page === 'offers') return [`/api/offer/offers${query}`];
  if ((page === 'offer' || page === 'offerLetter') && params.id && /^[A-Za-z0-9_-]{1,64}$/.test(params.id)) {
    return [`/api/offer/${enc(params.id)}${query}`];
  }
  return [];
}

/** The plan for one page address and the starting data rendered into it. */
export function planPage(manifest: Manifest | null, pathname: string, boot: BootData): PagePlan {
  const match = matchRoute(pathname);
  const held = match !== null && !boot.isLoggedIn && requiresLogin(match.route, boot.pcsxConfig.applyFormConfig);
  const widgets: string[] = [];
  const slots = new Set<string>();
  for (const widget of manifest?.widgets ?? []) {
    const active =
      widget.activeWhen === 'routes'
        ? match?.route.widget === widget.name && !held
        : activeOnPrefixes(widget.activeWhen, pathname);
    if (!active) continue;
    widgets.push(widget.name);
    // The bell shows only for a signed-in candidate with in-app notifications on; the first-run gates are an
    // overlay that takes no room in the page.
    if (widget.slot === 'candidate-notification-trigger' && !(boot.isLoggedIn && boot.notificationsConfig.enabled))
      continue;
    if (widget.slot === 'careers-gate') continue;
    slots.add(widget.slot);
  }
  if (held) slots.add('careers-main'); // the sign-in gate takes the page slot
  return {
    manifest,
    page: match?.route.page ?? null,
    home: /^\/careers\/?$/.test(pathname),
    slots: [...slots],
    widgets,
    firstScreenCalls:
      boot.isLoggedIn && !held ? firstScreenCallsFor(match?.route.page ?? null, match?.params ?? {}, boot.groupId) : [],
  };
}
