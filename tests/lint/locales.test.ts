/**
 * Every interface language is complete (docs/product/languages.md#catalogues): each catalogue has every English key,
 * every plural form the language's CLDR rules name, English's variables and nestings, and no text left in English
 * unless the language's list names it (scripts/i18n/check.ts says how each is checked); and each language has its
 * glossary of the product's terms (docs/i18n/README.md).
 * Run: npx tsx --test tests/lint/locales.test.ts
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { LANGUAGES, SOURCE_LANGUAGE } from '../../shared/src/contract/languages';
import { CATALOGUES, ROOT } from '../../scripts/i18n/catalogues';
import { checkLanguage } from '../../scripts/i18n/check';

const GLOSSARY_TERMS = fs
  .readFileSync(path.join(ROOT, 'docs/i18n/README.md'), 'utf8')
  .match(/Every glossary gives, at least: ([^.]+)\./)?.[1]
  ?.replace(/\s+/g, ' ')
  .split(', ')
  .map((term) => term.replace(/ \(.*\)$/, '').trim());

describe('interface languages', () => {
  test('the glossary terms are listed in docs/i18n/README.md', () => {
    assert.ok(GLOSSARY_TERMS && GLOSSARY_TERMS.length >= 20, 'the README lists the glossary terms');
  });

  for (const { tag } of LANGUAGES.filter((language) => language.tag !== SOURCE_LANGUAGE)) {
    test(`${tag}: every catalogue is complete and translated`, () => {
      const problems = checkLanguage(tag);
      assert.deepEqual(problems, [], `${problems.length} problem(s); run npm run i18n:check -- ${tag}`);
    });

    test(`${tag}: has its glossary with every product term`, () => {
      const file = path.join(ROOT, 'docs/i18n', `${tag}.md`);
      assert.ok(fs.existsSync(file), `docs/i18n/${tag}.md`);
      const rows = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) => line.split('|')[1]?.trim().toLowerCase() ?? '');
      const missing = (GLOSSARY_TERMS ?? []).filter((term) => !rows.some((row) => row.includes(term.toLowerCase())));
      assert.deepEqual(missing, [], `docs/i18n/${tag}.md lacks these terms`);
    });
  }

  test('no catalogue holds a language that is not shipped', () => {
    const shipped = new Set(LANGUAGES.map((language) => language.tag));
    for (const { dir } of CATALOGUES) {
      for (const file of fs.readdirSync(path.join(ROOT, dir))) {
        const tag = file.replace(/\.json$/, '');
        assert.ok(shipped.has(tag), `${dir}/${file}: ${tag} is not in shared/src/contract/languages.ts`);
      }
    }
  });
});
