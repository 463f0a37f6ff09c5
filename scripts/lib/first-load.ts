/**
 * First-load JavaScript of a page, computed from the build: every script the browser downloads before the widgets
 * of that page are mounted. It replays what the Module Federation runtime does on the page:
 *
 * 1. root-config.js runs and imports its bootstrap (the federation boundary); the root joins the share scope
 *    (`careers_root` registers its copy of every shared module it provides);
 * 2. each chunk that loads brings the shared modules it consumes; a shared module is loaded once per page, from the
 *    container whose copy the share scope holds: the highest version, and for equal versions the copy registered
 *    first unless a later container has a greater `uniqueName` (= its scope) and the first copy is not loaded yet
 *    (webpack's `register` in the sharing runtime). So with equal versions the root config's copies win: it
 *    registers first and `careers_root` sorts after every `careers_<widget>` scope;
 * 3. the widgets active on the page load their remoteEntry.js, join the share scope, then load the chunks of their
 *    exposed `./Widget` module (and the shared modules those consume), and the on-demand views the registry says
 *    they open at once on this page (`startViews`, e.g. the position details on a position page). On a first page
 *    view the widgets around the page (bell, shell, first-run gate) ask for their exposed module only after the
 *    page widget's first mount (apps/root-config/src/pageFirst.ts), but their remoteEntry.js joins the share scope
 *    at start like the others', so the same copies are chosen and the same files load, later.
 *
 * What it does not count: chunks a widget imports on demand, but for those start views (other locales, the PDF viewer, the letter pages,
 * confetti, dialogs), which depend on what the visitor does or on the data; and the host page's own scripts.
 *
 * Sources: the stats files the build writes (dist/stats/<name>.json: chunk files and chunk groups by origin: the
 * root's bootstrap, each provided shared module, each exposed module) and, for the one fact the stats leave out
 * (which chunk holds which consume-shared module: they are "dependent modules", filtered out of the stats), the
 * consumes table of the federation runtime in each bundle's entry file (root-config.js, remoteEntry.js).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTES, isWidgetActive, matchRoute } from '../../shared/src/contract/routes';
import type { Registry } from '../../apps/root-config/registry';

interface Origin {
  moduleIdentifier?: string;
  loc?: string;
  request?: string;
}
interface Chunk {
  id: string | number;
  files: string[];
  entry: boolean;
  modules?: Array<{ moduleType?: string; nameForCondition?: string | null; identifier?: string }>;
  origins?: Origin[];
}
interface Stats {
  chunks: Chunk[];
  entrypoints?: Record<string, { chunks: Array<string | number> }>;
  namedChunkGroups?: Record<string, { chunks?: Array<string | number> }>;
}

/** One federated bundle as the page sees it. */
interface Container {
  name: string;
  scope: string;
  /** JS files of each chunk. */
  files: Map<string, string[]>;
  /** The entry chunk(s): root-config.js or remoteEntry.js. */
  entry: string[];
  /** Chunks loaded right after the entry: the root's bootstrap, or a widget's exposed module. */
  start: string[];
  /** Named chunk groups (webpack chunk names: on-demand views, with the chunks split out of them), for `startViews`. */
  named: Map<string, string[]>;
  /** Shared modules this container provides: version and the chunks its copy loads. */
  provides: Map<string, { version: string; chunks: string[] }>;
  /** Its own fallback chunks, used only when no container provides the module. */
  fallbacks: Map<string, string[]>;
  /** Shared modules each chunk consumes (they load before the chunk's code runs). */
  consumes: Map<string, string[]>;
}

interface PageFile {
  bundle: string;
  file: string;
  gzip: number;
  /** entry (root-config.js, remoteEntry.js), own (the bundle's code), shared (a shared module's copy). */
  kind: 'entry' | 'own' | 'shared';
}

