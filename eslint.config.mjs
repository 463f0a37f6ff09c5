// ESLint 9 flat config. Fast by design: typescript-eslint's parser without type information (no project service).
// Formatting is Prettier's job (npm run format): no stylistic rules here.
//
// Import boundaries (spec: apps are independent widgets that share one library):
//   apps/<a>/  may import its own files, shared/ (prefer @careers/shared) and packages — never another app
//              (apps/<b>/... by relative path, or @careers/<b>);
//   shared/    may never import from apps/;
//   server/    is Node code: nothing from apps/ and nothing from shared/ except the API contract
//              (shared/src/contract, i.e. @careers/shared/contract).
// Paths are checked after resolution (eslint-plugin-import-x no-restricted-paths, so `../../../x` of any depth is
// caught), package names by no-restricted-imports (also catches names that do not resolve, such as an app with no
// "main"). tests/lint/boundaries.test.ts proves each rule.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Every widget folder, so a new widget (npm run new:widget) is covered without editing this file. */
const apps = fs
  .readdirSync(path.join(root, 'apps'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SOURCE = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

const appMessage =
  'A widget may not import another widget: move what both need into shared/ (@careers/shared), ' +
  'or talk through the page (events, the store, Module Federation).';
const libraryMessage =
  'Import this through @careers/shared (it re-exports what widgets use): the library lives inside the shared ' +
  'singleton, one copy per page. Type-only imports are fine.';
const sharedMessage = 'shared/ is the library the widgets use: it may not import from apps/.';
/** A focused test (`it.only`) left in: reported everywhere (a file-specific no-restricted-syntax must repeat it). */
const focusedTest = {
  selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
  message: 'Focused test left in.',
};
/**
 * A server route reads `request.query`, `body`, `params` and `headers` as its schema types them (the TypeBox type
 * provider, decision 025), never through a cast that could disagree with the schema. tests/lint/request-casts.test.ts
 * proves the rule.
 */
const requestPart = '[object.name=/^(request|req)$/][property.name=/^(query|body|params|headers)$/]';
const requestCastMessage =
  'Type the request from its route schema (withTypeProvider<TypeBoxTypeProvider>(), or a generic helper such as ' +
  'candidateRoute), not with a cast; a hook that reads any route reads a field with fieldOf (http/request-context.ts).';
const requestCasts = [
  `:matches(TSAsExpression, TSTypeAssertion) > MemberExpression.expression${requestPart}`,
  `:matches(TSAsExpression, TSTypeAssertion) > ChainExpression.expression > MemberExpression.expression${requestPart}`,
].map((selector) => ({ selector, message: requestCastMessage }));

const serverMessage =
  'server/ may not import browser code: only the API contract (@careers/shared/contract, ' +
  'server/src/contract.ts) is shared with the widgets.';

/** no-restricted-imports for @careers/* package names; `allowed` is a regex of what may follow `@careers/`. */
const restrictPackages = (allowed, message) => [
  'error',
  { patterns: [{ regex: `^@careers/(?!${allowed})`, message }] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      '**/.data/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    files: [SOURCE],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
          conditionNames: ['types', 'import', 'require', 'node', 'browser', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Type-only imports say so, so transpilers that see one file at a time (esbuild, Babel) drop them safely.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-restricted-syntax': ['error', focusedTest],
    },
  },

  // Jest tests load modules afresh inside jest.isolateModules() with require().
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Plain JavaScript: CommonJS configs and Node scripts, browser scripts served as files.
  {
    files: ['**/*.cjs', 'jest.config.js', 'scripts/**/*.js', 'tests/support/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['host-demo/**/*.js', 'server/src/**/assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },

  // Browser code: the widgets and their library.
  {
    files: ['apps/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/**/*.tsx', 'shared/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable), as a tab panel may be.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    files: ['apps/**/*.test.{ts,tsx}', 'shared/**/*.test.{ts,tsx}', 'apps/**/test/**', 'shared/src/testing/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.jest, ...globals.node } },
  },

  // Node code.
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'tests/**/*.ts', '*.{ts,mjs,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/test/**/*.ts', 'tests/support/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },

  // Import boundaries.
  {
    files: apps.map((app) => `apps/${app}/${SOURCE}`),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: apps.map((app) => ({
            target: `./apps/${app}`,
            from: './apps',
            except: [`./${app}`],
            message: appMessage,
          })),
        },
      ],
      'no-restricted-imports': restrictPackages('shared(?:/|$)', appMessage),
      // The state and i18n libraries live inside @careers/shared (webpack.config.ts `insideShared`): a widget's own
      // import would put a second copy on the page (a second store context, a second i18n instance). Types are free.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react-redux|@reduxjs/toolkit|i18next|react-i18next|react-toastify)(/|$)',
              allowTypeImports: true,
              message: libraryMessage,
            },
            {
              // The contract's index holds the TypeBox schemas (run-time code for the server): a value import would
              // put TypeBox in the widget's bundle. The form engine and its constants come from @careers/shared/forms.
              regex: '^@careers/shared/contract$',
              allowTypeImports: true,
              message:
                'Import only types from @careers/shared/contract; the form engine and constants come from @careers/shared/forms.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`shared/${SOURCE}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [{ target: './shared', from: './apps', message: sharedMessage }] },
      ],
      'no-restricted-imports': restrictPackages('shared(?:/|$)', sharedMessage),
      // One translation hook for every widget (shared/src/i18n/useTranslation.ts, re-exported by @careers/shared).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              allowTypeImports: true,
              message: 'Use shared/src/i18n/useTranslation.ts (one `t` per language and namespace for the whole page).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`server/${SOURCE}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            { target: './server', from: './apps', message: serverMessage },
            { target: './server', from: './shared', except: ['./src/contract'], message: serverMessage },
          ],
        },
      ],
      'no-restricted-imports': restrictPackages('shared/contract$', serverMessage),
    },
  },
  {
    files: [`server/src/${SOURCE}`],
    rules: { 'no-restricted-syntax': ['error', focusedTest, ...requestCasts] },
  },
);
