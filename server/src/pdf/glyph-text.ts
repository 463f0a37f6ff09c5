// What each glyph of a PDF stands for (docs/product/languages.md#pdfs-in-every-script): pdf-lib writes, for each
// glyph it embeds, the characters of the fontkit glyph object it was handed (the font's ToUnicode map), and readers
// copy and search the text through that map, glyph after glyph, in drawing order. fontkit's objects do not say it
// right for complex scripts; this module makes the layout fontkit hands to pdf-lib say it right, and fixes what
// pdf-lib's fontkit writes wrong in a subset.
import bidiFactory from 'bidi-js';
import type { Font, Glyph, GlyphRun } from '@pdf-lib/fontkit';

const bidi = bidiFactory();

/**
 * Features the layout leaves out: glyph positioning (kerning, mark anchors). pdf-lib writes each glyph with its own
 * advance and ignores the positions fontkit computes, so they are not computed: laid out without them, text costs a
 * quarter of the time. Substitutions (Arabic joining, Indic conjuncts, Thai tone marks) still apply.
 */
const NO_POSITIONING = ['kern', 'mark', 'mkmk', 'curs', 'dist', 'abvm', 'blwm'] as const;

/** What a glyph standing for no character is written as: the word joiner, which pdf.js drops. */
const NO_CHARACTER = 0x2060;

/** Characters fontkit draws as nothing (a space glyph of no advance), which pdf-lib would give a space's width. */
const ZERO_WIDTH = /^[\u200b-\u200f\u2060-\u2064\ufeff]+$/u;

/**
 * Characters pdf.js counts as taking no room when a glyph's text holds one (nonspacing and enclosing marks, format
 * characters): it then does not move past the glyph, and the glyphs after a wide glyph whose text holds a vowel sign
 * are read as a new word (విద్య copied as వి ద్య).
 */
const MARK = /[\p{Mn}\p{Me}\p{Cf}]/u;

/** The longest run of glyphs read as one cluster (an Indic syllable); past it, glyphs keep fontkit's characters. */
const MAX_CLUSTER = 24;

/** Words kept per font (then the store starts again), and the longest word kept. */
const MAX_WORDS = 20_000;
const MAX_WORD = 64;

/** A character of a script (what fontkit picks a run's script and direction by). */
const LETTER = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/** A cluster: glyphs `start` to `end` (exclusive, in typing order) draw `text`. */
interface Cluster {
  start: number;
  end: number;
  text: number[];
}

/**
 * The glyphs grouped into the shortest runs whose characters are, in some order, the next characters of the text.
 * fontkit gives each glyph the characters it came from, but an Indic shaper moves glyphs (the i-sign before its
 * consonant, a reph after its syllable): read glyph by glyph, राहुल शर्मा would be copied as राहुल शमार्. A glyph
 * with no character (an Arabic letter's dots drawn apart) is a cluster of no text. Linear in the text: a cluster
 * holds at most MAX_CLUSTER glyphs.
 */
function clusters(glyphs: readonly (readonly number[])[], text: readonly number[]): Cluster[] {
  const found: Cluster[] = [];
  let at = 0;
  for (let index = 0; index < glyphs.length;) {
    const own = glyphs[index]!;
    if (own.length === 0) {
      found.push({ start: index, end: index + 1, text: [] });
      index += 1;
      continue;
    }
    const left = new Map<number, number>();
    let size = 0;
    let end = -1;
    for (let next = index; next < Math.min(glyphs.length, index + MAX_CLUSTER); next += 1) {
      for (const codePoint of glyphs[next]!) left.set(codePoint, (left.get(codePoint) ?? 0) + 1);
      const grown = size + glyphs[next]!.length;
      if (at + grown > text.length) break;
      for (let position = at + size; position < at + grown; position += 1) {
        left.set(text[position]!, (left.get(text[position]!) ?? 0) - 1);
      }
      size = grown;
      if ([...left.values()].every((count) => count === 0)) {
        end = next + 1;
        break;
      }
    }
    if (end < 0) {
      found.push({ start: index, end: index + 1, text: [...own] });
      at += own.length;
      index += 1;
    } else {
      found.push({ start: index, end, text: text.slice(at, at + size) });
      at += size;
      index = end;
    }
  }
  return found;
}

/**
 * In a right-to-left run, a bracket's glyph is its mirror's (an opening parenthesis at the right end of the run looks
 * like `)` there), unless the font's own substitutions mirrored it already. The glyph still stands for the bracket
 * typed, so readers, which reverse the run back, copy `(الرياض)` as typed.
 */
