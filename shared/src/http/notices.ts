import type { ApiErrorKind } from './apiError';
import type { HttpMessageKey } from './messages';

/** The failures the HTTP layer announces to the page (other failures are for the caller to handle). */
export type HttpNoticeKind = Extract<
  ApiErrorKind,
  'sessionTimedOut' | 'invalidCsrf' | 'rateLimited' | 'serverError' | 'unexpected'
>;

/** A page-level announcement of a failed request, for example to show a toast. */
export interface HttpNotice {
  kind: HttpNoticeKind;
  /** i18n key (namespace `common`) of the text to show. */
  messageKey: HttpMessageKey;
  /** The English text of `messageKey`. */
  message: string;
  /** HTTP status of the answer. */
  status: number;
}

/**
 * The alerts shown whatever the call (docs/product/errors-and-limits.md#page-alerts): "Session timed out." (with a
 * sign-in prompt), "Invalid CSRF.", "Please try again in a few minutes" (429) and "Server error. Please try again."
 * (5xx on GET). A `silent` request announces them all the same; it only hides the generic notice (an answer that is not
 * JSON).
 */
type HttpAlertKind = Extract<HttpNoticeKind, 'sessionTimedOut' | 'invalidCsrf' | 'rateLimited' | 'serverError'>;

const ALERT_KINDS: ReadonlySet<string> = new Set<HttpAlertKind>([
  'sessionTimedOut',
  'invalidCsrf',
  'rateLimited',
  'serverError',
]);

/** Whether failures of this kind are always announced to the page (see {@link HttpAlertKind}). */
export function isHttpAlertKind(kind: unknown): boolean {
  return typeof kind === 'string' && ALERT_KINDS.has(kind);
}

/**
 * Whether a failed request (an `ApiError`, or the `HttpQueryError` RTK Query gives) has already been announced
 * to the candidate by the HTTP layer's alert. A widget then adds no message of its own that says the same (no
 * "Something went wrong" beside "Session timed out."): at most a neutral state such as a retry button.
 */
export function isHttpAlert(error: unknown): boolean {
  return typeof error === 'object' && error !== null && isHttpAlertKind((error as { kind?: unknown }).kind);
}

export type HttpNoticeListener = (notice: HttpNotice) => void;

const listeners = new Set<HttpNoticeListener>();

/**
 * Subscribes to HTTP notices (session timed out, invalid CSRF, rate limited, server error, unexpected answer).
 * Requests made with `silent: true` announce only the alerts ({@link HttpAlertKind}). The page has one listener
 * that shows them (the shared toasts, `ensureToastHost`), however many widgets are on the page.
 *
 * @returns A function that unsubscribes the listener.
 */
export function onHttpNotice(listener: HttpNoticeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function report(error: unknown): void {
  if (typeof reportError === 'function') reportError(error);
  else console.error(error);
}

/** Delivers `notice` to every listener; a listener that throws is reported and does not stop the others. */
export function emitHttpNotice(notice: HttpNotice): void {
  for (const listener of [...listeners]) {
    try {
      listener(notice);
    } catch (error) {
      report(error);
    }
  }
}
