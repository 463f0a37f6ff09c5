import type { Manifest, ManifestWidget } from '@careers/shared/contract';

const FIELDS = ['name', 'remoteEntry', 'scope', 'module', 'slot'] as const;

function isWidget(value: unknown): value is ManifestWidget {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Record<string, unknown>;
  return (
    FIELDS.every((f) => typeof w[f] === 'string' && (w[f] as string).length > 0) &&
    Array.isArray(w.activeWhen) &&
    w.activeWhen.every((p) => typeof p === 'string' && p.startsWith('/'))
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

export async function fetchManifest(url: string): Promise<Manifest> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Widget manifest ${url} answered ${response.status}`);
  return parseManifest(await response.json());
}

/** single-spa activity function: a widget is active on pages under any of its path prefixes. */
export function activityFor(widget: Pick<ManifestWidget, 'activeWhen'>) {
  return (location: Location | URL): boolean =>
    widget.activeWhen.some((prefix) => {
      if (prefix === '/') return true;
      const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
      return location.pathname === p || location.pathname.startsWith(`${p}/`);
    });
}
