import { HeavyTaskFailed, readResumeInPool } from '../workers/heavy-pool';
import type { ResumeFacts } from './resume-parse';
import type { ResumeKind } from './resume-readers';

export type { ResumeKind } from './resume-readers';

/** A resume read in the heavy-work pool, or why not. */
export type ResumeReading =
  | { ok: true; text: string; facts: ResumeFacts }
  /** `refusal`: why the file is refused (a DOCX over its caps); absent when it is simply not that kind of file. */
  | { ok: false; refusal?: string }
  /** The pool was full (`busy`), or reading took longer than its time limit or more memory than its heap. */
  | { ok: false; failed: HeavyTaskFailed['reason'] };

/**
 * Reads a resume in the heavy-work pool (server/src/workers), never on the event loop: a DOCX's archive measured
 * before it is inflated, then the text (PDF with pdf.js, DOCX with mammoth), then the facts it gives for the
 * profile, with the skills of `vocabulary` it names.
 */
export async function readResume(kind: ResumeKind, bytes: Buffer, vocabulary: string[]): Promise<ResumeReading> {
  try {
    return await readResumeInPool({ kind, bytes: new Uint8Array(bytes), vocabulary });
  } catch (error) {
    if (error instanceof HeavyTaskFailed) return { ok: false, failed: error.reason };
    throw error;
  }
}

/** The text of a resume, or null when it cannot be read as that kind of document. */
export async function readResumeText(kind: ResumeKind, bytes: Buffer): Promise<string | null> {
  const reading = await readResume(kind, bytes, []);
  return reading.ok ? reading.text : null;
}
