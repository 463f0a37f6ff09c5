/**
 * The database stayed locked by someone else (another process holding SQLite's write lock: an operator command,
 * a backup) for longer than the server waits. Nothing of the failed statement or transaction was applied; the
 * client may try again. Answered 503 with `Retry-After` (http/error-handler.ts).
 */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  constructor(
    /** How long the statement waited, in milliseconds. */
    readonly waitedMs: number,
    /** Seconds after which trying again is sensible. */
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(`The database stayed locked for ${waitedMs} ms.`, options);
  }
}

/** True for SQLite's "database is locked" family (SQLITE_BUSY*, SQLITE_LOCKED*), from better-sqlite3. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code);
}
