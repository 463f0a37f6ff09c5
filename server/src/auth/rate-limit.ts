interface Window {
  failures: number;
  resetAt: number;
}

/**
 * Counts failures per key in fixed windows, in memory (per process). Once `limit` failures are recorded in a
 * window, the key is blocked until the window ends. Memory stays bounded by `maxKeys`.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it is not blocked. */
  retryAfterMs(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.failures >= this.limit ? window.resetAt - now : 0;
  }

  recordFailure(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (window && window.resetAt > now) {
      window.failures += 1;
      return;
    }
    this.windows.delete(key);
    this.windows.set(key, { failures: 1, resetAt: now + this.windowMs });
    if (this.windows.size > this.maxKeys) this.prune(now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full of live windows: drop the oldest (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
