// Reads the text of an uploaded resume, in a worker thread (see resume-text.ts): PDF with pdf.js, DOCX with
// mammoth. Untrusted bytes are parsed here, away from the request loop, under the worker's memory limits and the
// caller's time limit. Plain JavaScript (ESM): pdf.js is an ES module, which the worker imports natively.
import { Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** Pages read at most: a resume's contact details and skills are near the start. */
const MAX_PAGES = 20;

async function pdfText(bytes) {
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
    const lines = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (typeof item.str !== 'string') continue;
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

async function docxText(bytes, mammothPath) {
  const mammoth = createRequire(import.meta.url)(mammothPath);
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return result.value;
}

try {
  const { kind, bytes, mammoth: mammothPath } = workerData;
  const text = kind === 'pdf' ? await pdfText(bytes) : await docxText(bytes, mammothPath);
  parentPort.postMessage({ ok: true, text });
} catch (error) {
  parentPort.postMessage({ ok: false, reason: error instanceof Error ? error.message : String(error) });
}