function mirrored(font: Font, glyph: Glyph, codePoint: number): Glyph {
  const mirror = bidi.getMirroredCharacter(String.fromCodePoint(codePoint));
  if (mirror === null) return glyph;
  const mirrorCode = mirror.codePointAt(0)!;
  if (!font.hasGlyphForCodePoint(mirrorCode) || glyph.id !== font.glyphForCodePoint(codePoint).id) return glyph;
  return font.glyphForCodePoint(mirrorCode);
}

/** The advance pdf-lib is to write for a glyph: none for a character fontkit draws as nothing. */
function advanceOf(glyph: Glyph): number {
  const own = glyph.codePoints;
  return own.length > 0 && ZERO_WIDTH.test(String.fromCodePoint(...own)) ? 0 : glyph.advanceWidth;
}

/** fontkit's font and TrueType subset, with the internals the fixes below touch. */
interface FontInternals {
  _glyphs: Record<number, Glyph>;
}
interface TrueTypeSubset {
  loca?: { version?: number };
  _addGlyph?: (glyphId: number) => number;
}

/**
 * Makes a parsed font fit to be drawn by pdf-lib, for every document this process draws with it:
 *
 * - Every layout (ours, and pdf-lib's when it encodes text) runs without positioning, each with its own feature set:
 *   fontkit writes the features a layout chose into the object it is given, so a shared object would carry one run's
 *   choices (right-to-left mirroring, Arabic initial forms) into the next.
 * - Each glyph handed out stands for the characters it draws in that text, so that the glyphs' characters read in
 *   drawing order give the text as typed (see clusters and `spread`). fontkit keeps one object per glyph with the
 *   characters of its first use: Noto Sans Arabic draws the middle forms of ب ت ن ي with one dotless glyph (the dots
 *   are glyphs of their own), so بيانات was copied as بيابات. A glyph met again for other characters is handed out
 *   under a number of its own past the font's glyphs (the subset below writes the real glyph for it), so each use
 *   gets its own mapping.
 * - A glyph standing for no character (those dots, the rest of a reordered syllable) is written as the word joiner,
 *   which pdf.js drops; without a mapping pdf.js copies the glyph's number as a character.
 * - pdf-lib's fontkit writes a subset's glyph offsets in the short format (offsets halved) without padding each glyph
 *   to an even length: after the first odd-length glyph every glyph is read from the wrong place, and Noto Sans text
 *   comes out mostly blank in viewers while it still copies. The subset writes the long format (byte offsets), which
 *   needs no padding; it costs two bytes per glyph.
 */
