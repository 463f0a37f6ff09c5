import { ErrorCodes, Headers as HeaderNames } from '../contract/wire';
import { appendQueryString, buildApiUrl, type QueryParams } from '../utils/buildApiUrl';
import { ApiError, isAbortError, type ApiErrorKind } from './apiError';
import { getCsrfToken, setCsrfToken } from './csrf';
import { findErrorMessage } from './errorMessage';
import { httpMessages, type HttpMessageKey } from './messages';
import { emitHttpNotice, type HttpNoticeKind } from './notices';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who is making the requests; sent on every request that changes data. */
export interface HttpContext {
  userId?: string | null;
  groupId?: string | null;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters, encoded with `buildApiUrl` (empty values skipped). */
  query?: QueryParams;
  /** `FormData`, `URLSearchParams` and `Blob` are sent as they are; anything else as JSON. */
  body?: unknown;
  /** When true, failures raise no page notice (the error is still thrown). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Lets the request outlive the page (for logging on unload). */
  keepalive?: boolean;
}

/** Path prefix of the login page; a request redirected there means the session ended. */
const LOGIN_PATH = '/careers/login';
/** Page query parameter forwarded on every request. */
const DEBUG_PARAM = 'debug';

const context: { userId: string | null; groupId: string | null } = { userId: null, groupId: null };

/**
 * Sets who is making requests. Only the fields given change; `null` clears one.
 *
 * @example configureHttp({ userId: boot.user?.id ?? null, groupId: boot.groupId })
 */
export function configureHttp(next: HttpContext): void {
  if (next.userId !== undefined) context.userId = next.userId;
  if (next.groupId !== undefined) context.groupId = next.groupId;
}

function pageDebugValue(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(DEBUG_PARAM);
}

function requestUrl(path: string, query: QueryParams | undefined): string {
  const debug = pageDebugValue();
  if (debug === null || (query && Object.hasOwn(query, DEBUG_PARAM))) return buildApiUrl(path, query);
  if (debug !== '') return buildApiUrl(path, { ...query, [DEBUG_PARAM]: debug });
  // `?debug` without a value is forwarded as it is (`buildApiUrl` skips empty values).
  return appendQueryString(buildApiUrl(path, query), `${DEBUG_PARAM}=`);
}

function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function isRawBody(body: unknown): body is FormData | URLSearchParams | Blob {
  return body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob;
}

function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getCsrfToken();
  if (token) headers[HeaderNames.csrf] = token;

  if (method !== 'GET') {
    if (context.userId) headers[HeaderNames.user] = context.userId;
    if (context.groupId) headers[HeaderNames.group] = context.groupId;
    const zone = timeZone();
    if (zone) headers[HeaderNames.timezone] = zone;
  }

  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      init.body = options.body;
    } else {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
  }
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;
  return init;
}

function networkError(error: unknown): ApiError {
  return new ApiError({
    kind: 'network',
    status: 0,
    messageKey: 'http.requestProblem',
    message: httpMessages['http.requestProblem'],
    cause: error,
  });
}

function redirectedToLogin(response: Response): boolean {
  if (!response.redirected || !response.url) return false;
  try {
    return new URL(response.url, window.location.href).pathname.startsWith(LOGIN_PATH);
  } catch {
    return false;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function stringField(body: unknown, name: 'code' | 'field'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

const noticeKeys: Record<HttpNoticeKind, HttpMessageKey> = {
  sessionTimedOut: 'http.sessionTimedOut',
  invalidCsrf: 'http.invalidCsrf',
  rateLimited: 'http.rateLimited',
  serverError: 'http.serverError',
  unexpected: 'http.unexpected',
};

function noticeError(kind: HttpNoticeKind, status: number, body: unknown, silent: boolean): ApiError {
  const messageKey = noticeKeys[kind];
  const message = httpMessages[messageKey];
  if (!silent) emitHttpNotice({ kind, messageKey, message, status });
  return new ApiError({
    kind,
    status,
    messageKey,
    message,
    code: stringField(body, 'code'),
    field: stringField(body, 'field'),
    body,
  });
}

function failedAnswerError(method: HttpMethod, status: number, body: unknown, silent: boolean): ApiError {
  const code = stringField(body, 'code');
  let kind: ApiErrorKind = 'http';
  if (status === 403 && code === ErrorCodes.invalidCsrf) kind = 'invalidCsrf';
  else if (status === 429) kind = 'rateLimited';
  else if (status >= 500 && method === 'GET') kind = 'serverError';
  if (kind !== 'http') return noticeError(kind, status, body, silent);

  const serverMessage = findErrorMessage(body);
  return new ApiError({
    kind,
    status,
    message: serverMessage ?? httpMessages['http.requestProblem'],
    messageKey: serverMessage === undefined ? 'http.requestProblem' : undefined,
    code,
    field: stringField(body, 'field'),
    body,
  });
}

/**
 * Calls the careers API and returns the parsed JSON answer (`undefined` for 204 or an empty body).
 *
 * Every request: the address is built with `buildApiUrl`; the page's `debug` query parameter is forwarded;
 * the CSRF token (from `<meta name="csrf-token">`) goes in `x-csrf-token`; cookies are sent
 * (`credentials: 'include'`). Requests other than GET also carry the user, group and time-zone headers.
 * A new token in a response's `x-csrf-token` header replaces the current one for later requests.
 *
 * @throws {ApiError} On any failure (see {@link ApiErrorKind}). Session timeout, invalid CSRF, rate limiting,
 *   GET server errors and non-JSON answers are also announced through `onHttpNotice`, unless `silent`.
 * @throws The `AbortError` of `fetch` when `signal` aborts the request.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, silent = false, signal } = options;
  const url = requestUrl(path, query);
  const init = buildInit(method, options);

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, init);
    text = await response.text();
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    throw networkError(error);
  }

  const freshToken = response.headers.get(HeaderNames.csrf);
  if (freshToken) setCsrfToken(freshToken);

  if (redirectedToLogin(response) || response.headers.get(HeaderNames.login) !== null) {
    throw noticeError('sessionTimedOut', response.status, undefined, silent);
  }

  const isEmpty = response.status === 204 || text.trim() === '';
  const parsed = isEmpty ? undefined : parseJson(text);

  if (!response.ok) {
    const body = parsed === undefined ? undefined : parsed.ok ? parsed.value : text;
    throw failedAnswerError(method, response.status, body, silent);
  }
  if (parsed === undefined) return undefined as T;
  if (!parsed.ok) throw noticeError('unexpected', response.status, text, silent);
  return parsed.value as T;
}
