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
import { createRouteMatcher, type RouteEntry } from '../../shared/src/routes/routeTable';

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
  copy('shared/src/routes/routeTable.ts');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('creates the one widget layout: widget, app, feature with components, endpoints, slice and tests, locales', () => {
  const { files } = scaffoldWidget(root, 'talent-pool');
  for (const file of [
    'package.json',
    'README.md',
    'src/widget.tsx',
    'src/widget.test.ts',
    'src/App.tsx',
    'src/features/talent-pool/components/TalentPoolPage.tsx',
    'src/features/talent-pool/components/TalentPoolPage.test.tsx',
    'src/features/talent-pool/endpoints.ts',
    'src/features/talent-pool/slice.ts',
    'src/locales/en.json',
    'src/locales/fr-CA.json',
    'src/styles/talent-pool.css',
  ]) {
    expect(files).toContain(path.join('apps/talent-pool', file));
    expect(fs.existsSync(path.join(root, 'apps/talent-pool', file))).toBe(true);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/talent-pool/package.json'), 'utf8')) as { name: string };
  expect(pkg.name).toBe('@careers/talent-pool');
  const widget = fs.readFileSync(path.join(root, 'apps/talent-pool/src/widget.tsx'), 'utf8');
  expect(widget).toContain("name: 'talent-pool'");
  expect(widget).toContain('talent-pool-locale-[request]');
  const en = JSON.parse(fs.readFileSync(path.join(root, 'apps/talent-pool/src/locales/en.json'), 'utf8')) as {
    page: object;
  };
  const fr = JSON.parse(fs.readFileSync(path.join(root, 'apps/talent-pool/src/locales/fr-CA.json'), 'utf8')) as {
    page: object;
  };
  expect(Object.keys(fr.page)).toEqual(Object.keys(en.page));
});

it('declares the widget once, in the registry, with a budget, as a page widget', () => {
  scaffoldWidget(root, 'talent-pool');
  const registry = parseRegistry(fs.readFileSync(path.join(root, 'apps/root-config/widgets.json'), 'utf8'));
  expect(registry.widgets.at(-1)).toEqual({
    name: 'talent-pool',
    scope: 'careers_talent_pool',
    exposes: { './Widget': './src/widget.tsx' },
    slot: 'careers-main',
    activeWhen: 'routes',
    budget: { ownKB: 10, initialKB: 10 },
  });
});

it('gives a new name a page of its own, which wins over the search catch-all', () => {
  const { addedRoute } = scaffoldWidget(root, 'talent-pool');
  expect(addedRoute).toBe('/careers/talent-pool');
  const match = createRouteMatcher(routesIn(path.join(root, 'shared/src/routes/routeTable.ts')));
  expect(match('/careers/talent-pool')?.route).toEqual({
    path: '/careers/talent-pool',
    page: 'talentPool',
    widget: 'talent-pool',
    access: 'public',
  });
  expect(match('/careers/nurse')?.route.widget).toBe('search');
});

it('uses the routes the table already has for a named widget (dashboard)', () => {
  const before = fs.readFileSync(path.join(root, 'shared/src/routes/routeTable.ts'), 'utf8');
  expect(scaffoldWidget(root, 'dashboard').addedRoute).toBeNull();
  expect(fs.readFileSync(path.join(root, 'shared/src/routes/routeTable.ts'), 'utf8')).toBe(before);
});

it('refuses a bad name, an existing folder and a registered name, changing nothing', () => {
  const registryBefore = fs.readFileSync(path.join(root, 'apps/root-config/widgets.json'), 'utf8');
  expect(() => scaffoldWidget(root, 'Talent Pool')).toThrow('lower-case');
  expect(() => scaffoldWidget(root, 'offers')).toThrow('in the widget registry already');
  fs.mkdirSync(path.join(root, 'apps/taken'), { recursive: true });
  expect(() => scaffoldWidget(root, 'taken')).toThrow('apps/taken exists already');
  expect(fs.readFileSync(path.join(root, 'apps/root-config/widgets.json'), 'utf8')).toBe(registryBefore);
});
