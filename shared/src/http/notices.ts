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

export type HttpNoticeListener = (notice: HttpNotice) => void;

const listeners = new Set<HttpNoticeListener>();

/**
 * Subscribes to HTTP notices (session timed out, invalid CSRF, rate limited, server error, unexpected answer).
 * Requests made with `silent: true` announce nothing.
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
