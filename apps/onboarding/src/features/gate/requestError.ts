import type { HttpQueryError } from '@careers/shared';

/** Error kinds the HTTP layer already announces with a page toast (unless the call was silent). */
const ANNOUNCED = new Set<string>(['sessionTimedOut', 'invalidCsrf', 'rateLimited', 'serverError', 'unexpected']);

/** Reads an RTK Query error (what `.unwrap()` rejects with) as an {@link HttpQueryError}, if it is one. */
export function asQueryError(error: unknown): HttpQueryError | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as Partial<HttpQueryError>;
  return typeof e.status === 'number' && typeof e.kind === 'string' && typeof e.message === 'string'
    ? (e as HttpQueryError)
    : null;
}

/**
 * The toast text for a failed call: the server's own message when it sent one, otherwise `fallback`.
 * `null` when no toast should be shown: the HTTP layer has already shown one (session timed out, invalid CSRF,
 * rate limited ...) or the request was cancelled.
 */
export function requestErrorMessage(error: unknown, fallback: string): string | null {
  const e = asQueryError(error);
  if (!e) return fallback;
  if (e.kind === 'aborted' || ANNOUNCED.has(e.kind)) return null;
  if (e.messageKey === undefined && e.message.trim() !== '') return e.message;
  return fallback;
}
