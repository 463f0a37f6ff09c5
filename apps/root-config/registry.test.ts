/**
 * @jest-environment node
 *
 * The widget registry is the one declaration of every bundle: webpack, the deployment manifest, the size budgets,
 * the route table and the apps/ folders must agree with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { ROUTES } from '../../shared/src/contract/routes';
import { SHELL_SLOTS } from '../../shared/src/contract/shell-parts';
import { EMBED_SLOTS } from '../../shared/src/contract/slots';
import webpackConfig from '../../webpack.config';
import { FORM_RENDERER_REMOTE } from '../../shared/src/remote/remoteModules';
import { manifestFor, parseRegistry, readRegistry, WIDGET_MODULE } from './registry';

const appsDir = path.join(__dirname, '..');
const registry = readRegistry();
const widgetNames = registry.widgets.map((w) => w.name);

/** Every text key, plural forms folded (French has a "many" form English does not). */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return [...new Set(Object.entries(tree).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)))];
}

describe('the widget registry', () => {
  it('gives the page exactly the slots the embedding contract names (EMBED_SLOTS)', () => {
    const slots = new Set([...registry.widgets.map((w) => w.slot), ...Object.values(SHELL_SLOTS)]);
    expect([...EMBED_SLOTS].sort()).toEqual([...slots].sort());
  });

  it('declares exactly the bundles in apps/', () => {
    const folders = fs
      .readdirSync(appsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual([registry.root.name, ...widgetNames].sort());
  });

  it.each(widgetNames)('%s has the one widget layout, translated, with a test', (name) => {
    const dir = path.join(appsDir, name);
    for (const file of [
      'package.json',
      'README.md',
      'src/widget.tsx',
      'src/App.tsx',
      'src/locales/en.json',
      'src/locales/fr-CA.json',
    ]) {
      expect([name, file, fs.existsSync(path.join(dir, file))]).toEqual([name, file, true]);
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe(`@careers/${name}`);
    const features = fs
      .readdirSync(path.join(dir, 'src/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory());
    expect(features.length).toBeGreaterThan(0);
    const en = JSON.parse(fs.readFileSync(path.join(dir, 'src/locales/en.json'), 'utf8')) as unknown;
    const fr = JSON.parse(fs.readFileSync(path.join(dir, 'src/locales/fr-CA.json'), 'utf8')) as unknown;
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
    const tests = fs
      .readdirSync(path.join(dir, 'src'), { recursive: true })
      .map(String)
      .filter((f) => /\.test\.tsx?$/.test(f));
    expect(tests.length).toBeGreaterThan(0);
  });

  it('gives webpack exactly its bundles, scopes and exposed modules', () => {
    const configs = webpackConfig({}, {});
    expect(configs.map((c) => c.name)).toEqual([registry.root.name, ...widgetNames]);
    for (const config of configs) {
      const federation = config.plugins?.find((p) => p instanceof webpack.container.ModuleFederationPlugin) as
        { options: { name: string; exposes?: Record<string, string> } } | undefined;
      const declared =
        config.name === registry.root.name ? registry.root : registry.widgets.find((w) => w.name === config.name)!;
      expect(federation?.options.name).toBe(declared.scope);
      expect(federation?.options.exposes).toEqual('exposes' in declared ? declared.exposes : undefined);
    }
  });

  it('builds one widget alone when asked', () => {
    expect(webpackConfig({ widget: 'offers' }, {}).map((c) => c.name)).toEqual(['offers']);
    expect(() => webpackConfig({ widget: 'nope' }, {})).toThrow('Unknown widget "nope"');
  });

  it('derives the deployment manifest', () => {
    const manifest = manifestFor(registry);
    expect(manifest.widgets.map((w) => w.name)).toEqual(widgetNames);
    for (const [i, w] of registry.widgets.entries()) {
      expect(manifest.widgets[i]).toEqual({
        name: w.name,
        remoteEntry: `/widgets/${w.name}/remoteEntry.js`,
        scope: w.scope,
        module: WIDGET_MODULE,
        slot: w.slot,
        activeWhen: w.activeWhen,
        exposes: Object.keys(w.exposes),
      });
      // The widget module comes first: what the page mounts (and what scripts/lib/first-load.ts counts).
      expect(manifest.widgets[i]!.exposes?.[0]).toBe(WIDGET_MODULE);
    }
  });

  it('exposes files that exist, and the forms toolkit exposes its renderer to the other widgets', () => {
    for (const w of registry.widgets) {
      for (const [module, file] of Object.entries(w.exposes)) {
        expect([w.name, module, fs.existsSync(path.join(appsDir, w.name, file))]).toEqual([w.name, module, true]);
      }
    }
    const forms = manifestFor(registry).widgets.find((w) => w.name === FORM_RENDERER_REMOTE.widget);
    expect(forms?.exposes).toContain(FORM_RENDERER_REMOTE.module);
  });

  it('agrees with the route table: page widgets have pages, and only page widgets are named by routes', () => {
    for (const w of registry.widgets) {
      const routes = ROUTES.filter((r) => r.widget === w.name);
      if (w.activeWhen === 'routes') {
        expect([w.name, routes.length > 0]).toEqual([w.name, true]);
        expect([w.name, w.slot]).toEqual([w.name, 'careers-main']);
      } else {
        expect([w.name, routes.length]).toEqual([w.name, 0]);
      }
      // Start views are opened on the widget's own pages.
      for (const page of Object.keys(w.startViews ?? {})) {
        expect([w.name, page, routes.some((r) => r.page === page)]).toEqual([w.name, page, true]);
      }
    }
  });

  it('refuses a registry with duplicates, bad names or no budget', () => {
    const base = JSON.parse(fs.readFileSync(path.join(__dirname, 'widgets.json'), 'utf8')) as {
      widgets: Array<Record<string, unknown>>;
    };
    const twice = { ...base, widgets: [...base.widgets, base.widgets[0]] };
    expect(() => parseRegistry(JSON.stringify(twice))).toThrow('is declared twice');
    const badName = { ...base, widgets: [{ ...base.widgets[0], name: 'Bad Name', scope: 'careers_x' }] };
    expect(() => parseRegistry(JSON.stringify(badName))).toThrow('lower-case');
    const noBudget = { ...base, widgets: [{ ...base.widgets[0], budget: undefined }] };
    expect(() => parseRegistry(JSON.stringify(noBudget))).toThrow('budget.ownKB');
    const noWidget = { ...base, widgets: [{ ...base.widgets[0], exposes: {} }] };
    expect(() => parseRegistry(JSON.stringify(noWidget))).toThrow('exposes has no "./Widget"');
    const badViews = { ...base, widgets: [{ ...base.widgets[0], startViews: { offer: [] } }] };
    expect(() => parseRegistry(JSON.stringify(badViews))).toThrow('startViews.offer must be a list of chunk names');
  });

  it('refuses exposed modules that a consumer could not load by name, or the widget module not first', () => {
    const base = JSON.parse(fs.readFileSync(path.join(__dirname, 'widgets.json'), 'utf8')) as {
      widgets: Array<Record<string, unknown>>;
    };
    const withExposes = (exposes: Record<string, string>) =>
      JSON.stringify({ ...base, widgets: [{ ...base.widgets[0], exposes }] });
    const widget = './src/widget.tsx';
    expect(() => parseRegistry(withExposes({ [WIDGET_MODULE]: widget, Renderer: './src/r.ts' }))).toThrow(
      'exposed module "Renderer" must be "./" and a name',
    );
    expect(() => parseRegistry(withExposes({ [WIDGET_MODULE]: widget, './Renderer': '../forms/src/r.ts' }))).toThrow(
      'exposed module "./Renderer" must be a .ts or .tsx file under ./src/',
    );
    expect(() => parseRegistry(withExposes({ [WIDGET_MODULE]: widget, './Renderer': './src/../../x.ts' }))).toThrow(
      'must be a .ts or .tsx file under ./src/',
    );
    expect(() => parseRegistry(withExposes({ './Renderer': './src/r.ts', [WIDGET_MODULE]: widget }))).toThrow(
      '"./Widget" must be the first exposed module',
    );
    expect(() => parseRegistry(withExposes({ [WIDGET_MODULE]: widget, './Renderer': './src/r.ts' }))).not.toThrow();
  });
});
