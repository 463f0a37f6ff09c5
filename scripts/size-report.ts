/**
 * Bundle-size report: for every built widget, the gzip size of what the widget itself adds beyond the shared
 * singletons (React, Redux Toolkit, i18next, react-toastify, @careers/shared ...), checked against the budgets of the
 * widget registry (apps/root-config/widgets.json). It also checks that the build holds exactly the registered bundles
 * and that the deployment manifest it wrote is the one the registry gives.
 *
 * A chunk counts as "shared" when every module in it belongs to a shared singleton package (every bundle carries
 * such copies; the page loads one copy of each, and with equal versions it is the root config's: see below). Everything else the widget emits
 * counts: its remote entry (the container runtime), its own code, its private dependencies and its locales.
 *
 * It then prints the first-load JavaScript of each page (gzip): everything the browser downloads as JavaScript
 * before the page's widgets are mounted, replayed from the build (scripts/lib/first-load.ts): root-config.js and its
 * bootstrap, the shared singletons the page consumes (the root config's copies), and each active widget's
 * remoteEntry.js and first chunks; compared with the floor of the shared stack (FLOOR_KB), and checked against a
 * per-page budget when the registry declares one (`budget.pageKB` on the root: every page; on a page widget: its
 * pages).
 *
 * Usage: npm run size   (after npm run build; --files lists every file). Exit code 1 when a budget is exceeded or
 * a build is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { apps, insideShared, sharedSingletons } from '../webpack.config';
import { manifestFor, readRegistry, WIDGET_MODULE, type Budget } from '../apps/root-config/registry';
import { measurePages, onDemandViews } from './lib/first-load';

interface StatsModule {
  name?: string;
  nameForCondition?: string;
  identifier?: string;
  moduleType?: string;
}
interface StatsChunk {
  id: string | number;
  files: string[];
  initial: boolean;
  entry: boolean;
  names: string[];
  modules?: StatsModule[];
  origins?: Array<{ moduleIdentifier?: string; loc?: string; request?: string }>;
}
interface Stats {
  chunks: StatsChunk[];
}

const root = path.resolve(__dirname, '..');
const registry = readRegistry();
const budgets: Record<string, Budget> = Object.fromEntries(
  [registry.root, ...registry.widgets].map((b) => [b.name, b.budget]),
);

/** Folder prefixes (inside node_modules, or the shared/ workspace) that belong to a shared singleton. */
function sharedRoots(): string[] {
  const pkgs = new Set(
    [...sharedSingletons, ...insideShared].map((s) =>
      s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!,
    ),
  );
  pkgs.delete('@careers/shared');
  return [...[...pkgs].map((p) => `node_modules/${p}/`), 'shared/src/'];
}

/** Private dependencies of the shared packages (they sit in the same fallback chunks). */
const SHARED_DEPENDENCIES = [
  'node_modules/scheduler/',
  'node_modules/use-sync-external-store/',
  'node_modules/redux/',
  'node_modules/redux-thunk/',
  'node_modules/reselect/',
  'node_modules/immer/',
  'node_modules/clsx/',
  'node_modules/html-parse-stringify/',
  'node_modules/void-elements/',
  'node_modules/@babel/runtime/',
  'node_modules/single-spa-react/',
  'node_modules/i18next-resources-to-backend/',
  'node_modules/css-loader/',
  'node_modules/deepmerge/',
  'node_modules/hoist-non-react-statics/',
  'node_modules/react-is/',
  'node_modules/lodash/',
  'node_modules/lodash-es/',
  'node_modules/react-fast-compare/',
  'node_modules/tiny-warning/',
  'node_modules/tslib/',
  'node_modules/property-expr/',
  'node_modules/tiny-case/',
  'node_modules/toposort/',
  'node_modules/type-fest/',
];

function moduleFile(m: StatsModule): string {
  return (m.nameForCondition ?? m.identifier ?? m.name ?? '').replace(/\\/g, '/');
}

