/**
 * Checks a language's catalogues against English (docs/product/languages.md#catalogues):
 * - every English key is there, and no other;
 * - a plural key (`name_one`, `name_other` in English) has exactly the forms the language's CLDR rules name
 *   (`Intl.PluralRules`: Arabic zero, one, two, few, many, other; Japanese other);
 * - the interpolation variables (`{{name}}`, `{{count, number}}`) and nestings (`$t(key)`) are English's: the same
 *   set, except that a plural form other than `other` may leave out `{{count}}` ("un jour", "يوم واحد");
 * - no text is English's own unless the language's list of texts that are rightly the same
 *   (`docs/i18n/<tag>.same.txt`, one `catalogue:key` per line) names it; English variants are exempt.
 * Run: npm run i18n:check -- de-DE [more tags]   (all languages without a tag)
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../shared/src/contract/languages';
import { CATALOGUES, flatten, readCatalogue, ROOT } from './catalogues';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{\s*([^},\s]+)\s*(?:,\s*([^}]*?)\s*)?\}\}/g;
const NESTING = /\$t\(([^)]*)\)/g;
const MARKUP = /<\/?[A-Za-z0-9]+[^>]*>/g;

function tokens(text: string): { variables: string[]; others: string[] } {
  const variables = [...text.matchAll(VARIABLE)].map((m) => (m[2] ? `${m[1]}, ${m[2]}` : (m[1] ?? '')));
  const others = [...text.matchAll(NESTING), ...text.matchAll(MARKUP)].map((m) => m[0]);
  return { variables: variables.sort(), others: others.sort() };
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function allowedSame(tag: string): Set<string> {
  const file = path.join(ROOT, 'docs/i18n', `${tag}.same.txt`);
  if (!fs.existsSync(file)) return new Set();
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/** Every problem of one language's catalogues, as lines naming the file and key. */
export function checkLanguage(tag: string): string[] {
  const problems: string[] = [];
  const categories = new Set(new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[]);
  const englishVariant = tag.startsWith('en-');
  const allowed = allowedSame(tag);
  for (const { name, dir } of CATALOGUES) {
    const english = readCatalogue(dir, SOURCE_LANGUAGE);
    const file = `${dir}/${tag}.json`;
    if (!english) throw new Error(`no English catalogue in ${dir}`);
    let tree;
    try {
      tree = readCatalogue(dir, tag);
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    if (!tree) {
      problems.push(`${file}: missing`);
      continue;
    }
    const source = flatten(english);
    const target = flatten(tree);
    // English keys grouped by their base: a plural has its forms, anything else its one text.
    const plurals = new Map<string, string[]>();
    for (const key of source.keys()) {
      const base = key.replace(PLURAL_SUFFIX, '');
      if (base !== key) plurals.set(base, [...(plurals.get(base) ?? []), key]);
    }
    const expected = new Map<string, { english: string; plural: boolean }>();
    for (const [key, text] of source) {
      if (PLURAL_SUFFIX.test(key)) continue;
      expected.set(key, { english: text, plural: false });
    }
    for (const [base, forms] of plurals) {
      const other = source.get(`${base}_other`) ?? source.get(forms[0] ?? '') ?? '';
      for (const category of categories) expected.set(`${base}_${category}`, { english: other, plural: true });
    }
    for (const key of target.keys()) {
      if (!expected.has(key)) {
        const base = key.replace(PLURAL_SUFFIX, '');
        problems.push(
          plurals.has(base)
            ? `${file}: ${key}: ${tag} has no plural category "${key.slice(base.length + 1)}" (it has ${[...categories].join(', ')})`
            : `${file}: ${key}: not an English key`,
        );
      }
    }
    for (const [key, { english: englishText, plural }] of expected) {
      const text = target.get(key);
      if (text === undefined) {
        problems.push(`${file}: ${key}: missing`);
        continue;
      }
      if (text.trim() === '' && englishText.trim() !== '') problems.push(`${file}: ${key}: empty`);
      const base = key.replace(PLURAL_SUFFIX, '');
      const englishForms = plural ? (plurals.get(base) ?? []).map((form) => source.get(form) ?? '') : [englishText];
      const want = tokens(englishForms.join(' '));
      const got = tokens(text);
      const wantVariables = [...new Set(want.variables)].sort();
      const gotVariables = [...new Set(got.variables)].sort();
      const countMayGo = plural && !key.endsWith('_other');
      const missing = wantVariables.filter(
        (v) => !gotVariables.includes(v) && !(countMayGo && v.split(',')[0] === 'count'),
      );
      const extra = gotVariables.filter((v) => !wantVariables.includes(v));
      if (missing.length || extra.length)
        problems.push(
          `${file}: ${key}: variables differ from English (${[...missing.map((v) => `missing {{${v}}}`), ...extra.map((v) => `unknown {{${v}}}`)].join(', ')})`,
        );
      if (!same([...new Set(got.others)].sort(), [...new Set(want.others)].sort()))
        problems.push(`${file}: ${key}: markup or $t() differs from English (${want.others.join(' ')})`);
      if (
        !englishVariant &&
        englishForms.includes(text) &&
        /[A-Za-z]{2}/.test(text.replace(VARIABLE, '')) &&
        !allowed.has(`${name}:${key}`) &&
        !allowed.has(`${name}:${base}`)
      )
        problems.push(`${file}: ${key}: the English text, untranslated ("${text}")`);
    }
  }
  return problems;
}

if (require.main === module) {
  const tags = process.argv.slice(2).filter((arg) => arg !== '--');
  const chosen = tags.length ? tags : LANGUAGES.map((l) => l.tag).filter((t) => t !== SOURCE_LANGUAGE);
  let failed = 0;
  for (const tag of chosen) {
    if (!LANGUAGES.some((l) => l.tag === tag)) {
      console.error(`${tag}: not a shipped language (shared/src/contract/languages.ts)`);
      failed += 1;
      continue;
    }
    const problems = checkLanguage(tag);
    console.log(`${tag}: ${problems.length ? `${problems.length} problem(s)` : 'complete'}`);
    for (const problem of problems.slice(0, 200)) console.log(`  ${problem}`);
    if (problems.length > 200) console.log(`  … and ${problems.length - 200} more`);
    if (problems.length) failed += 1;
  }
  process.exitCode = failed ? 1 : 0;
}
