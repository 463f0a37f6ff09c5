// Text in any script on a pdf-lib page (docs/product/languages.md#pdfs-in-every-script): each character drawn in
// the first font of the fallback list that has it, right-to-left text put in visual order, Arabic joined, Indic
// syllables formed, long text wrapped. Used by the exported resume and the signature stamp; it runs where they run
// (the heavy-work pool), never on a request's event loop.
import { randomBytes } from 'node:crypto';
import bidiFactory from 'bidi-js';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { languageInfo } from '../contract';
import {
  cachedFontkit,
  cjkFaceFor,
  fallbackFaces,
  hasGlyph,
  loadFont,
  type CjkFace,
  type Face,
  type Weight,
} from './fonts';

const bidi = bidiFactory();

/** What a character no font has is drawn as (Noto Sans has it). */
const REPLACEMENT = '\ufffd';

/**
 * Shown as nothing and not drawn: bidi controls and marks, the soft hyphen, zero-width spaces and joiners other
 * than ZWJ and ZWNJ (those two stay in the text: they steer Arabic joining and Indic conjuncts).
 */
const HIDDEN = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/**
 * Characters that take the font of the text around them when it has them (spaces, punctuation, digits, combining
 * marks): an Arabic name's space stays in the Arabic run, an accent stays with its letter.
 */
const STICKY = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Characters a fontkit layout draws right to left (it reverses the glyphs of a run whose first letter is one). */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const NEUTRAL_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/** Characters whose width depends on their neighbours (joining, conjuncts): measured by laying out the whole word. */
const CONTEXTUAL = /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Telugu}\u200c\u200d]/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** One piece of a line, ready to draw: its text in the order pdf-lib lays it out, its font and width. */
interface TextRun {
  /** The text handed to pdf-lib (whose fontkit layout reverses a right-to-left run itself). */
  readonly text: string;
  readonly face: Face;
  /** In points. */
  readonly width: number;
}

/** One line: its runs left to right and its width in points. */
export interface TextLine {
  readonly runs: readonly TextRun[];
  readonly width: number;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
}

interface Piece {
  start: number;
  end: number;
  level: number;
  face: Face;
}

