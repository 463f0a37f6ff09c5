import { ErrorCodes, Headers as HeaderNames } from '../contract/wire';
import { appendQueryString, buildApiUrl, type QueryParams } from '../contract/address';
import { tablePath } from '../contract/routes';
import { takePageAnswer } from './pageData';
import { ApiError, isAbortError, type ApiErrorKind } from './apiError';
import { getCsrfToken, setCsrfToken } from './csrf';
import { findErrorMessage } from './errorMessage';
import { httpMessages, type HttpMessageKey } from './messages';
import { emitHttpNotice, isHttpAlertKind, type HttpNoticeKind } from './notices';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who is making the requests (sent on every request that changes data), and where the API is. */
export interface HttpContext {
  userId?: string | null;
  groupId?: string | null;
  /**
   * The careers server's origin when it is not the page's (a widget embedded in the employer's own page:
   * docs/product/shell.md#embedding-on-any-page); `null` keeps addresses relative to the page.
   */
  apiOrigin?: string | null;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters, encoded with `buildApiUrl` (empty values skipped). */
  query?: QueryParams;
  /** `FormData`, `URLSearchParams` and `Blob` are sent as they are; anything else as JSON. */
  body?: unknown;
  /**
   * When true, a generic failure (an answer that is not JSON) raises no page notice: the caller shows its own
   * message. The page alerts (session timed out, invalid CSRF, 429, GET 5xx;
   * docs/product/errors-and-limits.md#page-alerts) are announced all the same. The error is thrown either way.
   */
  silent?: boolean;
  /**
   * A logging call the candidate neither made nor waits for (page views, timings): its failures are never
   * announced, not even the alerts (a rate-limited page-view log must not tell the candidate to try again).
   * Docs: docs/decisions/012-http-alerts.md.
   */
  telemetry?: boolean;
  signal?: AbortSignal;
  /** Lets the request outlive the page (for logging on unload). */
  keepalive?: boolean;
}

/** Path prefix of the careers server's sign-in page; a request redirected there means the session ended. */
const LOGIN_PATH = tablePath('/careers/login');
/** Page query parameter forwarded on every request. */
const DEBUG_PARAM = 'debug';

const context: { userId: string | null; groupId: string | null; apiOrigin: string | null } = {
  userId: null,
  groupId: null,
  apiOrigin: null,
};

/**
 * Sets who is making requests. Only the fields given change; `null` clears one.
 *
 * @example configureHttp({ userId: boot.user?.id ?? null, groupId: boot.groupId })
 */
export function configureHttp(next: HttpContext): void {
  if (next.userId !== undefined) context.userId = next.userId;
  if (next.groupId !== undefined) context.groupId = next.groupId;
  if (next.apiOrigin !== undefined) context.apiOrigin = next.apiOrigin;
}

/**
 * Whether this page is served by the careers server itself (its own pages such as `/careers/login` are then on this
 * origin), rather than being an employer's page of another origin that embeds the widgets.
 */
export function onCareersServerOrigin(): boolean {
  return context.apiOrigin === null;
}

/**
 * The address of an API path for a link the browser follows itself (a download): on the careers server's origin
 * when the page is elsewhere. Requests made through this layer get it on their own.
 */
export function apiHref(pathWithQuery: string): string {
  return context.apiOrigin !== null && pathWithQuery.startsWith('/')
    ? context.apiOrigin + pathWithQuery
    : pathWithQuery;
}

function pageDebugValue(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(DEBUG_PARAM);
}

/**
 * The address of a request: `buildApiUrl` plus the page's `debug` parameter. Internal to the HTTP layer
 * (shared with `upload`); not part of the package's exports.
 */
