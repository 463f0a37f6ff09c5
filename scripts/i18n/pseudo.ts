/**
 * Pseudo-locales for tests only, made from the English catalogues; nothing here is built into a bundle or served to
 * candidates. They show at a glance which text on a page did not go through a catalogue, and how the layout takes
 * longer texts and a right-to-left language:
 * - `en-XA`: every letter accented (a → á), about 40 % longer (pseudo-words before the closing marker), the whole
 *   text between ⟦ and ⟧, so a cut-off text lacks its closing marker;
 * - `ar-XB`: every English word wrapped in a right-to-left override (U+202E … U+202C), the whole text between
 *   right-to-left marks (U+200F): each word is drawn right to left like an Arabic word, and the spaces, punctuation,
 *   numbers and variables between the words are laid out as they would be around Arabic words.
 * Interpolation variables (`{{name}}`, `{{count, number}}`), nestings (`$t(key)`) and markup (`<1>`, `</strong>`)
 * are kept exactly, and so are the keys (plural suffixes included): i18next still finds and fills every text.
 * The end-to-end test tests/e2e/pseudo-locales.spec.ts serves them in place of a real language's texts (its locale
 * chunks or locale files).
 * Every function here is pure.
 */

export type PseudoLocale = 'en-XA' | 'ar-XB';

/** A catalogue as its JSON file holds it. */
export type Tree = { [key: string]: string | Tree };

/** Opening and closing marker of an en-XA text. */
export const XA_OPEN = '\u27e6';
export const XA_CLOSE = '\u27e7';
/** Right-to-left mark, right-to-left override and pop directional formatting: the marks of an ar-XB text. */
export const RLM = '\u200f';
export const RLO = '\u202e';
export const PDF = '\u202c';

/** The parts of a text i18next reads (a variable, a nesting, markup): kept exactly as they are. */
const PLACEHOLDER = /\{\{[^{}]*\}\}|<\/?[A-Za-z0-9]+[^<>]*>/g;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A word of English text: letters, with the apostrophes and hyphens inside it ("don't", "e-mail"). */
const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ...Array.from('abcdefghijklmnopqrstuvwxyz').map((letter, i) => [
      letter,
      Array.from('áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýž')[i],
    ]),
    ...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ').map((letter, i) => [
      letter,
      Array.from('ÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ')[i],
    ]),
  ].map(([from, to]) => [from as string, to as string]),
);

/** Words the en-XA padding is cut from: accented, with spaces, so a padded text still wraps like a sentence. */
const PADDING = 'ļóŕéɱ íþšúɱ ðóļóŕ šíţ áɱéţ çóñšéçţéţúŕ áðíþíšçíñĝ éļíţ šéð ðó éíúšɱóð ţéɱþóŕ ';

/** One piece of a text: English to transform, or a placeholder to keep. */
export interface Segment {
  text: string;
  keep: boolean;
}

/** The end of a `$t(` nesting that starts at `start`: its closing parenthesis, nested ones counted (-1: none). */
function nestingEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start + 2; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** A text cut into English and placeholders (variables, nestings with their arguments, markup), in order. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  const push = (piece: string, keep: boolean) => {
    if (piece === '') return;
    const last = out[out.length - 1];
    if (last && last.keep === keep && !keep) last.text += piece;
    else out.push({ text: piece, keep });
  };
  let rest = 0;
  for (let at = text.indexOf('$t(', 0); at !== -1; at = text.indexOf('$t(', rest)) {
    const end = nestingEnd(text, at);
    if (end === -1) break;
    splitPlaceholders(text.slice(rest, at), push);
    push(text.slice(at, end + 1), true);
    rest = end + 1;
  }
  splitPlaceholders(text.slice(rest), push);
  return out;
}

function splitPlaceholders(text: string, push: (piece: string, keep: boolean) => void) {
  let rest = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    push(text.slice(rest, match.index), false);
    push(match[0], true);
    rest = (match.index ?? 0) + match[0].length;
  }
  push(text.slice(rest), false);
}

/** Accents every ASCII letter of English text (a → á, Z → Ž); anything else is left as it is. */
export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

/** `count` characters of accented pseudo-words, starting with a space (none for 0). */
function padding(count: number): string {
  if (count <= 0) return '';
  let words = ' ';
  while (words.length < count) words += PADDING;
  return words.slice(0, count).replace(/ $/, '\u00a0');
}

/** The en-XA form of one English text: accented, padded by 40 % of its English letters, between ⟦ and ⟧. */
export function toEnXA(text: string): string {
  if (text === '') return text;
  const parts = segments(text);
  const english = parts.filter((part) => !part.keep).reduce((length, part) => length + part.text.length, 0);
  const body = parts.map((part) => (part.keep ? part.text : accent(part.text))).join('');
  return `${XA_OPEN}${body}${padding(Math.ceil(english * 0.4))}${XA_CLOSE}`;
}

