import { useEffect, useRef, useSyncExternalStore } from 'react';

/** What a caller-supplied loader (`apiCall`, `searchCall`) has given so far for one key. */
export interface CallerLoad<T> {
  status: 'idle' | 'pending' | 'done' | 'failed';
  data?: T;
  /** A new object for each failure (what the failure notice remembers), with the loader's rejection. */
  failure?: { error: unknown };
}

type Loader<T> = (signal: AbortSignal) => Promise<T>;

interface Entry {
  state: CallerLoad<unknown>;
  listeners: Set<() => void>;
  controller?: AbortController;
}

const IDLE: CallerLoad<never> = { status: 'idle' };

/** The pause before the next try of a failed load grows with each try (ms), as for the option endpoints. */
const CALLER_RETRY_PAUSE_MS = 400;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * The results of a renderer's caller-supplied loaders, by key (the item and what it loads for): each key is loaded
 * once and kept while the form shows (the options of a parent value never go stale,
 * docs/product/forms-toolkit.md#options); a failed key is loaded again the next time a question asks for it. The
 * renderer aborts what is still running when it goes.
 */
export class CallerLoads {
  private readonly entries = new Map<string, Entry>();

  private entry(key: string): Entry {
    let found = this.entries.get(key);
    if (!found) {
      found = { state: IDLE, listeners: new Set() };
      this.entries.set(key, found);
    }
    return found;
  }

  private set(entry: Entry, state: CallerLoad<unknown>) {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  get<T>(key: string): CallerLoad<T> {
    return (this.entries.get(key)?.state ?? IDLE) as CallerLoad<T>;
  }

  subscribe(key: string, listener: () => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** Starts loading `key` unless it is loading or loaded; `attempts` tries in all. */
  ensure<T>(key: string, load: Loader<T>, attempts: number): void {
    const entry = this.entry(key);
    if (entry.state.status === 'pending' || entry.state.status === 'done') return;
    const controller = new AbortController();
    entry.controller = controller;
    const { signal } = controller;
    this.set(entry, { status: 'pending', data: entry.state.data });
    const run = async (): Promise<T> => {
      let last: unknown;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        if (attempt > 0) await pause(CALLER_RETRY_PAUSE_MS * attempt, signal);
        try {
          return await load(signal);
        } catch (error) {
          if (signal.aborted) throw error;
          last = error;
        }
      }
      throw last;
    };
    run().then(
      (data) => {
        if (!signal.aborted) this.set(entry, { status: 'done', data });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        // Logged for the page's developers; the candidate sees the failure notice.
        console.error(`[forms] a caller-supplied loader failed (${key.split('\u0000')[0] ?? ''})`, error);
        this.set(entry, { status: 'failed', failure: { error } });
      },
    );
  }

  /** Aborts what is still loading (the renderer is gone); a question asking again starts it again. */
  dispose(): void {
    for (const entry of this.entries.values()) {
      if (entry.state.status !== 'pending') continue;
      entry.controller?.abort();
      this.set(entry, { status: 'idle', data: entry.state.data });
    }
  }
}

/**
 * What a caller-supplied loader gives for `key` (null: nothing to load), started when first asked for. The loader
 * may change identity between renders (an inline function): the key decides when to load, the latest loader runs.
 */
export function useCallerLoad<T>(
  loads: CallerLoads,
  key: string | null,
  load: Loader<T> | undefined,
  attempts: number,
): CallerLoad<T> {
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  const state = useSyncExternalStore(
    (listener) => (key ? loads.subscribe(key, listener) : () => undefined),
    () => (key ? loads.get<T>(key) : (IDLE as CallerLoad<T>)),
  );
  useEffect(() => {
    if (!key || !latest.current) return;
    loads.ensure(key, (signal) => latest.current!(signal), attempts);
  }, [loads, key, attempts]);
  return state;
}
