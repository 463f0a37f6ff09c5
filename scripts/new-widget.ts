/**
 * Creates a widget in the one layout every widget has, and declares it once (the widget registry); webpack, the
 * deployment manifest and the size report pick it up from there.
 *
 *   npm run new:widget -- <name>          e.g. npm run new:widget -- dashboard
 *
 * A widget whose name the route table already gives pages to (search, forms, dashboard) becomes the page widget
 * of those routes; any other name gets one page, /careers/<name>, added to the route table. The new widget builds,
 * mounts in the host-demo page on its routes, is translated (English and Canadian French) and has passing tests.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const NAME = /^[a-z][a-z0-9-]{1,30}$/;

export interface ScaffoldResult {
  files: string[];
  /** The route added to the route table, or null when the table already had routes for the widget. */
  addedRoute: string | null;
}

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _d: string, c: string) => c.toUpperCase());
const camel = (name: string) => pascal(name).replace(/^./, (c) => c.toLowerCase());
const title = (name: string) => name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

function templates(name: string): Record<string, string> {
  const P = pascal(name);
  const c = camel(name);
  return {
    'package.json': `${JSON.stringify(
      {
        name: `@careers/${name}`,
        version: '0.1.0',
        private: true,
        description: `${title(name)} widget.`,
        main: 'src/widget.tsx',
      },
      null,
      2,
    )}\n`,
    'README.md': `# ${title(name)} widget

What it owns: the \`${name}\` pages of the route table (\`shared/src/contract/routes.ts\`), rendered in the
\`careers-main\` slot. Declared once in \`apps/root-config/widgets.json\` (scope, exposed module, slot, budget).

| file | what it holds |
| --- | --- |
| \`src/widget.tsx\` | single-spa lifecycles (\`defineWidget\`), i18n namespace \`${name}\` |
| \`src/App.tsx\` | the root: which page shows for the current route |
| \`src/features/${name}/\` | the first feature: components, endpoints (RTK Query, own tag types), slice, tests |
| \`src/locales/\` | English (source and fallback) and Canadian French texts |
| \`src/styles/${name}.css\` | the widget's own layout; components come from the shared design system |
`,
    'src/widget.tsx': `import { defineWidget } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/${name}/namespace';
import ${c}Css from './styles/${name}.css';

export { NAMESPACE };

/** single-spa lifecycles of the ${name} widget, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: '${name}',
  App,
  styles: [${c}Css],
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    load: (lng) => import(/* webpackChunkName: "${name}-locale-[request]" */ \`./locales/\${lng}.json\`),
  },
});
`,
    'src/widget.test.ts': `import { describeWidget, type LocaleTree } from '@careers/shared/testing';
import en from './locales/en.json';
import fr from './locales/fr-CA.json';
import * as widget from './widget';

describeWidget('${name}', widget, {
  namespace: widget.NAMESPACE,
  en: en as LocaleTree,
  fr: fr as LocaleTree,
  samples: [['page.title', undefined, en.page.title, fr.page.title]],
});
`,
    'src/App.tsx': `import { useRoute } from '@careers/shared';
import { ${P}Page } from './features/${name}/components/${P}Page';
// The feature's calls and tag types join the page's one API when the bundle loads.
import './features/${name}/endpoints';

/** The ${name} widget's root: the page for the current route (the route table gives this widget its routes). */
export function App() {
  const match = useRoute();
  if (match?.route.widget !== '${name}') return null;
  return <${P}Page />;
}
`,
    [`src/features/${name}/namespace.ts`]: `/** i18n namespace of this widget. */
export const NAMESPACE = '${name}';
`,
    [`src/features/${name}/endpoints.ts`]: `import { api } from '@careers/shared';

/**
 * The calls of this feature join the page's one RTK Query API with the widget's own tag types (tags that cross
 * widgets are listed in shared/src/api/tags.ts). Add \`build.query\` / \`build.mutation\` entries to \`endpoints\`
 * and export their hooks: \`export const { useThingsQuery } = api.enhanceEndpoints(...).injectEndpoints(...)\`.
 */
api.enhanceEndpoints({ addTagTypes: ['${P}'] }).injectEndpoints({
  endpoints: () => ({}),
});
`,
    [`src/features/${name}/slice.ts`]: `import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice, rootReducer } from '@careers/shared';

/** Client state of the ${name} feature: whether the candidate closed the introduction. */
interface ${P}State {
  introClosed: boolean;
}

const initialState: ${P}State = { introClosed: false };

const ${c}Slice = createSlice({
  name: '${c}',
  initialState,
  reducers: {
    introClosed(state, action: PayloadAction<boolean>) {
      state.introClosed = action.payload;
    },
  },
  selectors: {
    selectIntroClosed: (state) => state.introClosed,
  },
});

declare module '@careers/shared' {
  interface LazyLoadedSlices {
    ${c}: ${P}State;
  }
}

/** The slice joins the page's one store when this module loads (with the widget's bundle). */
const injected = ${c}Slice.injectInto(rootReducer);

export const { introClosed } = ${c}Slice.actions;
export const { selectIntroClosed } = injected.selectors;
`,
    [`src/features/${name}/components/${P}Page.tsx`]: `import { Button, selectBoot, useAppDispatch, useAppSelector, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { introClosed, selectIntroClosed } from '../slice';

/** The ${name} page: its heading and an introduction the candidate can close. */
export function ${P}Page() {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useAppDispatch();
  const closed = useAppSelector(selectIntroClosed);
  const firstName = useAppSelector((state) => selectBoot(state)?.profile?.firstname ?? '');
  return (
    <section className="cw-${name}" aria-labelledby="cw-${name}-title">
      <h1 id="cw-${name}-title" className="cw-${name}__title">
        {t('page.title')}
      </h1>
      {!closed && (
        <div className="cw-${name}__intro">
          <p>{firstName ? t('page.greeting', { name: firstName }) : t('page.greetingAnonymous')}</p>
          <Button variant="secondary" onClick={() => dispatch(introClosed(true))}>
            {t('page.closeIntro')}
          </Button>
        </div>
      )}
    </section>
  );
}
`,
    [`src/features/${name}/components/${P}Page.test.tsx`]: `import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { baseBootData, renderWithStore, setupWidgetI18n } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { NAMESPACE } from '../namespace';
import { ${P}Page } from './${P}Page';

beforeAll(async () => {
  await setupWidgetI18n(NAMESPACE, en, (lng) => import(\`../../../locales/\${lng}.json\`));
});

it('greets the candidate by first name, and the introduction can be closed', async () => {
  const user = userEvent.setup();
  renderWithStore(<${P}Page />, { session: baseBootData() });
  expect(screen.getByRole('heading', { level: 1, name: en.page.title })).toBeInTheDocument();
  const close = screen.getByRole('button', { name: en.page.closeIntro });
  await user.click(close);
  expect(screen.queryByRole('button', { name: en.page.closeIntro })).not.toBeInTheDocument();
});
`,
    'src/locales/en.json': `${JSON.stringify(
      {
        page: {
          title: title(name),
          greeting: 'Welcome, {{name}}.',
          greetingAnonymous: 'Welcome.',
          closeIntro: 'Close introduction',
        },
      },
      null,
      2,
    )}\n`,
    'src/locales/fr-CA.json': `${JSON.stringify(
      {
        page: {
          title: title(name),
          greeting: 'Bienvenue, {{name}}.',
          greetingAnonymous: 'Bienvenue.',
          closeIntro: 'Fermer l’introduction',
        },
      },
      null,
      2,
    )}\n`,
    [`src/styles/${name}.css`]: `/* The ${name} widget's own layout (inside its shadow root); components come from the shared design system. */
.cw-${name} {
  display: grid;
  gap: 16px;
  padding: 24px 16px;
}

.cw-${name}__title {
  margin: 0;
  font-size: 1.5rem;
}

.cw-${name}__intro {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
}
`,
  };
}

