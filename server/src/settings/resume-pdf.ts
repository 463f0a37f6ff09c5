// Runs in the worker pool (server/src/workers): the profile's text is the candidate's, so the layout must cost time
// linear in it (see wrap) and never run on the event loop. Labels and the name come ready from the route, so this
// module needs neither i18next nor the database.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { StoredProfile } from '../profile/repository';

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.11, 0.13, 0.16);
const MUTED = rgb(0.35, 0.38, 0.42);
const ACCENT = rgb(0.1, 0.3, 0.55);

/** The resume's words in the candidate's language (server i18n `settings.resume.*`), and its title. */
export interface ResumeLabels {
  title: string;
  summary: string;
  experience: string;
  education: string;
  skills: string;
  languages: string;
  links: string;
  present: string;
  proficiency: Record<string, string>;
}

/** What the worker draws: the profile, the name it is drawn under, and the labels. */
export interface ResumePdfInput {
  profile: StoredProfile;
  name: string;
  labels: ResumeLabels;
}

/** Latin letters without a decomposition, and the WinAnsi letter they are written as. */
export const LATIN_FALLBACKS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};

const characterSets = new WeakMap<PDFFont, Set<number>>();

/**
 * Text a standard (WinAnsi) font can draw: line breaks and tabs become spaces, a character outside the font is
 * replaced by its base letter when it has one (é is drawn as is, ő becomes o, ł becomes l), else by `?`.
 */
function winAnsiText(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  const drawable = supported;
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => {
      if (drawable.has(char.codePointAt(0)!)) return char;
      const base = LATIN_FALLBACKS[char] ?? char.normalize('NFKD').replace(/\p{M}+/gu, '');
      return base && [...base].every((part) => drawable.has(part.codePointAt(0)!)) ? base : '?';
    })
    .join('');
}

/**
 * Widths of one font at one size, character by character: a text's width is the sum of its characters' widths
 * and of the kerning of each adjacent pair, exactly what `font.widthOfTextAtSize` computes, but each character and
 * pair is measured once. So wrapping costs time linear in the text; measuring every shortening of a long word
 * with `widthOfTextAtSize` cost its length cubed (a summary of one 4,000-character word held the server for 14 s).
 */
class Widths {
  private readonly chars = new Map<string, number>();
  private readonly pairs = new Map<string, number>();

  constructor(
    private readonly font: PDFFont,
    private readonly size: number,
  ) {}

  char(char: string): number {
    let width = this.chars.get(char);
    if (width === undefined) {
      width = this.font.widthOfTextAtSize(char, this.size);
      this.chars.set(char, width);
    }
    return width;
  }

  /** The width `next` adds after `previous` (its own width and the pair's kerning). */
  after(previous: string | undefined, next: string): number {
    if (previous === undefined) return this.char(next);
    const key = previous + next;
    let kerning = this.pairs.get(key);
    if (kerning === undefined) {
      kerning = this.font.widthOfTextAtSize(key, this.size) - this.char(previous) - this.char(next);
      this.pairs.set(key, kerning);
    }
    return kerning + this.char(next);
  }

  text(value: string): number {
    let width = 0;
    let previous: string | undefined;
    for (const char of value) {
      width += this.after(previous, char);
      previous = char;
    }
    return width;
  }
}

// The text is WinAnsi by then (winAnsiText), so every character is one UTF-16 unit.
const lastChar = (value: string): string | undefined => value.at(-1);

/** Lines no wider than `width`; a word wider than the line is cut. Linear in the text. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const widths = new Widths(font, size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (let word of text.split(/\s+/).filter(Boolean)) {
    let wordWidth = widths.text(word);
    if (wordWidth > width) {
      // One pass over the word: each piece takes characters while they fit (at least one), the rest goes on.
      if (line) lines.push(line);
      line = '';
      lineWidth = 0;
      let piece = '';
      let pieceWidth = 0;
      for (const char of word) {
        const added = widths.after(lastChar(piece), char);
        if (piece && pieceWidth + added > width) {
          lines.push(piece);
          piece = char;
          pieceWidth = widths.char(char);
        } else {
          piece += char;
          pieceWidth += added;
        }
      }
      word = piece;
      wordWidth = pieceWidth;
    }
    if (!line) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    const joinedWidth =
      lineWidth + widths.after(lastChar(line), ' ') + widths.after(' ', word[0]!) - widths.char(word[0]!) + wordWidth;
    if (joinedWidth > width) {
      lines.push(line);
      line = word;
      lineWidth = wordWidth;
    } else {
      line = `${line} ${word}`;
      lineWidth = joinedWidth;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws top to bottom, starting a new page when the next line does not fit. */
