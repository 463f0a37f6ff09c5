import type { FastifyReply } from 'fastify';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { contentDisposition } from '../http/file-names';
import { DocumentText, type TextStyle } from '../pdf/text';

/** What a signature stamp says. */
export interface SignatureStamp {
  signerName: string;
  signedAt: Date;
  documentName: string;
  /** `typed`: the candidate typed their name in the careers site; `esign`: signed on the e-sign server. */
  method: 'typed' | 'esign';
}

/**
 * The stamp's words in the candidate's language, filled in (server i18n `offers.stamp.*`, stamp-texts.ts): made
 * where i18next is, so the heavy-work thread that draws them needs no catalogue.
 */
export interface StampTexts {
  /** "Electronic signature" */
  title: string;
  /** "Document: <document name>" */
  document: string;
  /** "Electronically signed by <name>" */
  signedBy: string;
  /** "Date and time (UTC): <ISO 8601>" */
  signedAt: string;
  /** The agreement sentence. */
  statement: string;
  /** How it was signed (typed in the careers site, or through the e-signature service). */
  method: string;
}

/** PDF metadata written with the stamp: `Subject` is `Signed by <name>`, so a signed copy can be told apart. */
const signedSubject = (signerName: string): string => `Signed by ${signerName}`;

/**
 * Headers of every stored-file answer (uploaded letters, offer documents, stamped copies): the bytes are the
 * candidate's or the employer's, so they are never rendered on our origin. `sandbox` gives a document opened
 * anyway a unique origin without scripts, `attachment` makes a navigation download it, `nosniff` stops a
 * browser reading it as anything but a PDF. The offers widget's viewer fetches the bytes (pdf.js), which none of
 * this affects.
 */
const STORED_FILE_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
} as const;

/** Answers with a private stored PDF: always `application/pdf`, as an attachment under `name`, sandboxed, never cached. */
export function sendPrivatePdf(reply: FastifyReply, name: string, content: Buffer): FastifyReply {
  return reply
    .type('application/pdf')
    .headers(STORED_FILE_HEADERS)
    .header('content-disposition', contentDisposition('attachment', name, 'pdf'))
    .send(content);
}

const PDF_MAGIC = '%PDF-';

/** True when the bytes start with `%PDF-`. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  return (
    Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PDF_MAGIC.length)).toString('latin1') ===
    PDF_MAGIC
  );
}

/** Parses the bytes as a PDF (encrypted files are accepted as they are); null when they are not one. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  if (!hasPdfHeader(bytes)) return null;
  try {
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0 ? document : null;
  } catch {
    return null;
  }
}

/** Replaces characters the standard font cannot draw (outside WinAnsi) with `?`. */
export function drawableText(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => (supported.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
}

/** Splits text into lines no wider than `width`. */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const STAMP_INK = rgb(0.1, 0.1, 0.12);

/**
 * Adds the electronic signature to a PDF: a signature page appended after the last page saying
 * "Electronically signed by <name>", the date and time (ISO 8601, UTC), the agreement statement and how it
 * was signed, in the candidate's language and script (`texts`, `language`: fonts and direction follow it); and
 * metadata (`Subject` "Signed by <name>", keywords with the signer and time, in English for the machines that sort
 * signed copies). Runs in the heavy-work pool (stampSignatureInPool): the original is the employer's file and the
 * name the candidate's.
 */
export async function stampSignature(
  original: Uint8Array,
  stamp: SignatureStamp,
  texts: StampTexts,
  language: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const script = new DocumentText(pdf, language);
  const last = pdf.getPage(pdf.getPageCount() - 1);
  const { width: lastWidth, height: lastHeight } = last.getSize();
  const [width, height] = lastWidth > 200 && lastHeight > 300 ? [lastWidth, lastHeight] : [612, 792];
  const page = pdf.addPage([width, height]);

  const margin = 64;
  const textWidth = width - margin * 2;
  const when = stamp.signedAt.toISOString();
  let y = height - margin - 8;

  /** Draws the text wrapped to `boxWidth` from `y` down; answers the `y` under it. */
  const block = async (text: string, style: TextStyle, x: number, boxWidth: number): Promise<number> => {
    let top = y;
    for (const line of await script.lines(text, style, boxWidth)) {
      script.drawLine(page, line, { x, y: top, boxWidth, size: style.size, bold: style.bold, color: STAMP_INK });
      top -= style.size * 1.45;
    }
    return top;
  };

  y = (await block(texts.title, { size: 20, bold: true }, margin, textWidth)) - 8;
  y = (await block(texts.document, { size: 11 }, margin, textWidth)) - 18;

  const boxTop = y + 6;
  y -= 14;
  y = (await block(texts.signedBy, { size: 15, bold: true }, margin + 16, textWidth - 32)) - 4;
  y = (await block(texts.signedAt, { size: 11 }, margin + 16, textWidth - 32)) - 6;
  y = (await block(texts.statement, { size: 11 }, margin + 16, textWidth - 32)) - 6;
  y = (await block(texts.method, { size: 10 }, margin + 16, textWidth - 32)) - 8;
  page.drawRectangle({
    x: margin,
    y,
    width: textWidth,
    height: boxTop - y,
    borderColor: rgb(0.05, 0.45, 0.45),
    borderWidth: 1.5,
  });

  pdf.setSubject(signedSubject(stamp.signerName));
  pdf.setKeywords(['signed', `signer: ${stamp.signerName}`, `signed-at: ${when}`, `method: ${stamp.method}`]);
  pdf.setModificationDate(stamp.signedAt);
  return pdf.save({ useObjectStreams: false });
}
