import path from 'node:path';
import { Piscina } from 'piscina';
import { HttpError, ServerErrorCodes } from '../http/errors';
import type { HeavyTask, ReadResumeResult } from './heavy-tasks';

/**
 * The pool of worker threads that does the expensive work on untrusted input (reading uploaded resumes, drawing
 * the exported resume PDF, stamping signatures onto offer documents), so the event loop never runs it: piscina, with at most two threads (the reference
 * machine has two cores), each with a heap limit, a time limit per task and a bounded queue. Decision 008.
 */
export const HEAVY_POOL_LIMITS = {
  threads: 2,
  /** Tasks waiting for a thread; beyond, 503 with Retry-After (each holds at most a 5 MB upload). */
  queue: 16,
  /** A task running or waiting longer is stopped (its thread is ended). */
  timeoutMs: 20_000,
  /** Each thread's V8 heap. ArrayBuffers are outside it: what they may hold is bounded by the DOCX caps. */
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
} as const;

// One pool per process, started at the first task with both threads, which are then kept: starting a thread costs
// the event loop too (about 150 ms measured under load), so it happens once, not in the middle of a burst. Idle
// threads never keep the process alive (piscina unrefs them), so nothing needs closing when the app closes. A
// thread ended by a time limit or its heap limit is replaced by piscina.
let pool: Piscina | null = null;

function heavyPool(): Piscina {
  pool ??= new Piscina({
    filename: path.join(__dirname, 'heavy-worker.mjs'),
    minThreads: HEAVY_POOL_LIMITS.threads,
    maxThreads: HEAVY_POOL_LIMITS.threads,
    maxQueue: HEAVY_POOL_LIMITS.queue,
    // Tasks are async (pdf.js, zip streams): a thread must not be paused between them.
    atomics: 'disabled',
    resourceLimits: {
      maxOldGenerationSizeMb: HEAVY_POOL_LIMITS.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: HEAVY_POOL_LIMITS.maxYoungGenerationSizeMb,
    },
  });
  return pool;
}

/**
 * How many tasks the pool has finished in this process: the evidence, for tests, that a piece of work ran in the
 * pool and not on the event loop.
 */
export function heavyTasksCompleted(): number {
  return pool?.completed ?? 0;
}

/** Why a task did not finish: the queue was full, it ran out of time, or its thread died (out of memory). */
export class HeavyTaskFailed extends Error {
  override name = 'HeavyTaskFailed';
  constructor(
    readonly reason: 'busy' | 'timeout' | 'crashed',
    options?: ErrorOptions,
  ) {
    super(`heavy task ${reason}`, options);
  }
}

/** 503 with Retry-After: the pool is full or the work did not finish; the same request may succeed later. */
export const heavyWorkUnavailable = (what: string) =>
  new HttpError(503, ServerErrorCodes.serviceUnavailable, `The server is too busy to ${what} now. Try again soon.`, {
    headers: { 'retry-after': '5' },
  });

async function run<T>(task: HeavyTask): Promise<T> {
  const signal = AbortSignal.timeout(HEAVY_POOL_LIMITS.timeoutMs);
  try {
    return (await heavyPool().run(task, { signal })) as T;
  } catch (error) {
    if (signal.aborted) throw new HeavyTaskFailed('timeout', { cause: error });
    if (error instanceof Error && /queue is at limit/i.test(error.message)) {
      throw new HeavyTaskFailed('busy', { cause: error });
    }
    throw new HeavyTaskFailed('crashed', { cause: error });
  }
}

/** Reads a resume in the pool: its archive measured (DOCX), its text, the facts it gives. */
export function readResumeInPool(task: Omit<Extract<HeavyTask, { type: 'read-resume' }>, 'type'>) {
  return run<ReadResumeResult>({ type: 'read-resume', ...task });
}

/** Draws the exported resume PDF in the pool. */
export function renderResumeInPool(input: Extract<HeavyTask, { type: 'resume-pdf' }>['input']) {
  return run<Uint8Array>({ type: 'resume-pdf', input });
}

/** Stamps a signature page onto an offer document in the pool (the fonts of the candidate's script are read there). */
export function stampSignatureInPool(task: Omit<Extract<HeavyTask, { type: 'stamp-signature' }>, 'type'>) {
  return run<Uint8Array>({ type: 'stamp-signature', ...task });
}
