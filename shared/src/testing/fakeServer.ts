/**
 * A fake `fetch` that answers like the careers API (jsdom has no server): tests register routes, the fake records
 * every call. Test-only: nothing in the product imports this folder.
 */
import { fakeResponse } from './fakeWeb';

/** What a route answers: status (200), JSON body (none) and extra headers (`content-type` is JSON). */
export interface FakeResponseInit {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Extra fields of an API error body. */
export interface ApiErrorFields {
  code?: string;
  field?: string;
}

interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A route answer: a response description, or a promise of one (to hold a request open). */
type RouteAnswer = FakeResponseInit | Promise<FakeResponseInit>;
type RouteHandler = (call: RecordedCall) => RouteAnswer;

export interface FakeServer {
  calls: RecordedCall[];
  /** Replace the answer of `METHOD /path` (path without query; `:name` matches one path segment). */
  on(method: string, path: string, handler: RouteHandler | FakeResponseInit): void;
  callsTo(method: string, path: string): RecordedCall[];
  fetch: jest.Mock;
}

/** The `Response` the API would send for `answer`, as read from `url`. */
function answerResponse(url: string, { status = 200, body, headers = {} }: FakeResponseInit = {}): Response {
  return fakeResponse(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    url,
  });
}

function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}

/** A success answer in the API's `{ data }` envelope. */
export const ok = <T>(data: T): FakeResponseInit => ({ status: 200, body: { data } });

/** An error answer as the API sends it (without `message` when none is given). */
export const fail = (status = 500, message?: string, fields: ApiErrorFields = {}): FakeResponseInit => ({
  status,
  body:
    message === undefined
      ? { statusCode: status, error: 'Error', ...fields }
      : { statusCode: status, error: 'Error', message, ...fields },
});

/** Installs a fake server on `global.fetch`. Unknown routes answer 404. */
export function installFakeServer(): FakeServer {
  const routes: Array<{ method: string; path: string; handler: RouteHandler }> = [];
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call: RecordedCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    // Last registered route wins, so tests can override the defaults.
    const route = [...routes].reverse().find((r) => r.method === method && matches(r.path, url.pathname));
    const answer = route ? await route.handler(call) : fail(404, 'Not found');
    return answerResponse(url.href, answer);
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return {
    calls,
    fetch: fetchMock,
    on(method, path, handler) {
      routes.push({
        method: method.toUpperCase(),
        path,
        handler: typeof handler === 'function' ? handler : () => handler,
      });
    },
    callsTo(method, path) {
      return calls.filter((c) => c.method === method.toUpperCase() && matches(path, c.path));
    },
  };
}

/** A promise with its resolve function, to hold a request open until the test says so. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