interface RegistryFile {
  widgets: Array<{ name: string; scope: string }>;
}

/** Creates apps/<name>, declares it in the registry and, if the route table has no page for it, adds one. */
export function scaffoldWidget(root: string, name: string): ScaffoldResult {
  if (!NAME.test(name)) throw new Error(`"${name}": use lower-case letters, digits and dashes (2 to 31 characters)`);
  const dir = path.join(root, 'apps', name);
  if (fs.existsSync(dir)) throw new Error(`apps/${name} exists already`);
  const registryFile = path.join(root, 'apps/root-config/widgets.json');
  const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8')) as RegistryFile;
  if (registry.widgets.some((w) => w.name === name)) throw new Error(`"${name}" is in the widget registry already`);

  const routesFile = path.join(root, 'shared/src/contract/routes.ts');
  const routes = fs.readFileSync(routesFile, 'utf8');
  let addedRoute: string | null = null;
  if (!routes.includes(`widget: '${name}'`)) {
    const marker = '  // new:widget adds routes above this line';
    if (!routes.includes(marker)) throw new Error(`the route table has no "${marker.trim()}" line`);
    addedRoute = `/careers/${name}`;
    const entry = `  { path: '${addedRoute}', page: '${camel(name)}', widget: '${name}', access: 'public' },\n`;
    fs.writeFileSync(routesFile, routes.replace(marker, `${entry}${marker}`));
  }

  const files: string[] = [];
  for (const [file, text] of Object.entries(templates(name))) {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    files.push(path.join('apps', name, file));
  }

  registry.widgets.push({
    name,
    scope: `careers_${name.replace(/-/g, '_')}`,
    exposes: { './Widget': './src/widget.tsx' },
    slot: 'careers-main',
    activeWhen: 'routes',
    budget: { ownKB: 10, initialKB: 10 },
  } as RegistryFile['widgets'][number]);
  fs.writeFileSync(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
  return { files, addedRoute };
}

function main() {
  const name = process.argv[2];
  if (!name) {
    console.error('Usage: npm run new:widget -- <name>');
    process.exit(2);
  }
  const root = path.resolve(__dirname, '..');
  try {
    const { files, addedRoute } = scaffoldWidget(root, name);
    // The generated files in the project's one format (npm test checks it).
    execFileSync(
      'npx',
      [
        'prettier',
        '--write',
        '--log-level',
        'warn',
        path.join('apps', name),
        'apps/root-config/widgets.json',
        'shared/src/contract/routes.ts',
      ],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    for (const f of files) console.log(`  created ${f}`);
    console.log(`  declared "${name}" in apps/root-config/widgets.json (slot careers-main, budget 10 KB)`);
    console.log(
      addedRoute
        ? `  added the route ${addedRoute} to shared/src/contract/routes.ts`
        : '  its routes are in the route table already',
    );
    console.log(
      `\nNext: npm install (links @careers/${name}), npm run build -- --env widget=${name} (or npm run dev), open the page.`,
    );
  } catch (error) {
    console.error(`new:widget: ${(error as Error).message}`);
    process.exit(1);
  }
}

if (require.main === module) main();
