import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** The kinds of resume read: PDF and Word (Office Open XML). */
export type ResumeKind = 'pdf' | 'docx';

const WORKER_FILE = path.join(__dirname, 'resume-text-worker.mjs');
/** The DOCX reader, resolved here (the worker imports it from this path). */
const MAMMOTH = require.resolve('mammoth');
/** A resume that takes longer than this to read is refused (a hostile or broken file). */
const READ_TIMEOUT_MS = 20_000;
/** Resumes read at once per process; more wait their turn. */
const MAX_CONCURRENT = 2;
/** The text kept: enough for any resume. */
const MAX_TEXT = 200_000;

let running = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/**
 * The text of a resume, read in a worker thread (PDF with pdf.js, DOCX with mammoth) with a memory limit and a
 * time limit; null when the bytes cannot be read as that kind of document.
 */
export async function readResumeText(kind: ResumeKind, bytes: Buffer): Promise<string | null> {
  const release = await slot();
  try {
    return await new Promise<string | null>((resolve) => {
      const worker = new Worker(WORKER_FILE, {
        workerData: { kind, bytes: new Uint8Array(bytes), mammoth: MAMMOTH },
        resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
        stdout: true,
        stderr: true,
      });
      let settled = false;
      const finish = (text: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(text === null ? null : text.slice(0, MAX_TEXT));
      };
      const timer = setTimeout(() => finish(null), READ_TIMEOUT_MS);
      worker.once('message', (message: { ok: boolean; text?: string }) =>
        finish(message.ok && typeof message.text === 'string' ? message.text : null),
      );
      worker.once('error', () => finish(null));
      worker.once('exit', () => finish(null));
    });
  } finally {
    release();
  }
}
