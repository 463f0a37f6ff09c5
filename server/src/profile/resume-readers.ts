// Reads the text of an uploaded resume, in the heavy-work pool (server/src/workers): PDF with pdf.js, DOCX with
// mammoth. Untrusted bytes are parsed there, away from the event loop, under the thread's heap and time limits
// (a DOCX is measured first: docx-archive.ts).
import { Buffer } from 'node:buffer';
import mammoth from 'mammoth';

/** The kinds of resume read: PDF and Word (Office Open XML). */
export type ResumeKind = 'pdf' | 'docx';

/** Pages read at most: a resume's contact details and skills are near the start. */
const MAX_PAGES = 20;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        } else if (item.str !== '' && !line.endsWith(' ')) {
          line += ' ';
        }
      }
      if (line.trim() !== '') lines.push(line);
      page.cleanup();
    }
    return lines.join('\n');
  } finally {
    await task.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const result = await mammoth.extractRawText({
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  });
  return result.value;
}

/** The document's text; throws when the bytes cannot be read as that kind of document. */
export function readDocumentText(kind: ResumeKind, bytes: Uint8Array): Promise<string> {
  return kind === 'pdf' ? pdfText(bytes) : docxText(bytes);
}
