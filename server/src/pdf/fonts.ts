// The fonts the server's PDFs are drawn in (docs/product/languages.md#pdfs-in-every-script): Noto Sans for Latin,
// Greek, Cyrillic and Devanagari (it holds the whole Devanagari block), a Noto Sans family for each other script the
// interface ships (Arabic, Hebrew, Thai, Telugu), and one Noto Sans CJK font per region, Regular and Bold, from npm
// packages of the Google Fonts files (SIL Open Font License 1.1).
//
// A font's file is read and parsed at most once per process (each heavy-work thread keeps its own) and only when a
// document draws a character no font before it in the fallback order has: a Latin resume never reads the 10 MB
// Chinese fonts.
//
// pdf-lib's fontkit runs its Indic shaper (Devanagari, Telugu) through a generator compiled for the global
// `regeneratorRuntime`, which Node does not have; without it the first Hindi text throws.
import 'regenerator-runtime/runtime.js';
import fs from 'node:fs';
import * as fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';
import { prepareForPdf } from './glyph-text';

/** A family of the fallback list. */
export type Face =
  | 'latin'
  | 'arabic'
  | 'hebrew'
  | 'thai'
  | 'telugu'
  | 'japanese'
  | 'korean'
  | 'simplifiedChinese'
  | 'traditionalChinese';

export type Weight = 'regular' | 'bold';

/** The Han characters' font: the same code point is drawn in each region's own form. */
export type CjkFace = Extract<Face, 'japanese' | 'korean' | 'simplifiedChinese' | 'traditionalChinese'>;

// In a heavy-work thread tsx's loader adds a query (`?namespace=…`) to what `require.resolve` answers: the file is
// the path before it.
const file = (resolved: string): string => resolved.replace(/\?namespace=.*$/, '');

// Each path spelled out, so the dependency on each package is plain to read (and to knip).
const FILES: Readonly<Record<Face, Readonly<Record<Weight, () => string>>>> = {
  latin: {
    regular: () => file(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  },
  arabic: {
    regular: () =>
      file(require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf')),
  },
  hebrew: {
    regular: () =>
      file(require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf')),
  },
  thai: {
    regular: () => file(require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf')),
  },
  telugu: {
    regular: () =>
      file(require.resolve('@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-telugu/700Bold/NotoSansTelugu_700Bold.ttf')),
  },
  japanese: {
    regular: () => file(require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')),
  },
  korean: {
    regular: () => file(require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf')),
  },
  simplifiedChinese: {
    regular: () => file(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  },
  traditionalChinese: {
    regular: () => file(require.resolve('@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf')),
    bold: () => file(require.resolve('@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf')),
  },
};

/** A font read once: its bytes (what pdf-lib embeds a subset of) and fontkit's parse of them. */
export interface LoadedFont {
  readonly bytes: Uint8Array;
  readonly font: Font;
}

const loaded = new Map<string, LoadedFont>();
const parsedBytes = new WeakMap<Uint8Array, Font>();

/** The font of a face and weight, read and parsed on first use in this process, then kept. */
export function loadFont(face: Face, weight: Weight): LoadedFont {
  const key = `${face}:${weight}`;
  let entry = loaded.get(key);
  if (!entry) {
    const bytes = new Uint8Array(fs.readFileSync(FILES[face][weight]()));
    const font = fontkit.create(bytes);
    prepareForPdf(font);
    entry = { bytes, font };
    parsedBytes.set(bytes, font);
    loaded.set(key, entry);
  }
  return entry;
}

/** The fonts this process has read so far (`face:weight`): what the tests check laziness with. */
export function loadedFonts(): string[] {
  return [...loaded.keys()];
}

/**
 * The fontkit pdf-lib embeds with: the font already parsed for these bytes, so a document does not parse a font
 * again (fontkit's parse of a CJK font costs about 80 ms; its tables and glyphs, once read, stay with the parse).
 */
export const cachedFontkit = {
  create: (bytes: Uint8Array): Font => parsedBytes.get(bytes) ?? fontkit.create(bytes),
};

/** The CJK font of a document's language: Japanese, Korean, Traditional Chinese (Taiwan, Hong Kong), else Simplified. */
export function cjkFaceFor(language: string): CjkFace {
  const tag = language.toLowerCase();
  if (tag === 'ja' || tag.startsWith('ja-')) return 'japanese';
  if (tag === 'ko' || tag.startsWith('ko-')) return 'korean';
  if (/^zh-(tw|hk|mo|hant)\b/.test(tag)) return 'traditionalChinese';
  return 'simplifiedChinese';
}

const CJK_FACES: readonly CjkFace[] = ['simplifiedChinese', 'traditionalChinese', 'japanese', 'korean'];

// Script_Extensions, so the punctuation and digits a script shares (the Arabic comma, the Telugu danda) go to that
// script's font.
const ARABIC = /\p{scx=Arabic}/u;
const HEBREW = /\p{scx=Hebrew}/u;
const THAI = /\p{scx=Thai}/u;
const TELUGU = /\p{scx=Telugu}/u;
const HANGUL = /\p{scx=Hangul}/u;
const KANA = /[\p{scx=Hiragana}\p{scx=Katakana}]/u;
// Han, Bopomofo, CJK punctuation and the full-width forms.
const HAN = /[\p{scx=Han}\p{scx=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

/**
 * The fonts to try, in order, for a character Noto Sans (always tried first) does not have: the font of its script,
 * and for Han the CJK font of the document's language before the others. A character of no script here (an emoji,
 * a rare symbol) is tried in Noto Sans only: reading a 10 MB font to find it missing is not worth it.
 */
export function fallbackFaces(char: string, cjk: CjkFace): readonly Face[] {
  if (ARABIC.test(char)) return ['arabic'];
  if (HEBREW.test(char)) return ['hebrew'];
  if (THAI.test(char)) return ['thai'];
  if (TELUGU.test(char)) return ['telugu'];
  if (HANGUL.test(char)) return ['korean'];
  if (KANA.test(char)) return cjk === 'korean' ? ['japanese'] : [...new Set<CjkFace>([cjk, 'japanese'])];
  if (HAN.test(char)) return [cjk, ...CJK_FACES.filter((face) => face !== cjk)];
  return [];
}

/** True when the face's font has a glyph for the character (reads the font on first use). */
export function hasGlyph(face: Face, weight: Weight, codePoint: number): boolean {
  return loadFont(face, weight).font.hasGlyphForCodePoint(codePoint);
}
