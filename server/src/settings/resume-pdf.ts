// Runs in the worker pool (server/src/workers): the profile's text is the candidate's, so the layout must cost time
// linear in it (server/src/pdf/text.ts) and never run on the event loop. Labels and the name come ready from the
// route, so this module needs neither i18next nor the database.
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { DocumentText } from '../pdf/text';
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

/** What the worker draws: the profile, the name it is drawn under, the labels and their language. */
export interface ResumePdfInput {
  profile: StoredProfile;
  name: string;
  labels: ResumeLabels;
  /** The labels' language: it picks the Chinese, Japanese or Korean forms of Han and right-aligns Arabic and Hebrew. */
  language: string;
}

/** Draws top to bottom, starting a new page when the next line does not fit. */
class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly script: DocumentText,
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

  async text(
    value: string,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {},
  ): Promise<void> {
    const { size = 10.5, bold = false, color = INK, gap = 0 } = options;
    const lineHeight = size * 1.35;
    for (const line of await this.script.lines(value, { size, bold }, CONTENT_WIDTH)) {
      this.room(lineHeight);
      this.y -= lineHeight;
      this.script.drawLine(this.page, line, {
        x: MARGIN,
        y: this.y + size * 0.3,
        boxWidth: CONTENT_WIDTH,
        size,
        bold,
        color,
      });
    }
    this.y -= gap;
  }

  async heading(value: string): Promise<void> {
    // A heading never ends a page: it keeps room for itself and two lines under it.
    this.room(60);
    this.y -= 14;
    await this.text(this.script.upperCase(value), { size: 11, bold: true, color: ACCENT });
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
 * The profile as a one-column resume (US Letter, Noto Sans and the Noto family of each script it holds, as subsets):
 * name, headline, contact line, then summary, experience, education, skills, languages and links, each under its
 * label; long text wraps and flows onto new pages; lines stand against the right margin when the language is written
 * right to left. The text is bounded by the profile's contract (a summary and each description at most 4,000
 * characters, at most 50 items per list, 100 skills).
 */
export async function renderResumePdf({ profile, name, labels, language }: ResumePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { candidate } = profile;
  pdf.setTitle(labels.title);
  pdf.setAuthor(name);
  pdf.setCreator('Careers');
  pdf.setLanguage(language);
  const out = new Writer(pdf, new DocumentText(pdf, language));

  await out.text(name, { size: 22, bold: true, gap: 2 });
  if (profile.headline) await out.text(profile.headline, { size: 12.5, color: MUTED, gap: 2 });
  const contact = [candidate.email, profile.phone, candidate.location].filter(Boolean).join('  ·  ');
  await out.text(contact, { size: 10, color: MUTED });

  if (profile.summary) {
    await out.heading(labels.summary);
    await out.text(profile.summary);
  }
  if (profile.experience.length > 0) {
    await out.heading(labels.experience);
    for (const item of profile.experience) {
      await out.text(`${item.title} — ${item.company}`, { bold: true });
      const where = [period(item.startDate, item.endDate, labels.present), item.location].filter(Boolean).join('  ·  ');
      if (where) await out.text(where, { size: 9.5, color: MUTED });
      if (item.description) await out.text(item.description);
      await out.text('', { gap: 6 });
    }
  }
  if (profile.education.length > 0) {
    await out.heading(labels.education);
    for (const item of profile.education) {
      await out.text(item.school, { bold: true });
      const what = [
        [item.degree, item.field].filter(Boolean).join(', '),
        period(String(item.startYear ?? ''), item.endYear === undefined ? undefined : String(item.endYear), ''),
      ]
        .filter(Boolean)
        .join('  ·  ');
      if (what) await out.text(what, { size: 9.5, color: MUTED });
      await out.text('', { gap: 6 });
    }
  }
  if (profile.skills.length > 0) {
    await out.heading(labels.skills);
    await out.text(profile.skills.join('  ·  '));
  }
  if (profile.languages.length > 0) {
    await out.heading(labels.languages);
    for (const item of profile.languages) {
      await out.text(`${item.language} — ${labels.proficiency[item.proficiency] ?? item.proficiency}`);
    }
  }
  if (profile.links.length > 0) {
    await out.heading(labels.links);
    for (const item of profile.links) await out.text(`${item.label}: ${item.url}`);
  }
  return pdf.save();
}