export function prepareForPdf(font: Font): void {
  const internals = font as unknown as FontInternals;
  // A glyph object asked for with other characters than the cached one's is made afresh: fontkit would answer the
  // cached one, whose characters are those of its first use.
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const cached = internals._glyphs[id];
    if (cached && cached.codePoints.join(',') !== codePoints.join(',')) delete internals._glyphs[id];
    return getGlyph(id, codePoints);
  };

  const handedOut = new Map<string, Glyph>();
  const numbered = new Set<number>();
  const realIds = new Map<number, number>();
  let nextId = font.numGlyphs;
  /** The glyph as handed to pdf-lib: standing for `codePoints`, of no advance when `blank` or drawing nothing. */
  const handOut = (glyph: Glyph, codePoints: readonly number[], blank = false): Glyph => {
    const characters = codePoints.length > 0 ? [...codePoints] : [NO_CHARACTER];
    const advanceWidth = blank ? 0 : advanceOf(glyph);
    const key = `${glyph.id}:${advanceWidth}:${characters.join(',')}`;
    let handed = handedOut.get(key);
    if (!handed) {
      let id = glyph.id;
      if (numbered.has(id)) {
        id = nextId;
        nextId += 1;
        realIds.set(id, glyph.id);
      }
      numbered.add(id);
      handed = Object.create(glyph, {
        id: { value: id },
        codePoints: { value: characters },
        advanceWidth: { value: advanceWidth },
      }) as Glyph;
      handedOut.set(key, handed);
    }
    return handed;
  };

  /**
   * A left-to-right cluster's glyphs and the glyphs added for its text. Each wide glyph stands for one character
   * that is no mark (the first ones of the text, in order), and what comes between them is carried by a blank glyph
   * (a space of no advance, which draws nothing) right after: pdf.js then reads every wide glyph as wide and every
   * mark as standing on it. Glyphs of no advance already there (a reph, a vowel sign drawn apart) stand for nothing.
   * A cluster with fewer characters than wide glyphs keeps its text on its first glyph.
   */
  const spread = (glyphs: readonly Glyph[], text: readonly number[]): Glyph[] => {
    const wide = glyphs.filter((glyph) => advanceOf(glyph) > 0).length;
    const bases = text.filter((codePoint) => !MARK.test(String.fromCodePoint(codePoint)));
    const plain = glyphs.length === 1 && wide === 1 && bases.length === text.length;
    if (plain || wide === 0 || bases.length < wide) {
      return glyphs.map((glyph, index) => handOut(glyph, index === 0 ? text : []));
    }
    // Which characters each wide glyph stands for (one base), and which follow it on blank glyphs.
    const before: number[] = [];
    const after: number[][] = Array.from({ length: wide }, () => []);
    const own: number[] = [];
    let taken = 0;
    for (const codePoint of text) {
      if (taken < wide && !MARK.test(String.fromCodePoint(codePoint))) {
        own.push(codePoint);
        taken += 1;
      } else if (taken === 0) {
        before.push(codePoint);
      } else {
        after[taken - 1]!.push(codePoint);
      }
    }
    const space = font.glyphForCodePoint(0x20);
    const out: Glyph[] = [];
    const blanks = (codePoints: number[]) => {
      if (codePoints.length > 0) out.push(handOut(space, codePoints, true));
    };
    blanks(before);
    let slot = 0;
    for (const glyph of glyphs) {
      if (advanceOf(glyph) > 0) {
        out.push(handOut(glyph, [own[slot]!]));
        blanks(after[slot]!);
        slot += 1;
      } else {
        out.push(handOut(glyph, []));
      }
    }
    return out;
  };

  /** The glyphs of one laid-out word as handed to pdf-lib, in drawing order. */
  const handOutRun = (run: GlyphRun, text: string): Glyph[] => {
    const rightToLeft = run.direction === 'rtl';
    const typed = rightToLeft ? [...run.glyphs].reverse() : run.glyphs;
    const found = clusters(
      typed.map((glyph) => glyph.codePoints),
      Array.from(text, (char) => char.codePointAt(0)!),
    );
    const glyphs: Glyph[] = [];
    for (const { start, end, text: characters } of found) {
      if (!rightToLeft) {
        glyphs.push(...spread(typed.slice(start, end), characters));
        continue;
      }
      // Right to left (Arabic, Hebrew: no glyph moves within a cluster there): the first glyph stands for the
      // cluster's characters reversed, as readers reverse the run back.
      for (let index = start; index < end; index += 1) {
        const first = index === start;
        const glyph = first && characters.length === 1 ? mirrored(font, typed[index]!, characters[0]!) : typed[index]!;
        glyphs.push(handOut(glyph, first ? [...characters].reverse() : []));
      }
    }
    return rightToLeft ? glyphs.reverse() : glyphs;
  };

  // Words are laid out one by one and kept: shaping never reaches across a space in these scripts, and a resume
  // repeats its words, while fontkit's Indic shaping costs almost a millisecond a word (pdf-lib lays each line out
  // again to draw it).
  const layout = font.layout.bind(font) as (
    text: string,
    features: Record<string, boolean>,
    script?: string,
    language?: string,
    direction?: string,
  ) => GlyphRun;
  interface Shaped {
    glyphs: Glyph[];
    script: string;
    direction: string | undefined;
  }
  const words = new Map<string, Shaped>();
  const shape = (word: string, script?: string, direction?: string): Shaped => {
    const key = `${script ?? ''}:${direction ?? ''}:${word}`;
    const kept = words.get(key);
    if (kept) return kept;
    const features = Object.fromEntries(NO_POSITIONING.map((feature) => [feature, false]));
    const run = layout(word, features, script, undefined, direction);
    const shaped: Shaped = { glyphs: handOutRun(run, word), script: run.script, direction: run.direction ?? undefined };
    if (words.size >= MAX_WORDS) words.clear();
    if (word.length <= MAX_WORD) words.set(key, shaped);
    return shaped;
  };
  font.layout = (text: string): GlyphRun => {
    const parts = text.split(/( +)/).filter((part) => part !== '');
    // The run's script and direction are fontkit's for the whole text: its first letter's, so the first word
    // with a letter gives them; every word is then shaped in them (a dash between Arabic words is reversed too).
    const lead = parts.find((part) => LETTER.test(part));
    const { script, direction } = lead === undefined ? shape(text) : shape(lead);
    const shaped = parts.map((part) => shape(part, script, direction).glyphs);
    const glyphs = (direction === 'rtl' ? shaped.reverse() : shaped).flat();
    return { glyphs, positions: [], script, direction, features: {}, language: null } as unknown as GlyphRun;
  };

  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    const trueType = subset as unknown as TrueTypeSubset;
    const addGlyph = trueType._addGlyph?.bind(subset);
    if (addGlyph) {
      trueType._addGlyph = (glyphId: number) => {
        // encode() sets `loca` anew before adding the glyphs; a version already set is kept by its encoder.
        if (trueType.loca) trueType.loca.version ??= 1;
        return addGlyph(realIds.get(glyphId) ?? glyphId);
      };
    }
    return subset;
  };
}