export function requestUrl(path: string, query: QueryParams | undefined): string {
  const debug = pageDebugValue();
  if (debug === null || (query && Object.hasOwn(query, DEBUG_PARAM))) return apiHref(buildApiUrl(path, query));
  if (debug !== '') return apiHref(buildApiUrl(path, { ...query, [DEBUG_PARAM]: debug }));
  // `?debug` without a value is forwarded as it is (`buildApiUrl` skips empty values).
  return apiHref(appendQueryString(buildApiUrl(path, query), `${DEBUG_PARAM}=`));
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

/**
 * The headers every request carries: `accept`, the CSRF token and, except on GET, the user, group and time-zone
 * headers. Internal to the HTTP layer (shared with `upload`).
 */
export function requestHeaders(method: HttpMethod): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getCsrfToken();
  if (token) headers[HeaderNames.csrf] = token;

  if (method !== 'GET') {
    if (context.userId) headers[HeaderNames.user] = context.userId;
    if (context.groupId) headers[HeaderNames.group] = context.groupId;
    const zone = timeZone();
    if (zone) headers[HeaderNames.timezone] = zone;
  }
  return headers;
}

function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
  const headers = requestHeaders(method);
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

/** The address of a request without its query, for logs: a query holds the candidate's search words and place. */
const pathOnly = (path: string): string => path.split(/[?#]/, 1)[0] ?? path;

/**
 * The error for a request that got no answer. Internal to the HTTP layer (shared with `upload`).
 *
 * A GET reads "Failed to fetch data" (docs/product/errors-and-limits.md#request-texts: logged, with a generic
 * message); a call that changes data keeps "There was a problem with the request": it was sending, not fetching, and
 * the candidate must know their change may not have reached us. The failure is logged (`console.error`, method and
 * path without the query), except for telemetry, whose own failure is nobody's to act on.
 */
export function networkError(method: HttpMethod, path: string, error: unknown, quiet: Quiet = 'none'): ApiError {
  const messageKey: HttpMessageKey = method === 'GET' ? 'http.fetchFailed' : 'http.requestProblem';
  if (quiet !== 'all') console.error(`[careers] ${method} ${pathOnly(path)} got no answer`, error);
  return new ApiError({ kind: 'network', status: 0, messageKey, message: httpMessages[messageKey], cause: error });
}

/**
 * The error for an answer whose body broke off (the connection dropped after the status line): "Error with response"
 * (docs/product/errors-and-limits.md#request-texts). Its body is not read for a message (a part of it proves nothing);
 * its headers came whole and are read by the caller first (a fresh CSRF token, the end of the session).
 */
function brokenAnswerError(status: number, error: unknown): ApiError {
  return new ApiError({
    kind: 'network',
    status,
    messageKey: 'http.responseError',
    message: httpMessages['http.responseError'],
    cause: error,
  });
}

/** An answer as the transports (`fetch`, `XMLHttpRequest`) give it, read the same way by {@link readAnswer}. */
export interface RawAnswer {
  status: number;
  /** Final address of the answer (after redirects); empty when unknown. */
  url: string;
  /** Whether the request was redirected. */
  redirected: boolean;
  /** A response header, or null. */
  header(name: string): string | null;
  /** The body as text. */
  text: string;
}

function redirectedToLogin(response: RawAnswer): boolean {
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

/**
 * Which notices a request keeps to itself: `none`; `generic` (a `silent` call: the caller shows its own message,
 * but the page alerts are still announced); `all` (a `telemetry` call).
 */
export type Quiet = 'none' | 'generic' | 'all';

/** Whether a notice of `kind` is announced for a request as quiet as `quiet`. */
function announced(kind: HttpNoticeKind, quiet: Quiet): boolean {
  if (quiet === 'all') return false;
  return quiet === 'none' || isHttpAlertKind(kind);
}

function noticeError(kind: HttpNoticeKind, status: number, body: unknown, quiet: Quiet): ApiError {
  const messageKey = noticeKeys[kind];
  const message = httpMessages[messageKey];
  // `silent` hides only the generic notice: the page alerts reach the candidate whatever the call.
  if (announced(kind, quiet)) emitHttpNotice({ kind, messageKey, message, status });
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

function failedAnswerError(method: HttpMethod, status: number, body: unknown, quiet: Quiet): ApiError {
  const code = stringField(body, 'code');
  let kind: ApiErrorKind = 'http';
  if (status === 403 && code === ErrorCodes.invalidCsrf) kind = 'invalidCsrf';
  else if (status === 429) kind = 'rateLimited';
  else if (status >= 500 && method === 'GET') kind = 'serverError';
  if (kind !== 'http') return noticeError(kind, status, body, quiet);
  const serverMessage = findErrorMessage(body);
  // docs/product/errors-and-limits.md#request-texts: a refusal (403 other than CSRF) without a message of the server's
  // reads "User does not have permissions to perform this action".
  if (status === 403 && serverMessage === undefined) {
    return new ApiError({
      kind,
      status,
      messageKey: 'http.forbidden',
      message: httpMessages['http.forbidden'],
      code,
      field: stringField(body, 'field'),
      body,
    });
  }

  // docs/product/errors-and-limits.md#request-texts: an error answer that says nothing a person can read is "Error in
  // api response".
  return new ApiError({
    kind,
    status,
    message: serverMessage ?? httpMessages['http.apiError'],
    messageKey: serverMessage === undefined ? 'http.apiError' : undefined,
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
 * @throws {ApiError} On any failure (see {@link ApiErrorKind}). Session timeout, invalid CSRF, rate limiting and
 *   GET server errors are also announced through `onHttpNotice`, always (`silent` or not); a non-JSON answer
 *   is announced unless `silent`. A 403 other than CSRF without a server message carries "User does not have
 *   permissions to perform this action" (`http.forbidden`).
 * @throws The `AbortError` of `fetch` when `signal` aborts the request.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, signal } = options;
  const quiet: Quiet = options.telemetry ? 'all' : options.silent ? 'generic' : 'none';
  const url = requestUrl(path, query);
  const init = buildInit(method, options);

  if (method === 'GET') {
    const answer = takePageAnswer(url);
    if (answer !== undefined) {
      return readAnswer<T>(
        method,
        { status: 200, url, redirected: false, header: () => null, text: JSON.stringify(answer) },
        quiet,
      );
    }
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    throw networkError(method, path, error, quiet);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    readHeaders(
      {
        status: response.status,
        url: response.url,
        redirected: response.redirected,
        header: (name) => response.headers.get(name),
        text: '',
      },
      quiet,
    );
    throw brokenAnswerError(response.status, error);
  }

  return readAnswer<T>(
    method,
    {
      status: response.status,
      url: response.url,
      redirected: response.redirected,
      header: (name) => response.headers.get(name),
      text,
    },
    quiet,
  );
}

/**
 * What an answer's headers say, whatever its body: a fresh CSRF token is kept, and the end of the session (a redirect
 * to the login page, or the `x-login` header) is thrown as "Session timed out.".
 *
 * @throws {ApiError} Of kind `sessionTimedOut`.
 */
function readHeaders(response: RawAnswer, quiet: Quiet): void {
  const freshToken = response.header(HeaderNames.csrf);
  if (freshToken) setCsrfToken(freshToken);
  if (redirectedToLogin(response) || response.header(HeaderNames.login) !== null) {
    throw noticeError('sessionTimedOut', response.status, undefined, quiet);
  }
}

/**
 * Reads an answer the way every request does: takes a fresh CSRF token, detects the end of the session, parses
 * the JSON and turns failures into `ApiError`s (announcing the page alerts always, other notices unless
 * `silent`). Internal to the HTTP layer
 * (shared with `upload`).
 *
 * @throws {ApiError} As {@link request} does.
 */
export function readAnswer<T>(method: HttpMethod, response: RawAnswer, quiet: Quiet): T {
  const { text } = response;
  readHeaders(response, quiet);

  const ok = response.status >= 200 && response.status < 300;
  const isEmpty = response.status === 204 || text.trim() === '';
  const parsed = isEmpty ? undefined : parseJson(text);

  if (!ok) {
    const body = parsed === undefined ? undefined : parsed.ok ? parsed.value : text;
    throw failedAnswerError(method, response.status, body, quiet);
  }
  if (parsed === undefined) return undefined as T;
  if (!parsed.ok) throw noticeError('unexpected', response.status, text, quiet);
  return parsed.value as T;
}
