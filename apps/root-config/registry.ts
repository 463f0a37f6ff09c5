/**
 * Reads and checks the widget registry (apps/root-config/widgets.json), and derives the deployment manifest from
 * it. Build-time code: webpack.config.ts, scripts/size-report.ts and scripts/new-widget.ts use it; the root
 * config itself reads the deployed manifest at run time, so a widget can be moved without rebuilding the root.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest, ManifestWidget } from '@careers/shared/contract';

export interface Budget {
  ownKB: number;
  initialKB?: number;
}

interface BundleDeclaration {
  /** Folder under apps/ and under dist/widgets/. */
  name: string;
  /** Module Federation container name (a JS identifier, also the global its remote entry defines). */
  scope: string;
  budget: Budget;
}

interface WidgetDeclaration extends BundleDeclaration {
  /**
   * Exposed modules: `./Widget` (declared first) returns the single-spa lifecycles; any other is a module other
   * widgets load by name at run time (`loadRemoteModule` of `@careers/shared`), e.g. the forms toolkit's renderer.
   */
  exposes: Record<string, string>;
  /** Id of the page element the widget mounts into. */
  slot: string;
  /** `routes` (a page widget, pages from the route table) or path prefixes. */
  activeWhen: 'routes' | string[];
  /**
   * On-demand views (webpack chunk names) the widget opens as soon as it mounts on a page, by page identifier of
   * the route table: the build counts them in that page's first-load JS and the page server preloads them with the
   * rest, instead of the browser asking for them only once the widget runs.
   */
  startViews?: Record<string, string[]>;
}

export interface Registry {
  root: BundleDeclaration;
  widgets: WidgetDeclaration[];
}

const REGISTRY_FILE = path.join(__dirname, 'widgets.json');

/** The module every widget exposes for the root config. */
export const WIDGET_MODULE = './Widget';

const NAME = /^[a-z][a-z0-9-]{1,30}$/;
/** An exposed module's name: "./" and a name a consumer can spell (letters, digits, dashes, underscores). */
const MODULE = /^\.\/[A-Za-z][A-Za-z0-9_-]{0,50}$/;
/** An exposed module's file, inside the widget's src/ folder. */
const MODULE_FILE = /^\.\/src\/(?!.*\.\.)[A-Za-z0-9_./-]+\.tsx?$/;
const SCOPE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function problemsOf(registry: Registry): string[] {
  const problems: string[] = [];
  const bundles = [registry.root, ...registry.widgets];
  const names = new Set<string>();
  const scopes = new Set<string>();
  for (const b of bundles) {
    if (!NAME.test(b.name)) problems.push(`"${b.name}": the name must be lower-case letters, digits and dashes`);
    if (!SCOPE.test(b.scope)) problems.push(`"${b.name}": scope "${b.scope}" is not a JavaScript identifier`);
    if (names.has(b.name)) problems.push(`"${b.name}" is declared twice`);
    if (scopes.has(b.scope)) problems.push(`scope "${b.scope}" is used twice`);
    names.add(b.name);
    scopes.add(b.scope);
    if (!(b.budget?.ownKB > 0)) problems.push(`"${b.name}": budget.ownKB must be a positive number`);
  }
  for (const w of registry.widgets) {
    if (!w.exposes?.[WIDGET_MODULE]) problems.push(`"${w.name}": exposes has no "${WIDGET_MODULE}"`);
    else if (Object.keys(w.exposes)[0] !== WIDGET_MODULE) {
      // The page tooling (scripts/lib/first-load.ts) reads the first exposed module as what the page mounts.
      problems.push(`"${w.name}": "${WIDGET_MODULE}" must be the first exposed module`);
    }
    for (const [module, file] of Object.entries(w.exposes ?? {})) {
      if (!MODULE.test(module)) problems.push(`"${w.name}": exposed module "${module}" must be "./" and a name`);
      if (typeof file !== 'string' || !MODULE_FILE.test(file)) {
        problems.push(`"${w.name}": exposed module "${module}" must be a .ts or .tsx file under ./src/`);
      }
    }
    if (!w.slot) problems.push(`"${w.name}": no slot`);
    const routesOk =
      w.activeWhen === 'routes' || (Array.isArray(w.activeWhen) && w.activeWhen.every((p) => p.startsWith('/')));
    if (!routesOk) problems.push(`"${w.name}": activeWhen must be "routes" or a list of paths`);
    for (const [page, views] of Object.entries(w.startViews ?? {})) {
      if (!Array.isArray(views) || views.length === 0 || !views.every((v) => typeof v === 'string' && NAME.test(v))) {
        problems.push(`"${w.name}": startViews.${page} must be a list of chunk names`);
      }
    }
  }
  return problems;
}

/** The registry, checked; throws with every problem found. */
export function parseRegistry(text: string): Registry {
  const registry = JSON.parse(text) as Registry;
  const problems = problemsOf(registry);
  if (problems.length > 0) throw new Error(`The widget registry is not valid:\n  ${problems.join('\n  ')}`);
  return registry;
}

export function readRegistry(file = REGISTRY_FILE): Registry {
  return parseRegistry(fs.readFileSync(file, 'utf8'));
}

/** The deployment manifest the build writes to dist/widgets/manifest.json (served at /widgets/manifest.json). */
export function manifestFor(registry: Registry, base = '/widgets'): Manifest {
  return {
    widgets: registry.widgets.map((w): ManifestWidget => ({
      name: w.name,
      remoteEntry: `${base}/${w.name}/remoteEntry.js`,
      scope: w.scope,
      module: WIDGET_MODULE,
      slot: w.slot,
      activeWhen: w.activeWhen,
      exposes: Object.keys(w.exposes),
    })),
  };
}
