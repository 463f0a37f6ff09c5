/**
 * Where the interface texts live: one folder of `<tag>.json` files per catalogue, English (`en.json`) the source
 * (docs/product/languages.md#catalogues). The locale tests and `npm run i18n:check` read this list.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export const CATALOGUES: readonly { name: string; dir: string }[] = [
  { name: 'common', dir: 'shared/src/i18n/locales' },
  { name: 'auth', dir: 'shared/src/auth/locales' },
  { name: 'formRules', dir: 'shared/src/contract/form-rules/locales' },
  { name: 'server', dir: 'server/src/i18n/locales' },
  ...['catalogue', 'dashboard', 'forms', 'notifications', 'offers', 'onboarding', 'search', 'shell'].map((app) => ({
    name: app,
    dir: `apps/${app}/src/locales`,
  })),
];

export type Tree = { [key: string]: string | Tree };

export function readCatalogue(dir: string, tag: string): Tree | null {
  const file = path.join(ROOT, dir, `${tag}.json`);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
}

/** Every string of a tree by its dotted key. */
export function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(at, value);
    else flatten(value, at, into);
  }
  return into;
}
