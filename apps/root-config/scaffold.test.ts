/**
 * @jest-environment node
 *
 * `npm run new:widget -- <name>` creates a widget in the one layout and declares it once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaffoldWidget } from '../../scripts/new-widget';
import { parseRegistry } from './registry';
import { createRouteMatcher, type RouteEntry } from '../../shared/src/contract/routes';

const repo = path.resolve(__dirname, '../..');
let root: string;

function copy(rel: string) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.copyFileSync(path.join(repo, rel), path.join(root, rel));
}

/** The route table file's entries, read back as data. */
function routesIn(file: string): RouteEntry[] {
  const text = fs.readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/\{ path: '([^']+)', page: '([^']+)', widget: (?:'([^']+)'|null), access: '([^']+)' \}/g),
  ].map((m) => ({
    path: m[1]!,
    page: m[2]!,
    widget: m[3] ?? null,
    access: m[4] as RouteEntry['access'],
  }));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-scaffold-'));
  copy('apps/root-config/widgets.json');
  copy('shared/src/contract/routes.ts');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('creates the one widget layout: widget, app, feature with components, endpoints, slice and tests, locales', () => {
  const { files } = scaffoldWidget(root, 'probe-widget');
  for (const file of [
    'package.json',
    'README.md',
    'src/widget.tsx',
    'src/widget.test.ts',
    'src/App.tsx',
    'src/features/probe-widget/components/ProbeWidgetPage.tsx',
    'src/features/probe-widget/components/ProbeWidgetPage.test.tsx',
    'src/features/probe-widget/endpoints.ts',
    'src/features/probe-widget/slice.ts',
    'src/locales/en.json',
    'src/locales/fr-CA.json',
    'src/styles/probe-widget.css',
  ]) {
    expect(files).toContain(path.join('apps/probe-widget', file));
    expect(fs.existsSync(path.join(root, 'apps/probe-widget', file))).toBe(true);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/probe-widget/package.json'), 'utf8')) as {
    name: string;
  };
  expect(pkg.name).toBe('@careers/probe-widget');
  const widget = fs.readFileSync(path.join(root, 'apps/probe-widget/src/widget.tsx'), 'utf8');
  expect(widget).toContain("name: 'probe-widget'");
  expect(widget).toContain('probe-widget-locale-[request]');
  const en = JSON.parse(fs.readFileSync(path.join(root, 'apps/probe-widget/src/locales/en.json'), 'utf8')) as {
    page: object;
  };
  const fr = JSON.parse(fs.readFileSync(path.join(root, 'apps/probe-widget/src/locales/fr-CA.json'), 'utf8')) as {
    page: object;
  };
  expect(Object.keys(fr.page)).toEqual(Object.keys(en.page));
});

it('declares the widget once, in the registry, with a budget, as a page widget', () => {
  scaffoldWidget(root, 'probe-widget');
  const registry = parseRegistry(fs.readFileSync(path.join(root, 'apps/root-config/widgets.json'), 'utf8'));
  expect(registry.widgets.at(-1)).toEqual({
    name: 'probe-widget',
    scope: 'careers_probe_widget',
    exposes: { './Widget': './src/widget.tsx' },
    slot: 'careers-main',
    activeWhen: 'routes',
    budget: { ownKB: 10, initialKB: 10 },
  });
});

it('gives a new name a page of its own, which wins over the search catch-all', () => {
  const { addedRoute } = scaffoldWidget(root, 'probe-widget');
  expect(addedRoute).toBe('/careers/probe-widget');
  const match = createRouteMatcher(routesIn(path.join(root, 'shared/src/contract/routes.ts')));
  expect(match('/careers/probe-widget')?.route).toEqual({
    path: '/careers/probe-widget',
    page: 'probeWidget',
    widget: 'probe-widget',
    access: 'public',
  });
  expect(match('/careers/nurse')?.route.widget).toBe('search');
});

it('uses the routes the table already has for a named widget (dashboard)', () => {
  // As before the dashboard was made from the scaffold: the route table has its routes, the registry no entry.
  const registryFile = path.join(root, 'apps/root-config/widgets.json');
  const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8')) as { widgets: Array<{ name: string }> };
  registry.widgets = registry.widgets.filter((widget) => widget.name !== 'dashboard');
  fs.writeFileSync(registryFile, JSON.stringify(registry, null, 2));
  const before = fs.readFileSync(path.join(root, 'shared/src/contract/routes.ts'), 'utf8');
  expect(scaffoldWidget(root, 'dashboard').addedRoute).toBeNull();
  expect(fs.readFileSync(path.join(root, 'shared/src/contract/routes.ts'), 'utf8')).toBe(before);
});

it('refuses a bad name, an existing folder and a registered name, changing nothing', () => {
  const registryBefore = fs.readFileSync(path.join(root, 'apps/root-config/widgets.json'), 'utf8');
  expect(() => scaffoldWidget(root, 'Talent Pool')).toThrow('lower-case');
  expect(() => scaffoldWidget(root, 'offers')).toThrow('in the widget registry already');
  fs.mkdirSync(path.join(root, 'apps/taken'), { recursive: true });
  expect(() => scaffoldWidget(root, 'taken')).toThrow('apps/taken exists already');
  expect(fs.readFileSync(path.join(root, 'apps/root-config/widgets.json'), 'utf8')).toBe(registryBefore);
});
