import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TFunction } from 'i18next';
import { fullNameOf } from '../candidates/repository';
import type { StoredProfile } from '../profile/repository';

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.11, 0.13, 0.16);
const MUTED = rgb(0.35, 0.38, 0.42);
const ACCENT = rgb(0.1, 0.3, 0.55);

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

/**
 * Text a standard (WinAnsi) font can draw: line breaks and tabs become spaces, a character outside the font is
 * replaced by its base letter when it has one (é is drawn as is, ő becomes o, ł becomes l), else by `?`.
 */
function winAnsiText(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const base = LATIN_FALLBACKS[char] ?? char.normalize('NFKD').replace(/\p{M}+/gu, '');
      return base && [...base].every((part) => supported.has(part.codePointAt(0)!)) ? base : '?';
    })
    .join('');
}

/** Lines no wider than `width`; a word wider than the line is cut. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut -= 1;
      if (line) lines.push(line);
      lines.push(word.slice(0, cut));
      line = '';
      word = word.slice(cut);
    }
    const joined = line ? `${line} ${word}` : word;
    if (line && !fits(joined)) {
      lines.push(line);
      line = word;
    } else {
      line = joined;
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
 * experience, education, skills, languages and links, each under a heading in `t`'s language; long text wraps
 * and flows onto new pages.
 */
export async function renderResumePdf(profile: StoredProfile, t: TFunction): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const { candidate } = profile;
  const name = fullNameOf(candidate) || candidate.email;
  pdf.setTitle(t('settings.resume.title', { name }));
  pdf.setAuthor(name);
  pdf.setCreator('Careers');
  const out = new Writer(pdf, fonts);

  out.text(name, { size: 22, bold: true, gap: 2 });
  if (profile.headline) out.text(profile.headline, { size: 12.5, color: MUTED, gap: 2 });
  const contact = [candidate.email, profile.phone, candidate.location].filter(Boolean).join('  ·  ');
  out.text(contact, { size: 10, color: MUTED });

  if (profile.summary) {
    out.heading(t('settings.resume.summary'));
    out.text(profile.summary);
  }
  if (profile.experience.length > 0) {
    out.heading(t('settings.resume.experience'));
    for (const item of profile.experience) {
      out.text(`${item.title} — ${item.company}`, { bold: true });
      const where = [period(item.startDate, item.endDate, t('settings.resume.present')), item.location]
        .filter(Boolean)
        .join('  ·  ');
      if (where) out.text(where, { size: 9.5, color: MUTED });
      if (item.description) out.text(item.description);
      out.text('', { gap: 6 });
    }
  }
  if (profile.education.length > 0) {
    out.heading(t('settings.resume.education'));
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
    out.heading(t('settings.resume.skills'));
    out.text(profile.skills.join('  ·  '));
  }
  if (profile.languages.length > 0) {
    out.heading(t('settings.resume.languages'));
    for (const item of profile.languages) {
      out.text(`${item.language} — ${t(`settings.resume.proficiency.${item.proficiency}`)}`);
    }
  }
  if (profile.links.length > 0) {
    out.heading(t('settings.resume.links'));
    for (const item of profile.links) out.text(`${item.label}: ${item.url}`);
  }
  return pdf.save();
}
