import type { HttpQueryError } from '@careers/shared';

/** Failures the shared HTTP layer already announces to the page with a toast of its own. */
const ANNOUNCED_KINDS = new Set(['sessionTimedOut', 'invalidCsrf', 'rateLimited', 'serverError', 'unexpected']);

interface ErrorLike {
  kind?: unknown;
  status?: unknown;
  message?: unknown;
  messageKey?: unknown;
}

function asErrorLike(error: unknown): ErrorLike | null {
  if (typeof error !== 'object' || error === null) return null;
  // RTK Query's unwrap() rejects with the base query's error itself; a hook's `error` is the same shape.
  return error as ErrorLike;
}

/**
 * The toast text for a failed offer call (docs/product/offers-and-signing.md#failure-messages): the server's message
 * when it sent one, else `fallback`. Null when nothing should be added: the request was cancelled, or the HTTP layer
 * has already announced the failure (session timed out, invalid CSRF, rate limited, ...).
 */
export function failureToast(error: unknown, fallback: string): string | null {
  const e = asErrorLike(error);
  if (!e) return fallback;
  if (isCancelled(error)) return null;
  if (typeof e.kind === 'string' && ANNOUNCED_KINDS.has(e.kind)) return null;
  // A messageKey means the HTTP layer wrote the text (no usable server message).
  if (e.messageKey === undefined && typeof e.message === 'string' && e.message.trim() !== '') return e.message.trim();
  return fallback;
}

/** The request was cancelled (RTK Query's `aborted` kind, or an AbortError): not a failure to report. */
export function isCancelled(error: unknown): boolean {
  const e = asErrorLike(error);
  return e !== null && (e.kind === 'aborted' || (e as { name?: unknown }).name === 'AbortError');
}

/** The offer or document does not exist for this candidate (or the address is not a valid offer id). */
export function isMissing(error: unknown): boolean {
  const e = asErrorLike(error) as Partial<HttpQueryError> | null;
  return e?.status === 404 || e?.status === 400 || e?.status === 403;
}
