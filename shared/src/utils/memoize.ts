export interface MemoizeOptions<Args extends unknown[]> {
  /** How long a result is kept, in milliseconds. Default 5 minutes. */
  ttlMs?: number;
  /**
   * Turns the arguments into the cache key. Default: `JSON.stringify(args)`, which suits strings, numbers and
   * plain data; pass a key function for arguments JSON cannot tell apart (functions, class instances, cycles).
   */
  key?: (...args: Args) => string;
}

/** A memoised function plus `clear()`, which forgets every cached result. */
export type Memoized<Args extends unknown[], Result> = ((...args: Args) => Result) & { clear: () => void };

interface Entry<Result> {
  value: Result;
  expiresAt: number;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Caches `fn`'s results per key for `ttlMs` (5 minutes by default).
 *
 * - A returned promise is cached as is, so concurrent callers share one call. If it rejects, it is dropped
 *   from the cache and the next call runs `fn` again.
 * - A synchronous throw is not cached.
 * - Expired results are recomputed on the next call; `clear()` forgets everything at once.
 *
 * @example const loadConfig = memoize((domain: string) => fetchConfig(domain));
 */
export function memoize<Args extends unknown[], Result>(
  fn: (...args: Args) => Result,
  options: MemoizeOptions<Args> = {},
): Memoized<Args, Result> {
  const { ttlMs = 5 * 60 * 1000, key = (...args: Args) => JSON.stringify(args) } = options;
  const entries = new Map<string, Entry<Result>>();

  const dropExpired = (now: number) => {
    for (const [entryKey, entry] of entries) {
      if (entry.expiresAt <= now) entries.delete(entryKey);
    }
  };

  const memoized = (...args: Args): Result => {
    const cacheKey = key(...args);
    const now = Date.now();
    const hit = entries.get(cacheKey);
    if (hit && hit.expiresAt > now) return hit.value;

    dropExpired(now);
    const value = fn(...args);
    const entry: Entry<Result> = { value, expiresAt: now + ttlMs };
    entries.set(cacheKey, entry);
    if (isThenable(value)) {
      value.then(undefined, () => {
        if (entries.get(cacheKey) === entry) entries.delete(cacheKey);
      });
    }
    return value;
  };

  return Object.assign(memoized, { clear: () => entries.clear() });
}
