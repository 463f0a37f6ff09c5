import type { HttpMessageKey } from './messages';

/**
 * What went wrong with a request:
 * - `sessionTimedOut`: the answer was the login page (redirect) or carried the `x-login` header;
 * - `invalidCsrf`: 403 with code `invalid_csrf`;
 * - `rateLimited`: 429;
 * - `serverError`: a GET answered with 500 or more;
 * - `unexpected`: a successful answer whose body is not JSON;
 * - `network`: the connection failed: no answer at all (offline, DNS, CORS; status 0), or an answer that broke off
 *   before its body was read (its status);
 * - `http`: any other non-2xx answer.
 */
export type ApiErrorKind =
  'sessionTimedOut' | 'invalidCsrf' | 'rateLimited' | 'serverError' | 'unexpected' | 'network' | 'http';

export interface ApiErrorInit {
  message: string;
  kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  status: number;
  messageKey?: HttpMessageKey;
  code?: string;
  field?: string;
  body?: unknown;
  cause?: unknown;
}

/** A failed request made through `request`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  /**
   * i18n key (namespace `common`) to translate at display time. Absent when `message` came from the server,
   * which is then shown as it is.
   */
  readonly messageKey?: HttpMessageKey;
  /** `ApiErrorBody.code` of the answer, if any. */
  readonly code?: string;
  /** `ApiErrorBody.field` of the answer: the request field at fault, if any. */
  readonly field?: string;
  /** The answer's body: parsed JSON, or the raw text when it was not JSON. */
  readonly body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    if (init.messageKey !== undefined) this.messageKey = init.messageKey;
    if (init.code !== undefined) this.code = init.code;
    if (init.field !== undefined) this.field = init.field;
    if (init.body !== undefined) this.body = init.body;
  }
}

/** Tells whether `error` is an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Tells whether `error` is the `AbortError` that `fetch` rejects with when its signal aborts. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
