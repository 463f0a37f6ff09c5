import type { FastifyReply } from 'fastify';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { contentDisposition } from '../http/file-names';

/** What a signature stamp says. */
export interface SignatureStamp {
  signerName: string;
  signedAt: Date;
  documentName: string;
  /** `typed`: the candidate typed their name in the careers site; `esign`: signed on the e-sign server. */
  method: 'typed' | 'esign';
}

/** The sentence every stamped signature carries. */
export const SIGNATURE_STATEMENT = 'I have read and agree to the terms and conditions of this offer.';

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

function drawLines(
  page: PDFPage,
  lines: string[],
  options: { x: number; y: number; font: PDFFont; size: number; leading?: number },
): number {
  let y = options.y;
  for (const line of lines) {
    page.drawText(line, { x: options.x, y, font: options.font, size: options.size, color: rgb(0.1, 0.1, 0.12) });
    y -= options.leading ?? options.size * 1.45;
  }
  return y;
}

/**
 * Adds the electronic signature to a PDF: a signature page appended after the last page saying
 * "Electronically signed by <name>", the date and time (ISO 8601, UTC), the agreement statement and how it
 * was signed; and metadata (`Subject` "Signed by <name>", keywords with the signer and time).
 */
export async function stampSignature(original: Uint8Array, stamp: SignatureStamp): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const last = pdf.getPage(pdf.getPageCount() - 1);
  const { width: lastWidth, height: lastHeight } = last.getSize();
  const [width, height] = lastWidth > 200 && lastHeight > 300 ? [lastWidth, lastHeight] : [612, 792];
  const page = pdf.addPage([width, height]);

  const margin = 64;
  const textWidth = width - margin * 2;
  const name = drawableText(bold, stamp.signerName);
  const when = stamp.signedAt.toISOString();
  let y = height - margin - 8;

  y = drawLines(page, ['Electronic signature'], { x: margin, y, font: bold, size: 20 }) - 8;
  y =
    drawLines(page, wrapText(regular, `Document: ${drawableText(regular, stamp.documentName)}`, 11, textWidth), {
      x: margin,
      y,
      font: regular,
      size: 11,
    }) - 18;

  const boxTop = y + 6;
  y -= 14;
  y =
    drawLines(page, wrapText(bold, `Electronically signed by ${name}`, 15, textWidth - 32), {
      x: margin + 16,
      y,
      font: bold,
      size: 15,
    }) - 4;
  y = drawLines(page, [`Date and time (UTC): ${when}`], { x: margin + 16, y, font: regular, size: 11 }) - 6;
  y =
    drawLines(page, wrapText(regular, SIGNATURE_STATEMENT, 11, textWidth - 32), {
      x: margin + 16,
      y,
      font: regular,
      size: 11,
    }) - 6;
  const how =
    stamp.method === 'typed'
      ? 'Signed by typing the full name and agreeing to the terms in the careers site.'
      : 'Signed through the e-signature service.';
  y = drawLines(page, wrapText(regular, how, 10, textWidth - 32), { x: margin + 16, y, font: regular, size: 10 }) - 8;
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
