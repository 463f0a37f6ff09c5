/** Test helper: a fake `fetch` that answers like the careers API (jsdom has no server). */

export interface FakeResponseInit {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export function fakeResponse(url: string, { status = 200, body, headers = {} }: FakeResponseInit = {}): Response {
  const allHeaders = { 'content-type': 'application/json', ...headers };
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(allHeaders),
    redirected: false,
    url,
    text: async () => text,
  } as unknown as Response;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type RouteAnswer = FakeResponseInit | Promise<FakeResponseInit>;
export type RouteHandler = (call: RecordedCall) => RouteAnswer;

export interface FakeServer {
  calls: RecordedCall[];
  /** Replace the answer of `METHOD /path` (path without query; `:name` matches one path segment). */
  on(method: string, path: string, handler: RouteHandler | FakeResponseInit): void;
  callsTo(method: string, path: string): RecordedCall[];
  fetch: jest.Mock;
}

function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}

export const ok = <T>(data: T): FakeResponseInit => ({ status: 200, body: { data } });
export const fail = (status = 500, message?: string): FakeResponseInit => ({
  status,
  body: message === undefined ? { statusCode: status, error: 'Error' } : { statusCode: status, error: 'Error', message },
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
    const route = [...routes].reverse().find((r) => r.method === method && matches(r.path, url.pathname));
    const answer = route ? await route.handler(call) : fail(404, 'Not found');
    return fakeResponse(url.href, answer);
  });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return {
    calls,
    fetch: fetchMock,
    on(method, path, handler) {
      routes.push({ method: method.toUpperCase(), path, handler: typeof handler === 'function' ? handler : () => handler });
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