/**
 * The ar-XB form of one English text: each word between a right-to-left override and its end (its letters drawn
 * right to left, as an Arabic word's are), everything else as it is (spaces, punctuation and placeholders take the
 * direction around them, as beside Arabic words), and right-to-left marks at both ends (the text starts and ends
 * right to left, as an Arabic text does).
 */
export function toArXB(text: string): string {
  if (text === '') return text;
  const body = segments(text)
    .map((part) => (part.keep ? part.text : part.text.replace(WORD, (word) => `${RLO}${word}${PDF}`)))
    .join('');
  return `${RLM}${body}${RLM}`;
}

/** The pseudo-locale's form of one English text. */
function pseudoText(text: string, locale: PseudoLocale): string {
  return locale === 'en-XA' ? toEnXA(text) : toArXB(text);
}

/**
 * A whole catalogue in the pseudo-locale, keys unchanged. `pluralCategories` are the plural forms of the real
 * language whose chunks carry it (Arabic: zero, one, two, few, many, other): i18next asks for those, so each English
 * plural also gets the forms English lacks, read from its `_other` (never in place of an English key).
 */
export function pseudoCatalogue(tree: Tree, locale: PseudoLocale, pluralCategories: readonly string[] = []): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = typeof value === 'string' ? pseudoText(value, locale) : pseudoCatalogue(value, locale, pluralCategories);
  }
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== 'string' || !key.endsWith('_other')) continue;
    const base = key.replace(PLURAL_SUFFIX, '');
    for (const category of pluralCategories) {
      const form = `${base}_${category}`;
      if (!(form in out)) out[form] = pseudoText(value, locale);
    }
  }
  return out;
}

/** The plural categories of a real language, as i18next reads them. */
export function pluralCategoriesOf(tag: string): string[] {
  return [...new Intl.PluralRules(tag).resolvedOptions().pluralCategories];
}

/* ------------------------------------------------------------------------------------ English as patterns */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression that matches an English text however its placeholders were filled: each variable or nesting
 * becomes a wildcard, the rest is matched literally (any run of white space as any white space).
 */
export function englishPattern(text: string): RegExp {
  const source = segments(text)
    .map((part) => (part.keep ? '[\\s\\S]*?' : escapeRegExp(part.text).replace(/\s+/g, '\\s+')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** The letters of an English text outside its placeholders (what a reader would see of the interface itself). */
export function englishLetters(text: string): number {
  return segments(text)
    .filter((part) => !part.keep)
    .reduce((count, part) => count + (part.text.match(/[A-Za-z]/g)?.length ?? 0), 0);
}

/* ----------------------------------------------------------------------------------------- webpack chunks */

/**
 * The catalogue a locale chunk carries, by its file name (`search-locale-de-DE-json.<hash>.js`,
 * `locale-common-de-DE-json.<hash>.js`, `locale-auth-…`, `form-rules-locale-…`: the webpackChunkName of each loader),
 * or null for any other file.
 */
export function catalogueOfChunk(url: string, tag: string): string | null {
  const file = url.split('?')[0]?.split('/').pop() ?? '';
  const match = new RegExp(
    `^(?:locale-(common|auth)|([a-z-]+)-locale)-${escapeRegExp(tag)}-json\\.[0-9a-f]+\\.js$`,
  ).exec(file);
  if (!match) return null;
  if (match[1]) return match[1];
  return match[2] === 'form-rules' ? 'formRules' : (match[2] ?? null);
}

/**
 * The catalogue of a locale file written beside a bundle (`locales/<version>/<catalogue>/<tag>.json`, the form a
 * bundle may fetch its texts in instead of a chunk), or null for any other file.
 */
export function catalogueOfLocaleFile(url: string, tag: string): string | null {
  const match = new RegExp(`/locales/[0-9a-f]+/([A-Za-z-]+)/${escapeRegExp(tag)}\\.json$`).exec(
    url.split('?')[0] ?? '',
  );
  return match?.[1] ?? null;
}

/** How webpack emits a JSON module: `JSON.parse('…')`, the JSON as a single-quoted JavaScript string. */
const JSON_MODULE = /JSON\.parse\('(?:[^'\\]|\\[\s\S])*'\)/g;

/** A locale chunk with its one JSON module's payload replaced by `tree` (throws when it has not exactly one). */
export function replaceChunkPayload(chunk: string, tree: Tree): string {
  const found = chunk.match(JSON_MODULE) ?? [];
  if (found.length !== 1) throw new Error(`expected one JSON.parse('…') in the chunk, found ${found.length}`);
  return chunk.replace(JSON_MODULE, () => `JSON.parse(${JSON.stringify(JSON.stringify(tree))})`);
}
