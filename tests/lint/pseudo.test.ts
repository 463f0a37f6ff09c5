/**
 * The test-only pseudo-locales (scripts/i18n/pseudo.ts) keep what i18next reads: every key with its plural suffix,
 * every variable (`{{name}}`, `{{count, number}}`), nesting (`$t(key)`) and markup, exactly; only the English around
 * them changes. Proved on small examples, then on every English catalogue.
 * Run: npx tsx --test tests/lint/pseudo.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CATALOGUES, flatten, readCatalogue } from '../../scripts/i18n/catalogues';
import {
  PDF,
  RLM,
  RLO,
  XA_CLOSE,
  XA_OPEN,
  accent,
  catalogueOfChunk,
  catalogueOfLocaleFile,
  englishLetters,
  englishPattern,
  pluralCategoriesOf,
  pseudoCatalogue,
  replaceChunkPayload,
  segments,
  toArXB,
  toEnXA,
  type Tree,
} from '../../scripts/i18n/pseudo';

/** What i18next reads in a text: variables, nestings and markup, in order. */
const placeholders = (text: string) =>
  segments(text)
    .filter((part) => part.keep)
    .map((part) => part.text);

describe('pseudo-locales', () => {
  test('segments keep variables, formatted variables, nestings with arguments and markup whole', () => {
    const text = 'Hi {{name}}, {{count, number}} new: $t(jobs.count, {"count": {{count}} }) <1>here</1>';
    assert.deepEqual(placeholders(text), [
      '{{name}}',
      '{{count, number}}',
      '$t(jobs.count, {"count": {{count}} })',
      '<1>',
      '</1>',
    ]);
    assert.equal(
      segments(text)
        .map((part) => part.text)
        .join(''),
      text,
    );
  });

  test('en-XA accents the English, pads it by about 40 % and marks both ends', () => {
    assert.equal(accent('Search jobs'), 'Šéáŕçĥ ĵóƀš');
    const pseudo = toEnXA('Showing {{count, number}} jobs near {{location}}');
    assert.ok(pseudo.startsWith(`${XA_OPEN}Šĥóŵíñĝ {{count, number}} ĵóƀš ñéáŕ {{location}}`), pseudo);
    assert.ok(pseudo.endsWith(XA_CLOSE));
    assert.deepEqual(placeholders(pseudo), ['{{count, number}}', '{{location}}']);
    const english = 'Save this search for later';
    const padded = toEnXA(english).length - 2;
    assert.ok(padded >= english.length * 1.35 && padded <= english.length * 1.45, `${padded} for ${english.length}`);
    assert.doesNotMatch(toEnXA(english), /[A-Za-z]/);
    assert.equal(toEnXA(''), '');
  });

  test('ar-XB overrides each English word right to left and leaves the rest, placeholders too, as it is', () => {
    const word = (text: string) => `${RLO}${text}${PDF}`;
    assert.equal(toArXB('{{count}} jobs in {{city}}'), `${RLM}{{count}} ${word('jobs')} ${word('in')} {{city}}${RLM}`);
    assert.equal(toArXB('Show all ({{count}})'), `${RLM}${word('Show')} ${word('all')} ({{count}})${RLM}`);
    assert.equal(toArXB("Don't close"), `${RLM}${word("Don't")} ${word('close')}${RLM}`);
  });

  test('a catalogue keeps its keys and plural suffixes, and gains the forms a real language asks for', () => {
    const tree: Tree = { a: { b_one: '{{count}} job', b_other: '{{count}} jobs', c: 'Close' } };
    for (const locale of ['en-XA', 'ar-XB'] as const) {
      const plain = flatten(pseudoCatalogue(tree, locale));
      assert.deepEqual([...plain.keys()], ['a.b_one', 'a.b_other', 'a.c']);
      const arabic = flatten(pseudoCatalogue(tree, locale, pluralCategoriesOf('ar-SA')));
      assert.deepEqual([...arabic.keys()].sort(), [
        'a.b_few',
        'a.b_many',
        'a.b_one',
        'a.b_other',
        'a.b_two',
        'a.b_zero',
        'a.c',
      ]);
      assert.equal(arabic.get('a.b_few'), arabic.get('a.b_other'));
      assert.equal(arabic.get('a.b_one'), plain.get('a.b_one'));
    }
  });

  for (const { name, dir } of CATALOGUES) {
    test(`${name}: every key, plural suffix, variable and nesting survives in both pseudo-locales`, () => {
      const english = readCatalogue(dir, 'en');
      assert.ok(english, `${dir}/en.json`);
      const source = flatten(english);
      for (const locale of ['en-XA', 'ar-XB'] as const) {
        const target = flatten(pseudoCatalogue(english, locale));
        assert.deepEqual([...target.keys()], [...source.keys()], `${locale} keys of ${name}`);
        for (const [key, text] of source) {
          const pseudo = target.get(key) ?? '';
          assert.deepEqual(placeholders(pseudo), placeholders(text), `${locale} ${name}:${key}`);
          if (locale === 'en-XA' && englishLetters(text) > 0) assert.notEqual(pseudo, text, `${name}:${key}`);
        }
      }
    });
  }

  test('an English text becomes a pattern with its placeholders as wildcards', () => {
    const pattern = englishPattern('Showing {{count, number}} of {{total}} jobs');
    assert.match('Showing 20 of 1,024 jobs', pattern);
    assert.doesNotMatch('Showing 20 of 1,024 jobs today', pattern);
    assert.match('Jobs (3)', englishPattern('Jobs ({{count}})'));
    assert.equal(englishLetters('{{count}} of {{total}}'), 2);
  });

  test("a locale chunk or file is named by its catalogue, and a chunk's JSON payload is replaced whole", () => {
    const tag = 'de-DE';
    assert.equal(catalogueOfChunk('/widgets/search/search-locale-de-DE-json.a261e536e0.js', tag), 'search');
    assert.equal(catalogueOfChunk('/widgets/forms/form-rules-locale-de-DE-json.17856aa1c2.js', tag), 'formRules');
    assert.equal(catalogueOfChunk('/widgets/shell/locale-common-de-DE-json.b4f9c58c43.js', tag), 'common');
    assert.equal(catalogueOfChunk('/widgets/shell/locale-auth-de-DE-json.51647486d6.js?x=1', tag), 'auth');
    assert.equal(catalogueOfChunk('/widgets/shell/locale-auth-fr-CA-json.51647486d6.js', tag), null);
    assert.equal(catalogueOfChunk('/widgets/search/search-map.75b9031d5b.js', tag), null);
    assert.equal(catalogueOfLocaleFile('/widgets/forms/locales/0a1b2c3d4e/formRules/de-DE.json', tag), 'formRules');
    assert.equal(catalogueOfLocaleFile('/widgets/shell/locales/0a1b2c3d4e/shell/de-DE.json?v=1', tag), 'shell');
    assert.equal(catalogueOfLocaleFile('/widgets/shell/locales/0a1b2c3d4e/shell/fr-CA.json', tag), null);

    // As webpack writes it: the JSON text in single quotes, its quotes and backslashes escaped.
    const chunk = String.raw`"use strict";(self.webpackChunkx=self.webpackChunkx||[]).push([[1],{5006(e){e.exports=JSON.parse('{"a":"l\'un \\\\ {{n}}"}')}}]);`;
    const replaced = replaceChunkPayload(chunk, { a: 'it’s "quoted" \\ {{n}}' });
    const exportsOf = (source: string) => {
      const module = { exports: {} as unknown };
      const self = {} as Record<string, unknown[][]>;
      new Function('self', source)(self);
      const modules = self.webpackChunkx?.[0]?.[1] as Record<string, (m: typeof module) => void>;
      modules['5006']?.(module);
      return module.exports;
    };
    assert.deepEqual(exportsOf(chunk), { a: "l'un \\ {{n}}" });
    assert.deepEqual(exportsOf(replaced), { a: 'it’s "quoted" \\ {{n}}' });
    assert.throws(() => replaceChunkPayload('module.exports = {}', {}), /one JSON\.parse/);
  });
});