export interface PageLoad {
  /** Label: the route pattern, and who opens it. */
  label: string;
  path: string;
  signedIn: boolean;
  /** Active widgets, page widget last. */
  widgets: string[];
  /** The page widget of the route (registry name), if any is registered. */
  pageWidget: string | null;
  files: PageFile[];
  gzip: number;
  /** Where each shared module came from: `key -> bundle`. */
  sharedFrom: Map<string, string>;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

function stripLoaders(identifier: string): string {
  return identifier.slice(identifier.lastIndexOf('!') + 1).replace(/\\/g, '/');
}

/**
 * The consumes table of the federation runtime (minified production output):
 * `{806:[2039],...}` (chunk -> consume module ids) and `2039:()=>x("default","@careers/shared",...` (module -> key).
 */
function readConsumes(entrySource: string, file: string): Map<string, string[]> {
  const keyOf = new Map<string, string>();
  for (const m of entrySource.matchAll(/(\d+):\(\)=>[\w$]+\("[^"]+","([^"]+)",/g)) keyOf.set(m[1]!, m[2]!);
  const tables = [...entrySource.matchAll(/\{\d+:\[\d+(?:,\d+)*\](?:,\d+:\[\d+(?:,\d+)*\])*\}/g)].map((m) =>
    [...m[0].matchAll(/(\d+):\[([\d,]+)\]/g)].map((e) => [e[1]!, e[2]!.split(',')] as const),
  );
  const table = tables.find((t) => t.every(([, ids]) => ids.every((id) => keyOf.has(id))));
  if (keyOf.size > 0 && !table) {
    throw new Error(`${file}: the federation runtime's consumes table was not found (not a production build?)`);
  }
  return new Map((table ?? []).map(([chunk, ids]) => [chunk, ids.map((id) => keyOf.get(id)!)]));
}

function readContainer(root: string, name: string, scope: string, exposed: string | null): Container {
  const statsFile = path.join(root, 'dist/stats', `${name}.json`);
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  const files = new Map<string, string[]>();
  const groups = new Map<string, Set<string>>();
  const addTo = (group: string, chunk: string) => {
    if (!groups.has(group)) groups.set(group, new Set());
    groups.get(group)!.add(chunk);
  };
  const versions = new Map<string, string>();
  const entry: string[] = [];
  const entryModules = new Set<string>();
  // A view (a webpack chunk name) is its chunk group: the named chunk and the chunks webpack split out of it
  // (modules shared with another view), all loaded by its import().
  const named = new Map<string, string[]>();
  for (const chunk of stats.chunks as Array<Chunk & { names?: string[] }>) {
    for (const chunkName of chunk.names ?? [])
      named.set(chunkName, [...(named.get(chunkName) ?? []), String(chunk.id)]);
  }
  for (const [groupName, group] of Object.entries(stats.namedChunkGroups ?? {})) {
    if (named.has(groupName)) named.set(groupName, [...new Set((group.chunks ?? []).map(String))]);
  }
  for (const chunk of stats.chunks) {
    const id = String(chunk.id);
    files.set(
      id,
      chunk.files.filter((f) => /\.m?js$/.test(f)),
    );
    if (chunk.entry) {
      entry.push(id);
      for (const m of chunk.modules ?? []) {
        if ((m.moduleType ?? '').startsWith('javascript') && m.nameForCondition) {
          entryModules.add(m.nameForCondition.replace(/\\/g, '/'));
        }
      }
    }
  }
  for (const chunk of stats.chunks) {
    const id = String(chunk.id);
    for (const origin of chunk.origins ?? []) {
      const from = origin.moduleIdentifier ?? '';
      const provide = /^provide module \([^)]*\) (.+)@([^@|]+)\|/.exec(from);
      const consume = /^consume-shared-module\|[^|]*\|([^|]+)\|/.exec(from);
      if (provide) {
        addTo(`provide:${provide[1]}`, id);
        versions.set(provide[1]!, provide[2]!);
      } else if (consume) addTo(`fallback:${consume[1]}`, id);
      else if (from.startsWith('container entry') && origin.loc === exposed) addTo('start', id);
      else if (exposed === null && entryModules.has(stripLoaders(from))) addTo('start', id);
    }
  }
  const entryFiles = entry.flatMap((id) => files.get(id) ?? []);
  if (entryFiles.length === 0) throw new Error(`${statsFile}: no entry chunk`);
  const outDir = path.join(root, 'dist/widgets', name);
  const source = entryFiles.map((f) => fs.readFileSync(path.join(outDir, f), 'utf8')).join('\n');
  const provides = new Map<string, { version: string; chunks: string[] }>();
  const fallbacks = new Map<string, string[]>();
  for (const [group, chunks] of groups) {
    const [kind, key] = [group.slice(0, group.indexOf(':')), group.slice(group.indexOf(':') + 1)];
    if (kind === 'provide') provides.set(key, { version: versions.get(key)!, chunks: [...chunks] });
    if (kind === 'fallback') fallbacks.set(key, [...chunks]);
  }
  return {
    name,
    scope,
    files,
    entry,
    start: [...(groups.get('start') ?? [])],
    named,
    provides,
    fallbacks,
    consumes: readConsumes(source, path.join(outDir, entryFiles[0]!)),
  };
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map(Number);
  const pb = b.split(/[.+-]/).map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** The page in the browser: the share scope, and what has been downloaded. */
class PageModel {
  /** key -> version -> the registered copy (webpack's share scope). */
  private readonly scope = new Map<string, Map<string, { from: Container; loaded: boolean }>>();
  private readonly loadedChunks = new Set<string>();
  readonly files: PageFile[] = [];
  readonly sharedFrom = new Map<string, string>();

  constructor(private readonly root: string) {}

  /** webpack's `register`: a copy replaces another of the same version only when greater and not loaded. */
  register(container: Container) {
    for (const [key, { version }] of container.provides) {
      if (!this.scope.has(key)) this.scope.set(key, new Map());
      const versions = this.scope.get(key)!;
      const current = versions.get(version);
      if (!current || (!current.loaded && container.scope > current.from.scope)) {
        versions.set(version, { from: container, loaded: false });
      }
    }
  }

  private addFiles(container: Container, chunk: string, kind: PageFile['kind']) {
    for (const file of container.files.get(chunk) ?? []) {
      this.files.push({
        bundle: container.name,
        file,
        gzip: gzipSize(path.join(this.root, 'dist/widgets', container.name, file)),
        kind,
      });
    }
  }

  loadChunk(container: Container, chunk: string, kind: PageFile['kind']) {
    const id = `${container.name}:${chunk}`;
    if (this.loadedChunks.has(id)) return;
    this.loadedChunks.add(id);
    this.addFiles(container, chunk, kind);
    for (const key of container.consumes.get(chunk) ?? []) this.consume(container, key);
  }

  /** A singleton: the highest registered version (webpack's loadSingletonVersion), else the consumer's fallback. */
  private consume(consumer: Container, key: string) {
    if (this.sharedFrom.has(key)) return;
    const versions = this.scope.get(key);
    const best = versions && [...versions.keys()].sort(compareVersions).pop();
    const copy = best ? versions.get(best)! : null;
    if (copy) {
      copy.loaded = true;
      this.sharedFrom.set(key, copy.from.name);
      for (const chunk of copy.from.provides.get(key)!.chunks) this.loadChunk(copy.from, chunk, 'shared');
    } else {
      this.sharedFrom.set(key, `${consumer.name} (fallback)`);
      for (const chunk of consumer.fallbacks.get(key) ?? []) this.loadChunk(consumer, chunk, 'shared');
    }
  }
}

/** Widgets active at `pathname` (the one rule: `isWidgetActive` of the route table). */
function activeWidgets(registry: Registry, pathname: string, signedIn: boolean) {
  return registry.widgets.filter((w) => isWidgetActive(w, pathname, { isLoggedIn: signedIn }));
}

/** An address of a route pattern (parameters filled with a sample value, optional ones left out). */
function samplePath(pattern: string): string {
  return pattern
    .split('/')
    .filter((s) => !s.endsWith('?'))
    .map((s) => (s.startsWith(':') ? 'x1' : s))
    .join('/');
}

/** The pages measured: /careers signed out and signed in, then every route whose page widget is registered. */
function pagesOfInterest(registry: Registry): Array<{ label: string; path: string; signedIn: boolean }> {
  const pageWidgets = new Set(registry.widgets.filter((w) => w.activeWhen === 'routes').map((w) => w.name));
  const pages = [
    { label: '/careers (signed out)', path: '/careers', signedIn: false },
    { label: '/careers (signed in)', path: '/careers', signedIn: true },
  ];
  for (const route of ROUTES) {
    if (!route.widget || !pageWidgets.has(route.widget)) continue;
    const signedIn = route.access !== 'public';
    pages.push({ label: `${route.path}${signedIn ? ' (signed in)' : ''}`, path: samplePath(route.path), signedIn });
  }
  return pages;
}

/** The bundles of a build, read once, to replay any number of pages. */
function readBuild(root: string, registry: Registry) {
  const rootBundle = readContainer(root, registry.root.name, registry.root.scope, null);
  const widgets = new Map(
    registry.widgets.map((w) => [w.name, readContainer(root, w.name, w.scope, Object.keys(w.exposes)[0] ?? null)]),
  );
  for (const w of registry.widgets) {
    const c = widgets.get(w.name)!;
    if (c.start.length === 0) throw new Error(`dist/stats/${w.name}.json: no chunk group for its exposed module`);
  }
  if (rootBundle.start.length === 0) throw new Error(`dist/stats/${registry.root.name}.json: no bootstrap chunk`);
  return { rootBundle, widgets };
}

/** Replays the first load of one page address, signed in or not. */
function replay(
  root: string,
  registry: Registry,
  build: ReturnType<typeof readBuild>,
  pathname: string,
  signedIn: boolean,
) {
  const { rootBundle, widgets } = build;
  const page = new PageModel(root);
  // 1. the root config: its entry, then its bootstrap (the root joins the share scope before the first consume)
  for (const chunk of rootBundle.entry) page.loadChunk(rootBundle, chunk, 'entry');
  page.register(rootBundle);
  for (const chunk of rootBundle.start) page.loadChunk(rootBundle, chunk, 'own');
  // 2. the active widgets: remote entries (each joins the share scope), then their exposed modules
  const active = activeWidgets(registry, pathname, signedIn).sort(
    (a, b) => Number(a.activeWhen === 'routes') - Number(b.activeWhen === 'routes'),
  );
  for (const w of active) {
    const c = widgets.get(w.name)!;
    for (const chunk of c.entry) page.loadChunk(c, chunk, 'entry');
    page.register(c);
  }
  const pageId = matchRoute(pathname)?.route.page;
  for (const w of active) {
    const c = widgets.get(w.name)!;
    for (const chunk of c.start) page.loadChunk(c, chunk, 'own');
    // 3. the views the widget opens at once on this page (registry startViews), with the shared modules they use
    for (const view of (pageId && w.startViews?.[pageId]) || []) {
      const chunks = c.named.get(view);
      if (!chunks) throw new Error(`${w.name}: startViews names "${view}", which the build has no chunk of`);
      for (const chunk of chunks) page.loadChunk(c, chunk, 'own');
    }
  }
  return { page, active };
}

/** The first-load JS of each page, from the build in `root`/dist. */
export function measurePages(root: string, registry: Registry): PageLoad[] {
  const build = readBuild(root, registry);
  return pagesOfInterest(registry).map(({ label, path: pathname, signedIn }) => {
    const { page, active } = replay(root, registry, build, pathname, signedIn);
    const pageWidget = active.find((w) => w.activeWhen === 'routes')?.name ?? null;
    return {
      label,
      path: pathname,
      signedIn,
      widgets: active.map((w) => w.name),
      pageWidget,
      files: page.files,
      gzip: page.files.reduce((sum, f) => sum + f.gzip, 0),
      sharedFrom: page.sharedFrom,
    };
  });
}

/** Scripts one page starts with, as addresses under /widgets/ (the root config's own entry script left out). */
export interface PagePreloads {
  routes: Record<string, { in: string[]; out: string[] }>;
  other: { in: string[]; out: string[] };
}

/**
 * For the page server's `<link rel="preload">`: every route pattern of the route table (and "any other page"),
 * signed in and out, with the scripts the page loads at start. root-config.js itself is in the page already.
 */
export function pagePreloads(root: string, registry: Registry): PagePreloads {
  const build = readBuild(root, registry);
  const scripts = (pathname: string, signedIn: boolean) =>
    replay(root, registry, build, pathname, signedIn)
      .page.files.filter((f) => !(f.bundle === registry.root.name && f.kind === 'entry'))
      .map((f) => `/widgets/${f.bundle}/${f.file}`);
  const both = (pathname: string) => ({ in: scripts(pathname, true), out: scripts(pathname, false) });
  const routes: PagePreloads['routes'] = {};
  for (const route of ROUTES) routes[route.path] = both(samplePath(route.path));
  return { routes, other: both('/') };
}

/**
 * What each widget loads on demand from its own code (dynamic imports: views of some routes, dialogs, libraries),
 * by import, for the note under the table: locales are left out (one per language, loaded only for that language).
 */
export function onDemandViews(
  root: string,
  registry: Registry,
): Array<{ widget: string; views: Array<{ name: string; gzip: number }> }> {
  return registry.widgets.flatMap((w) => {
    const stats = JSON.parse(fs.readFileSync(path.join(root, 'dist/stats', `${w.name}.json`), 'utf8')) as Stats & {
      chunks: Array<Chunk & { names?: string[] }>;
    };
    const groups = new Map<string, { name: string; files: Set<string> }>();
    for (const chunk of stats.chunks) {
      for (const origin of chunk.origins ?? []) {
        const from = stripLoaders(origin.moduleIdentifier ?? '');
        if (!from.includes(`/apps/${w.name}/`) || (origin.request ?? '').endsWith('.json')) continue;
        const key = `${from}|${origin.request ?? ''}`;
        if (!groups.has(key)) groups.set(key, { name: '', files: new Set() });
        const group = groups.get(key)!;
        group.name ||= chunk.names?.[0] ?? '';
        for (const file of chunk.files.filter((f) => /\.m?js$/.test(f))) group.files.add(file);
      }
    }
    // A view imported from two places (the same chunk name) is one view.
    const byName = new Map<string, Set<string>>();
    for (const [key, g] of groups) {
      const name = g.name || key.slice(key.lastIndexOf('|') + 1);
      byName.set(name, new Set([...(byName.get(name) ?? []), ...g.files]));
    }
    const views = [...byName.entries()]
      .map(([name, files]) => ({
        name,
        gzip: [...files].reduce((sum, f) => sum + gzipSize(path.join(root, 'dist/widgets', w.name, f)), 0),
      }))
      .filter((v) => v.gzip > 0);
    return views.length > 0 ? [{ widget: w.name, views }] : [];
  });
}