const subsetTag = (): string => Array.from(randomBytes(6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');

const reverseGraphemes = (text: string): string =>
  Array.from(graphemes.segment(text), (part) => part.segment)
    .reverse()
    .join('');

/** True when fontkit's layout reverses this text: its first character of a script is Arabic or Hebrew. */
function layoutReverses(text: string): boolean {
  for (const char of text) {
    if (NEUTRAL_SCRIPT.test(char)) continue;
    return RTL_LETTER.test(char);
  }
  return false;
}

/** The paragraph direction: its first strong character's, else the document's. */
function paragraphDirection(text: string, fallback: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') return 'rtl';
  }
  return fallback;
}

/**
 * Lays text out for one PDF document in one language: which font draws each character, where lines break, the
 * visual order of each line; and draws the lines. Fonts are embedded as subsets (only the glyphs drawn), each face
 * and weight once per document, and read once per process (fonts.ts).
 */
export class DocumentText {
  readonly direction: 'ltr' | 'rtl';
  private readonly cjk: CjkFace;
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  private readonly fonts = new Map<string, PDFFont>();
  /** Widths in thousandths of an em, by face, weight and text: each word and character measured once. */
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly pdf: PDFDocument,
    readonly language: string,
  ) {
    pdf.registerFontkit(cachedFontkit);
    this.direction = languageInfo(language)?.dir ?? 'ltr';
    this.cjk = cjkFaceFor(language);
  }

  /** Upper case by the language's rules (Turkish dotted İ, Greek without accents). */
  upperCase(text: string): string {
    try {
      return text.toLocaleUpperCase(this.language);
    } catch {
      return text.toUpperCase();
    }
  }

  /**
   * The text in lines no wider than `maxWidth` points: broken at spaces, a word wider than a line cut between two
   * characters (never inside a character with its marks). Time linear in the text: each word is measured once.
   */
  async lines(value: string, style: TextStyle, maxWidth: number): Promise<TextLine[]> {
    const weight: Weight = style.bold ? 'bold' : 'regular';
    const { text, faces } = this.assignFaces(value, weight);
    if (text.trim() === '') return [];
    await this.embedAll(new Set(faces.filter((face): face is Face => face !== null)), weight);
    const levels = bidi.getEmbeddingLevels(text, paragraphDirection(text, this.direction)).levels;
    const scale = style.size / 1000;
    const width = (start: number, end: number): number => this.rangeWidth(text, faces, weight, start, end) * scale;

    const ranges: Array<[number, number]> = [];
    let lineStart = -1;
    let lineEnd = -1;
    let lineWidth = 0;
    const flush = () => {
      if (lineStart >= 0) ranges.push([lineStart, lineEnd]);
      lineStart = -1;
    };
    for (const word of text.matchAll(/\S+/gu)) {
      const start = word.index;
      const end = start + word[0].length;
      const wordWidth = width(start, end);
      if (wordWidth > maxWidth) {
        // One pass over the word: each piece takes characters while they fit (at least one), the rest goes on.
        flush();
        let pieceStart = start;
        let pieceWidth = 0;
        for (const { segment, index } of graphemes.segment(word[0])) {
          const at = start + index;
          const added = width(at, at + segment.length);
          if (at > pieceStart && pieceWidth + added > maxWidth) {
            ranges.push([pieceStart, at]);
            pieceStart = at;
            pieceWidth = added;
          } else {
            pieceWidth += added;
          }
        }
        lineStart = pieceStart;
        lineEnd = end;
        lineWidth = pieceWidth;
        continue;
      }
      if (lineStart < 0) {
        lineStart = start;
        lineEnd = end;
        lineWidth = wordWidth;
        continue;
      }
      const joined = lineWidth + width(lineEnd, start) + wordWidth;
      if (joined > maxWidth) {
        flush();
        lineStart = start;
        lineWidth = wordWidth;
      } else {
        lineWidth = joined;
      }
      lineEnd = end;
    }
    flush();
    return ranges.map(([start, end]) => this.visualLine(text, faces, levels, weight, scale, start, end));
  }

  /**
   * Draws a line at `y`: from `x` in a left-to-right document, against the right edge of the box (`x + boxWidth`) in
   * a right-to-left one.
   */
  drawLine(
    page: PDFPage,
    line: TextLine,
    options: { x: number; y: number; boxWidth: number; size: number; bold?: boolean; color: Color },
  ): void {
    const weight: Weight = options.bold ? 'bold' : 'regular';
    let x = this.direction === 'rtl' ? options.x + options.boxWidth - line.width : options.x;
    for (const run of line.runs) {
      const font = this.fonts.get(`${run.face}:${weight}`);
      if (!font) throw new Error(`${run.face} ${weight} is not embedded: lay the text out with lines() first`);
      page.drawText(run.text, { x, y: options.y, size: options.size, font, color: options.color });
      x += run.width;
    }
  }

  /**
   * The text cleaned for drawing (line breaks and controls as spaces, composed characters, a character no font has
   * as U+FFFD) and the face of each UTF-16 unit (null: not drawn). Only fonts a character needs are read: Noto Sans
   * first, then its script's.
   */
  private assignFaces(value: string, weight: Weight): { text: string; faces: Array<Face | null> } {
    const cleaned = value
      .normalize('NFC')
      .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
      .replace(/\p{Cs}/gu, REPLACEMENT);
    let text = '';
    const faces: Array<Face | null> = [];
    let current: Face | null = null;
    for (const char of cleaned) {
      let face: Face | null;
      let drawn = char;
      if (HIDDEN.test(char)) {
        face = null;
      } else {
        const codePoint = char.codePointAt(0)!;
        if (char === ' ') face = current ?? 'latin';
        else if (current !== null && STICKY.test(char) && hasGlyph(current, weight, codePoint)) face = current;
        else if (hasGlyph('latin', weight, codePoint)) face = 'latin';
        else face = fallbackFaces(char, this.cjk).find((candidate) => hasGlyph(candidate, weight, codePoint)) ?? null;
        if (face === null) {
          face = 'latin';
          drawn = REPLACEMENT;
        } else if (char === ' ' && !hasGlyph(face, weight, codePoint)) {
          face = 'latin';
        }
        current = face;
      }
      text += drawn;
      for (let unit = 0; unit < drawn.length; unit += 1) faces.push(face);
    }
    return { text, faces };
  }

  private async embedAll(faces: Set<Face>, weight: Weight): Promise<void> {
    for (const face of faces) {
      const key = `${face}:${weight}`;
      let pending = this.embedded.get(key);
      if (!pending) {
        const { bytes, font } = loadFont(face, weight);
        // A subset's name starts with a tag of six capitals and `+`, which tells readers (and people) the font is not
        // whole; a tag of its own per embedding keeps two subsets of one font apart when documents are merged.
        pending = this.pdf.embedFont(bytes, { subset: true, customName: `${subsetTag()}+${font.postscriptName}` });
        this.embedded.set(key, pending);
      }
      this.fonts.set(key, await pending);
    }
  }

  /** Width of a logical range in thousandths of an em: the sum of its runs of one face. */
  private rangeWidth(text: string, faces: Array<Face | null>, weight: Weight, start: number, end: number): number {
    let total = 0;
    let runStart = start;
    for (let index = start; index <= end; index += 1) {
      if (index === end || faces[index] !== faces[runStart]) {
        const face = faces[runStart];
        if (face) total += this.measure(face, weight, text.slice(runStart, index));
        runStart = index;
      }
    }
    return total;
  }

  /**
   * Width of text in one face, in thousandths of an em, as pdf-lib draws it (the sum of the glyphs' advances after
   * substitution). Text of simple scripts is the sum of its characters' advances; Arabic and Indic text is laid out,
   * since a letter's form depends on its neighbours. Each text is measured once per document.
   */
  private measure(face: Face, weight: Weight, text: string): number {
    const key = `${face}:${weight}:${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      const { font } = loadFont(face, weight);
      let units = 0;
      if (CONTEXTUAL.test(text)) {
        for (const glyph of font.layout(text).glyphs) units += glyph.advanceWidth;
      } else {
        for (const char of text) units += font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth;
      }
      width = units * (1000 / font.unitsPerEm);
      this.widths.set(key, width);
    }
    return width;
  }

  /**
   * A line's runs in visual order: split where the face or the bidi level changes, runs reordered by level (the
   * Unicode bidi rule L2), brackets mirrored in right-to-left runs. fontkit reverses a run whose first letter is
   * Arabic or Hebrew after shaping it, so such a run is handed over in typing order; any other run that must read
   * right to left (punctuation between Arabic words in another font), or that must not (Arabic-Indic digits), is
   * reversed here first.
   */
  private visualLine(
    text: string,
    faces: Array<Face | null>,
    levels: Uint8Array,
    weight: Weight,
    scale: number,
    start: number,
    end: number,
  ): TextLine {
    const pieces: Piece[] = [];
    for (let index = start; index < end; index += 1) {
      const face = faces[index];
      if (face === null || face === undefined) continue;
      const level = levels[index] ?? 0;
      // Characters not drawn (bidi controls) are skipped: they split no run.
      const last = pieces.at(-1);
      if (last && last.face === face && last.level === level) last.end = index + 1;
      else pieces.push({ start: index, end: index + 1, level, face });
    }
    const highest = Math.max(0, ...pieces.map((piece) => piece.level));
    const lowestOdd = Math.min(highest + 1, ...pieces.map((piece) => piece.level).filter((level) => level % 2 === 1));
    for (let level = highest; level >= lowestOdd; level -= 1) {
      for (let index = 0; index < pieces.length;) {
        if (pieces[index]!.level < level) {
          index += 1;
          continue;
        }
        let stop = index;
        while (stop < pieces.length && pieces[stop]!.level >= level) stop += 1;
        pieces.splice(index, stop - index, ...pieces.slice(index, stop).reverse());
        index = stop;
      }
    }
    const runs = pieces.map((piece): TextRun => {
      let typed = '';
      for (let index = piece.start; index < piece.end; index += 1) if (faces[index] !== null) typed += text[index];
      const rightToLeft = piece.level % 2 === 1;
      let drawn = typed;
      if (rightToLeft && !layoutReverses(typed)) {
        // Brackets mirrored here, as no layout will (glyph-text.ts mirrors those of the runs fontkit reverses).
        drawn = reverseGraphemes([...typed].map((char) => bidi.getMirroredCharacter(char) ?? char).join(''));
      } else if (!rightToLeft && layoutReverses(typed)) {
        drawn = reverseGraphemes(typed);
      }
      return {
        text: drawn,
        face: piece.face,
        width: this.measure(piece.face, weight, drawn) * scale,
      };
    });
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  }
}
