/**
 * PDFs in every script (docs/product/languages.md#pdfs-in-every-script): the exported resume and the signature stamp
 * of an offer, for candidates named in eight scripts, each in their own language, on SQLite and PostgreSQL. The text
 * read back (pdf.js, as the server reads uploaded resumes) holds the name exactly and no `?`; the fonts are subsets;
 * the files stay small.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, rgb } from 'pdf-lib';
import { hashPassword } from '../src/auth/password';
import { createCandidateRepository } from '../src/candidates/repository';
import type { Offer } from '../src/contract';
import { translator } from '../src/i18n';
import { DocumentText } from '../src/pdf/text';
import { readResumeText } from '../src/profile/resume-text';
import { DEMO_DOMAIN, DEMO_PASSWORD, signedIn, type TestClient, useTestApp } from './helpers';
import { createOffer, firstDocument, getOffer, letterPdf, q } from './offer-helpers';

const ctx = useTestApp();
jest.setTimeout(120_000);

/**
 * Sizes measured when this was written (the resume with the name, a headline and a summary in the script; the signed
 * copy of the 1-page test letter, whose original is 2.9 kB):
 *
 * | name               | language | resume | signed copy |
 * | ------------------ | -------- | ------ | ----------- |
 * | 王小明             | zh-CN    | 9.4 kB | 14.5 kB     |
 * | Zoë Łukasiewicz    | pl-PL    | 6.7 kB | 13.3 kB     |
 * | محمد عبد الله      | ar-SA    | 8.3 kB | 15.1 kB     |
 * | דוד כהן            | he-IL    | 6.1 kB | 14.4 kB     |
 * | Ελένη Παπαδοπούλου | el-GR    | 7.3 kB | 13.7 kB     |
 * | สมชาย ใจดี          | th-TH    | 7.6 kB | 15.0 kB     |
 * | राहुल शर्मा          | hi-IN    | 6.7 kB | 13.4 kB     |
 * | Nguyễn Văn Ánh     | vi-VN    | 7.0 kB | 13.3 kB     |
 *
 * A font embedded whole is 47 kB (Noto Sans Thai, Hebrew) to 10.5 MB (Noto Sans SC) per weight: the bound below
 * (on the resume, and on what the stamp adds to the letter) fails at once if any is.
 */
const MAX_BYTES = 40_000;

const CANDIDATES: ReadonlyArray<{ name: string; language: string; headline: string; summary: string }> = [
  // One word, as the name is written (the profile's form asks for two: this account was made without it).
  { name: '王小明', language: 'zh-CN', headline: '', summary: '数据工程师：构建数据管道和报表，八年经验。' },
  { name: 'Zoë Łukasiewicz', language: 'pl-PL', headline: 'Inżynier danych', summary: 'Buduje potoki danych.' },
  { name: 'محمد عبد الله', language: 'ar-SA', headline: 'مهندس بيانات منذ 2016', summary: 'يبني خطوط البيانات.' },
  { name: 'דוד כהן', language: 'he-IL', headline: 'מהנדס נתונים', summary: 'בונה צינורות נתונים.' },
  { name: 'Ελένη Παπαδοπούλου', language: 'el-GR', headline: 'Μηχανικός δεδομένων', summary: 'Κατασκευάζει ροές.' },
  { name: 'สมชาย ใจดี', language: 'th-TH', headline: 'วิศวกรข้อมูล', summary: 'สร้างไปป์ไลน์ข้อมูล' },
  { name: 'राहुल शर्मा', language: 'hi-IN', headline: 'डेटा इंजीनियर', summary: 'डेटा पाइपलाइन बनाते हैं।' },
  { name: 'Nguyễn Văn Ánh', language: 'vi-VN', headline: 'Kỹ sư dữ liệu', summary: 'Xây dựng đường ống dữ liệu.' },
];

/** The PDF's text through pdf.js, spaces collapsed. */
async function textOf(bytes: Buffer): Promise<string> {
  const text = await readResumeText('pdf', bytes);
  if (text === null) throw new Error('not a readable PDF');
  return text.replace(/\s+/g, ' ');
}

/** The names of the fonts the PDF embeds (its own, not the standard fonts a letter may use). */
async function embeddedFontNames(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const names: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/FontDescriptor') continue;
    names.push(object.get(PDFName.of('FontName'))!.toString().slice(1));
  }
  return names;
}