function isSharedModule(m: StatsModule, roots: string[]): boolean {
  const file = moduleFile(m);
  const type = m.moduleType ?? '';
  if (type === 'consume-shared-module' || type === 'provide-module' || type === 'runtime') return true;
  if (!file) return true;
  return [...roots, ...SHARED_DEPENDENCIES].some((r) => file.includes(r));
}

export interface WidgetSize {
  name: string;
  ownBytes: number;
  initialBytes: number;
  sharedBytes: number;
  files: Array<{ file: string; gzip: number; shared: boolean; initial: boolean }>;
  /**
   * The widget's texts in each language but English (its own, and the shared ones it loads): one file per language
   * and catalogue beside the bundle (`locales/<version>/<catalogue>/<tag>.json`), fetched only on a page in that
   * language, so they are counted apart from its code.
   */
  locales: Array<{ file: string; tag: string; gzip: number }>;
}

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export function measure(name: string): WidgetSize {
  const statsFile = path.join(root, 'dist/stats', `${name}.json`);
  if (!fs.existsSync(statsFile)) {
    console.error(`No build of ${name} (dist/stats/${name}.json): run npm run build first.`);
    process.exit(1);
  }
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Stats;
  const roots = sharedRoots();
  const outDir = path.join(root, 'dist/widgets', name);
  const result: WidgetSize = { name, ownBytes: 0, initialBytes: 0, sharedBytes: 0, files: [], locales: [] };
  const counted = new Set<string>();
  for (const chunk of stats.chunks) {
    const modules = chunk.modules ?? [];
    const shared = modules.length > 0 && modules.every((m) => isSharedModule(m, roots)) && !chunk.entry;
    // Loaded on demand: every way into the chunk is a dynamic import() in the widget's own code (other locales,
    // the PDF viewer ...). The exposed module's chunks come from the container entry instead.
    const origins = chunk.origins ?? [];
    const lazy =
      origins.length > 0 &&
      origins.every((o) => {
        const from = (o.moduleIdentifier ?? '').replace(/\\/g, '/');
        // A module the widget exposes to other widgets (the forms renderer) loads when one of them asks for it.
        if (from.startsWith('container entry') && o.loc !== undefined && o.loc !== WIDGET_MODULE) return true;
        // The root config's entry imports its bootstrap asynchronously (the federation boundary): that is first load.
        // shared/src modules in a widget's stats are its own copy of a non-federated subpath (@careers/shared/forms).
        const ownCode = from.includes(`/apps/${name}/`) || from.includes('/shared/src/');
        return ownCode && !from.endsWith(`/apps/${name}/src/index.ts`);
      });
    for (const file of chunk.files.filter((f) => f.endsWith('.js'))) {
      if (counted.has(file)) continue;
      counted.add(file);
      const gzip = gzipSize(path.join(outDir, file));
      const initial = !shared && !lazy;
      result.files.push({ file, gzip, shared, initial });
      if (shared) result.sharedBytes += gzip;
      else {
        result.ownBytes += gzip;
        if (initial) result.initialBytes += gzip;
      }
    }
  }
  const localesDir = path.join(outDir, 'locales');
  if (fs.existsSync(localesDir)) {
    for (const file of fs.readdirSync(localesDir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.json')) continue;
      const tag = path.basename(file, '.json');
      result.locales.push({ file: `locales/${file}`, tag, gzip: gzipSize(path.join(localesDir, file)) });
    }
  }
  // Workers (pdf.js) are emitted as assets, not chunks: they load on demand and count as the widget's own.
  for (const file of fs.readdirSync(outDir).filter((f) => f.endsWith('.mjs'))) {
    const gzip = gzipSize(path.join(outDir, file));
    result.files.push({ file, gzip, shared: false, initial: false });
    result.ownBytes += gzip;
  }
  return result;
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** The build must hold exactly the registered bundles, and the manifest the registry gives. */
function checkBuildAgainstRegistry(): boolean {
  let ok = true;
  const built = fs
    .readdirSync(path.join(root, 'dist/widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const declared = [registry.root.name, ...registry.widgets.map((w) => w.name)];
  for (const name of built.filter((n) => !declared.includes(n))) {
    console.log(`  dist/widgets/${name} is not in the widget registry`);
    ok = false;
  }
  for (const name of declared.filter((n) => !built.includes(n))) {
    console.log(`  ${name} is registered but was not built`);
    ok = false;
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'dist/widgets/manifest.json'), 'utf8')) as unknown;
  if (JSON.stringify(manifest) !== JSON.stringify(manifestFor(registry))) {
    console.log('  dist/widgets/manifest.json differs from the manifest the widget registry gives');
    ok = false;
  }
  return ok;
}

/**
 * The floor of any page built on this stack: React 19 (react, react-dom/client), Redux Toolkit with RTK Query,
 * react-redux, i18next, react-i18next, single-spa, single-spa-react and react-toastify, minified, gzip.
 */
const FLOOR_KB = 134;

/** The optional first-load budget of a page: `budget.pageKB` of its page widget, else of the root config. */
function pageBudget(pageWidget: string | null): number | undefined {
  const of = (name: string | null) =>
    name ? (budgets[name] as (Budget & { pageKB?: number }) | undefined) : undefined;
  return of(pageWidget)?.pageKB ?? of(registry.root.name)?.pageKB;
}

/** Prints the first-load JS of each page; false when a page is over its budget (or cannot be measured with one). */
function reportPages(): boolean {
  let ok = true;
  console.log(
    `First-load JS of each page (gzip): root config, shared singletons, each active widget's remote entry and first chunks; floor ${FLOOR_KB} KB:`,
  );
  let pages;
  try {
    pages = measurePages(root, registry);
  } catch (error) {
    const anyBudget = [registry.root, ...registry.widgets].some((b) => pageBudget(b.name) !== undefined);
    console.log(`  ${anyBudget ? 'FAIL' : 'n/a '} the pages could not be measured: ${(error as Error).message}`);
    return !anyBudget;
  }
  const width = Math.max(...pages.map((p) => p.label.length));
  const widgetsWidth = Math.max(...pages.map((p) => p.widgets.join(', ').length));
  console.log(`       ${'page'.padEnd(width)}  ${'widgets'.padEnd(widgetsWidth)}  first load  / floor`);
  for (const page of pages) {
    const budget = pageBudget(page.pageWidget);
    const within = budget === undefined || page.gzip <= budget * 1000;
    ok &&= within;
    console.log(
      `  ${within ? 'ok  ' : 'OVER'} ${page.label.padEnd(width)}  ${page.widgets.join(', ').padEnd(widgetsWidth)}` +
        `  ${kb(page.gzip).padStart(10)}  ${`${(page.gzip / 1000 / FLOOR_KB).toFixed(2)}×`.padStart(7)}` +
        `${budget === undefined ? '' : `   budget ${budget} KB`}`,
    );
    if (process.argv.includes('--files')) {
      for (const f of page.files)
        console.log(`       ${f.kind.padEnd(6)} ${kb(f.gzip).padStart(9)}  ${f.bundle}/${f.file}`);
    }
  }
  const shared = [...new Set(pages.flatMap((p) => [...p.sharedFrom.values()]))].join(', ');
  console.log(`  Shared singletons loaded from: ${shared} (the share scope's choice; see scripts/lib/first-load.ts).`);
  for (const { widget, views } of onDemandViews(root, registry)) {
    console.log(
      `  Not counted, loaded on demand by ${widget} (route views, dialogs, libraries; locales aside): ` +
        describeViews(views).join(', '),
    );
  }
  return ok;
}

/** The language whose chunks weigh most in one widget, with its largest chunk. */
function largestLanguage(locales: WidgetSize['locales']) {
  const byTag = new Map<string, Array<{ file: string; gzip: number }>>();
  for (const locale of locales) byTag.set(locale.tag, [...(byTag.get(locale.tag) ?? []), locale]);
  let found: { tag: string; gzip: number; chunks: number; largest: { file: string; gzip: number } } | null = null;
  for (const [tag, chunks] of byTag) {
    const gzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
    const largest = chunks.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    if (!found || gzip > found.gzip) found = { tag, gzip, chunks: chunks.length, largest };
  }
  return found;
}

function main() {
  let failed = !checkBuildAgainstRegistry();
  let largestLocale: { widget: string; file: string; gzip: number } | null = null;
  console.log('Bundle sizes (gzip), beyond the shared singletons:');
  for (const app of apps) {
    const budget = budgets[app.name];
    if (!budget) {
      console.log(`  ${app.name}: no budget in the widget registry`);
      failed = true;
      continue;
    }
    const size = measure(app.name);
    const ownOk = size.ownBytes <= budget.ownKB * 1000;
    const initialOk = budget.initialKB === undefined || size.initialBytes <= budget.initialKB * 1000;
    failed ||= !ownOk || !initialOk;
    console.log(
      `  ${ownOk && initialOk ? 'ok  ' : 'OVER'} ${app.name.padEnd(14)} own ${kb(size.ownBytes).padStart(9)} / ${budget.ownKB} KB` +
        `   first load ${kb(size.initialBytes).padStart(9)}${budget.initialKB ? ` / ${budget.initialKB} KB` : ''}` +
        `   (shared fallbacks ${kb(size.sharedBytes)})`,
    );
    const languages = largestLanguage(size.locales);
    if (languages) {
      console.log(
        `       texts in other languages: ${size.locales.length} files; the largest language ${languages.tag} ` +
          `${kb(languages.gzip)} in ${languages.chunks} files, its largest file ${kb(languages.largest.gzip)} ` +
          `(${languages.largest.file})`,
      );
      if (!largestLocale || languages.largest.gzip > largestLocale.gzip)
        largestLocale = { widget: app.name, ...languages.largest };
    }
    if (process.argv.includes('--files')) {
      for (const f of size.files)
        console.log(
          `       ${f.shared ? 'shared' : f.initial ? 'own   ' : 'lazy  '} ${kb(f.gzip).padStart(9)}  ${f.file}`,
        );
    }
  }
  if (largestLocale)
    console.log(
      `  Largest locale file: ${kb(largestLocale.gzip)} (${largestLocale.widget}/${largestLocale.file}); a page ` +
        'fetches one per catalogue it uses, in its own language only (English is in the bundles).',
    );
  failed = !reportPages() || failed;
  if (failed) {
    console.error(
      'A bundle or a page is over its budget, or the build disagrees with the widget registry (apps/root-config/widgets.json).',
    );
    process.exit(1);
  }
}

if (require.main === module) main();

/**
 * The on-demand views for the note, one entry per view; views named `<family>-<CODE>` (one chunk per country, per
 * locale ...) are summed up as one family: "subdivisions-* (249 chunks, 0.2-2.9 KB each)".
 */
function describeViews(views: Array<{ name: string; gzip: number }>): string[] {
  const families = new Map<string, number[]>();
  const single: string[] = [];
  for (const view of views) {
    const family = /^(.+)-[A-Z]{2,3}$/.exec(view.name)?.[1];
    if (family) families.set(family, [...(families.get(family) ?? []), view.gzip]);
    else single.push(`${view.name} ${kb(view.gzip)}`);
  }
  for (const [family, sizes] of families) {
    if (sizes.length === 1) {
      single.push(`${family} ${kb(sizes[0]!)}`);
      continue;
    }
    const low = Math.min(...sizes);
    const high = Math.max(...sizes);
    single.push(`${family}-* (${sizes.length} chunks, ${kb(low).replace(' KB', '')}–${kb(high)} each)`);
  }
  return single;
}