class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  private room(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {},
  ): void {
    const { size = 10.5, bold = false, color = INK, gap = 0 } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lineHeight = size * 1.35;
    for (const line of wrap(font, winAnsiText(font, value), size, CONTENT_WIDTH)) {
      this.room(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, { x: MARGIN, y: this.y + size * 0.3, size, font, color });
    }
    this.y -= gap;
  }

  heading(value: string): void {
    // A heading never ends a page: it keeps room for itself and two lines under it.
    this.room(60);
    this.y -= 14;
    this.text(value.toUpperCase(), { size: 11, bold: true, color: ACCENT });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 2 },
      end: { x: PAGE.width - MARGIN, y: this.y - 2 },
      thickness: 0.75,
      color: ACCENT,
    });
    this.y -= 8;
  }
}

const period = (start: string | undefined, end: string | null | undefined, present: string): string =>
  [start, end === null ? present : end].filter(Boolean).join(' – ');

/**
 * The profile as a one-column resume (US Letter, Helvetica): name, headline, contact line, then summary,
 * experience, education, skills, languages and links, each under its label; long text wraps and flows onto new
 * pages. The text is bounded by the profile's contract (a summary and each description at most 4,000 characters,
 * at most 50 items per list, 100 skills).
 */
export async function renderResumePdf({ profile, name, labels }: ResumePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const { candidate } = profile;
  pdf.setTitle(labels.title);
  pdf.setAuthor(name);
  pdf.setCreator('Careers');
  const out = new Writer(pdf, fonts);

  out.text(name, { size: 22, bold: true, gap: 2 });
  if (profile.headline) out.text(profile.headline, { size: 12.5, color: MUTED, gap: 2 });
  const contact = [candidate.email, profile.phone, candidate.location].filter(Boolean).join('  ·  ');
  out.text(contact, { size: 10, color: MUTED });

  if (profile.summary) {
    out.heading(labels.summary);
    out.text(profile.summary);
  }
  if (profile.experience.length > 0) {
    out.heading(labels.experience);
    for (const item of profile.experience) {
      out.text(`${item.title} — ${item.company}`, { bold: true });
      const where = [period(item.startDate, item.endDate, labels.present), item.location].filter(Boolean).join('  ·  ');
      if (where) out.text(where, { size: 9.5, color: MUTED });
      if (item.description) out.text(item.description);
      out.text('', { gap: 6 });
    }
  }
  if (profile.education.length > 0) {
    out.heading(labels.education);
    for (const item of profile.education) {
      out.text(item.school, { bold: true });
      const what = [
        [item.degree, item.field].filter(Boolean).join(', '),
        period(String(item.startYear ?? ''), item.endYear === undefined ? undefined : String(item.endYear), ''),
      ]
        .filter(Boolean)
        .join('  ·  ');
      if (what) out.text(what, { size: 9.5, color: MUTED });
      out.text('', { gap: 6 });
    }
  }
  if (profile.skills.length > 0) {
    out.heading(labels.skills);
    out.text(profile.skills.join('  ·  '));
  }
  if (profile.languages.length > 0) {
    out.heading(labels.languages);
    for (const item of profile.languages) {
      out.text(`${item.language} — ${labels.proficiency[item.proficiency] ?? item.proficiency}`);
    }
  }
  if (profile.links.length > 0) {
    out.heading(labels.links);
    for (const item of profile.links) out.text(`${item.label}: ${item.url}`);
  }
  return pdf.save();
}
