/**
 * The work done in the heavy-work pool's threads (heavy-pool.ts), on untrusted input: reading an uploaded resume
 * (its archive measured first when it is a DOCX, then its text, then what the text says), drawing the exported
 * resume PDF and stamping a signature onto an offer document (both draw with fonts each thread reads once:
 * server/src/pdf/fonts.ts). Imported by heavy-worker.mjs only; the main thread imports its types.
 */
import { parseResume, type ResumeFacts } from '../profile/resume-parse';
import { measureDocx } from '../profile/docx-archive';
import { readDocumentText, type ResumeKind } from '../profile/resume-readers';
import { stampSignature, type SignatureStamp, type StampTexts } from '../offers/pdf';
import { renderResumePdf, type ResumePdfInput } from '../settings/resume-pdf';

/** The text kept from a resume: enough for any resume (what is parsed is bounded by it). */
const MAX_TEXT = 200_000;

export type HeavyTask =
  | { type: 'read-resume'; kind: ResumeKind; bytes: Uint8Array; vocabulary: string[] }
  | { type: 'resume-pdf'; input: ResumePdfInput }
  | { type: 'stamp-signature'; original: Uint8Array; stamp: SignatureStamp; texts: StampTexts; language: string };

/** A resume read: its text and facts, or why it cannot be read (`refusal`: a message naming what is wrong). */
export type ReadResumeResult = { ok: true; text: string; facts: ResumeFacts } | { ok: false; refusal?: string };

async function readResume(kind: ResumeKind, bytes: Uint8Array, vocabulary: string[]): Promise<ReadResumeResult> {
  if (kind === 'docx') {
    const refused = await measureDocx(bytes);
    if (refused !== null) return { ok: false, ...refused };
  }
  let text: string;
  try {
    text = (await readDocumentText(kind, bytes)).slice(0, MAX_TEXT);
  } catch {
    return { ok: false };
  }
  return { ok: true, text, facts: parseResume(text, vocabulary) };
}

export async function runHeavyTask(task: HeavyTask): Promise<ReadResumeResult | Uint8Array> {
  switch (task.type) {
    case 'read-resume':
      return readResume(task.kind, task.bytes, task.vocabulary);
    case 'resume-pdf':
      return renderResumePdf(task.input);
    case 'stamp-signature':
      return stampSignature(task.original, task.stamp, task.texts, task.language);
  }
}