/** Registers a candidate of the demo employer under `name` (first word, then the rest) and signs them in. */
async function candidateNamed(name: string, email: string): Promise<TestClient> {
  const [firstName = '', ...rest] = name.split(' ');
  await createCandidateRepository(ctx.db).create(
    {
      domain: DEMO_DOMAIN,
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName,
      lastName: rest.join(' '),
      isOnboarded: true,
      isBootstrapped: true,
      tosAttestedAt: new Date().toISOString(),
    },
    new Date(),
  );
  return signedIn(ctx.app, email);
}

describe.each(CANDIDATES)('$name ($language)', ({ name, language, headline, summary }) => {
  const email = `pdf-${language.toLowerCase()}@example.com`;
  let client: TestClient;

  beforeAll(async () => {
    client = await candidateNamed(name, email);
    // The language chosen in settings: both the resume and the stamp follow it (no `hl` in the calls).
    expect((await client.post('/api/pcsx/settings', { language })).statusCode).toBe(200);
    const [firstname, ...rest] = name.split(' ');
    if (headline) {
      const value = { firstname, lastname: rest.join(' '), headline };
      const res = await client.post('/api/pcsx/profile_edit', {
        op_section: 'basic_info',
        operation: 'update',
        op_data: { value },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await client.post('/api/pcsx/profile_edit', {
      op_section: 'summary',
      operation: 'update',
      op_data: { value: summary },
    });
    expect(res.statusCode).toBe(200);
  });

  it('exports the resume with the name, headline and labels as typed, in subset fonts', async () => {
    const res = await client.get('/api/pcsx/export_resume');
    expect(res.statusCode).toBe(200);
    const bytes = res.rawPayload;
    const pdf = await PDFDocument.load(bytes);
    // The metadata keeps the name exactly.
    expect(pdf.getAuthor()).toBe(name);
    expect(pdf.getTitle()).toBe(translator(language)('settings.resume.title', { name }));
    // pdf.js reads each line in the order it is drawn, and puts a right-to-left line (Arabic, Hebrew: drawn in visual
    // order, right to left) back in reading order, as a reader copying it would get it: so the Arabic and Hebrew
    // names read exactly as typed too.
    const text = await textOf(bytes);
    expect(text).toContain(name);
    expect(text).toContain(headline);
    expect(text).toContain(summary);
    expect(text).toContain(translator(language)('settings.resume.summary').toLocaleUpperCase(language));
    expect(text).not.toContain('?');
    expect(text).not.toContain('\ufffd');
    const fonts = await embeddedFontNames(bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+Noto/);
    expect(bytes.byteLength).toBeLessThan(MAX_BYTES);
  });

  it('stamps the signature page with the name exactly, in the candidate’s language, in subset fonts', async () => {
    const enc = await createOffer(ctx.db, email, { documents: [{ signing: 'embedded' }] });
    const letter = firstDocument(await getOffer(client, enc));
    const res = await client.post(`/api/offer/offers/${enc}/${letter.id}/accept`, {
      domain: DEMO_DOMAIN,
      terms_accepted: true,
      full_name: name,
    });
    expect(res.statusCode).toBe(200);
    const signed = firstDocument(res.json().data.offer as Offer);
    const bytes = (await client.get(`${signed.s3_path!}?${q}`)).rawPayload;
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(2);
    // The metadata keeps the name exactly, and the subject its English form (a signed copy told apart by machines).
    expect(pdf.getSubject()).toBe(`Signed by ${name}`);
    const text = await textOf(bytes);
    const t = translator(language);
    expect(text).toContain(name);
    expect(text).toContain(t('offers.stamp.signedBy', { name }));
    expect(text).toContain(t('offers.stamp.statement'));
    expect(text).toContain(t('offers.stamp.typed'));
    expect(text).not.toContain('?');
    expect(text).not.toContain('\ufffd');
    const fonts = await embeddedFontNames(bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+Noto/);
    expect(bytes.byteLength - (await letterPdf()).byteLength).toBeLessThan(MAX_BYTES);
  });
});

describe('French (Canada) stamp', () => {
  it('draws the stamp’s words from the catalogue', async () => {
    const client = await candidateNamed('Jean Tremblay', 'pdf-fr-ca@example.com');
    expect((await client.post('/api/pcsx/settings', { language: 'fr-CA' })).statusCode).toBe(200);
    const enc = await createOffer(ctx.db, 'pdf-fr-ca@example.com', { documents: [{ signing: 'embedded' }] });
    const letter = firstDocument(await getOffer(client, enc));
    const res = await client.post(`/api/offer/offers/${enc}/${letter.id}/accept`, {
      domain: DEMO_DOMAIN,
      terms_accepted: true,
      full_name: 'Jean Tremblay',
    });
    expect(res.statusCode).toBe(200);
    const signed = firstDocument(res.json().data.offer as Offer);
    const text = await textOf((await client.get(`${signed.s3_path!}?${q}`)).rawPayload);
    expect(text).toContain('Signature électronique');
    expect(text).toContain('Signé électroniquement par Jean Tremblay');
    expect(text).toContain('J’ai lu et j’accepte les modalités de cette offre.');
  });
});

describe('layout', () => {
  const lineOf = async (language: string, value: string) => {
    const pdf = await PDFDocument.create();
    const script = new DocumentText(pdf, language);
    const lines = await script.lines(value, { size: 12 }, 480);
    expect(lines).toHaveLength(1);
    return { pdf, script, line: lines[0]! };
  };

  it('reads only the fonts a document needs, once per process', async () => {
    await jest.isolateModulesAsync(async () => {
      const fonts = await import('../src/pdf/fonts');
      const { DocumentText: FreshText } = await import('../src/pdf/text');
      const script = new FreshText(await PDFDocument.create(), 'en');
      await script.lines('Zoë Łukasiewicz — Ελένη — Сергей', { size: 12 }, 480);
      expect(fonts.loadedFonts()).toEqual(['latin:regular']);
      const first = fonts.loadFont('latin', 'regular');
      await script.lines('王小明', { size: 12, bold: true }, 480);
      expect(fonts.loadedFonts()).toEqual(['latin:regular', 'latin:bold', 'simplifiedChinese:bold']);
      expect(fonts.loadFont('latin', 'regular')).toBe(first);
    });
  });

  it('draws Han in the CJK font of the document’s language', async () => {
    const expected: Record<string, string> = {
      'ja-JP': 'NotoSansJP',
      'ko-KR': 'NotoSansKR',
      'zh-TW': 'NotoSansTC',
      'zh-CN': 'NotoSansSC',
      en: 'NotoSansSC',
    };
    for (const [language, font] of Object.entries(expected)) {
      const { pdf, script, line } = await lineOf(language, '直骨');
      script.drawLine(pdf.addPage(), line, { x: 50, y: 700, boxWidth: 480, size: 12, color: rgb(0, 0, 0) });
      const names = await embeddedFontNames(await pdf.save());
      expect({ language, names }).toEqual({
        language,
        names: [expect.stringMatching(new RegExp(`^[A-Z]{6}\\+${font}-`))],
      });
    }
  });

  it('puts a mixed right-to-left line in visual order, numbers left to right', async () => {
    const { line } = await lineOf('ar-SA', 'محمد عبد الله 2024');
    // Visual order, left to right: the number first (read left to right), then the name, handed to fontkit in
    // typing order (its layout reverses an Arabic run after joining the letters).
    expect(line.runs.map((run) => run.text)).toEqual(['2024', 'محمد عبد الله ']);
    // A Hebrew name in an English line: the name reads right to left within the left-to-right line.
    const hebrew = await lineOf('en', 'Résumé: דוד כהן');
    expect(hebrew.line.runs.map((run) => run.text)).toEqual(['Résumé: ', 'דוד כהן']);
  });

  it('right-aligns lines in a right-to-left language', async () => {
    const { pdf, script, line } = await lineOf('ar-SA', 'محمد عبد الله');
    const page = pdf.addPage([612, 792]);
    script.drawLine(page, line, { x: 56, y: 700, boxWidth: 500, size: 12, color: rgb(0, 0, 0) });
    // The text matrix pdf-lib writes for the line: it starts where the line ends at the right margin (56 + 500).
    const saved = await PDFDocument.load(await pdf.save());
    const contents = saved.getPage(0).node.Contents();
    const stream = contents instanceof PDFArray ? contents.lookup(0, PDFRawStream) : contents;
    const content = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
    const x = Number(/1 0 0 1 (\S+) 700 Tm/.exec(content)?.[1]);
    expect(x + line.width).toBeCloseTo(556, 6);
    expect(x).toBeGreaterThan(300);
  });
});
