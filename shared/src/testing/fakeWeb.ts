/**
 * Test doubles for the parts of the Fetch and Cache APIs that jsdom lacks (`Response`, `fetch`, `caches`).
 * Test-only: nothing in the product imports this file.
 */

export interface FakeResponseOptions {
  status?: number;
  statusText?: string;
  headers?: HeadersInit;
  redirected?: boolean;
  url?: string;
}

/** A `Response` with a text body; enough for code that reads `status`, `headers` and `text()`. */
export class FakeResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly redirected: boolean;
  readonly url: string;
  readonly ok: boolean;
  readonly #body: string;

  constructor(body: string | null = null, init: FakeResponseOptions = {}) {
    this.#body = body ?? '';
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? '';
    this.headers = new Headers(init.headers);
    this.redirected = init.redirected ?? false;
    this.url = init.url ?? '';
    this.ok = this.status >= 200 && this.status < 300;
  }

  async text(): Promise<string> {
    return this.#body;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.#body);
  }
}

/** A fake answer typed as `Response`, for `fetch` mocks. */
export function fakeResponse(body: string | null = null, init: FakeResponseOptions = {}): Response {
  return new FakeResponse(body, init) as unknown as Response;
}

/** A JSON answer (`content-type: application/json`). */
export function jsonResponse(data: unknown, init: FakeResponseOptions = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return fakeResponse(JSON.stringify(data), { ...init, headers });
}

interface StoredResponse {
  body: string;
  status: number;
  statusText: string;
  headers: [string, string][];
}

function keyOf(request: RequestInfo | URL): string {
  if (typeof request === 'string') return request;
  if (request instanceof URL) return request.href;
  return request.url;
}

/** An in-memory `Cache`: stores a snapshot of each response and answers `match` with a new response. */
export class FakeCache {
  readonly entries = new Map<string, StoredResponse>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const stored = this.entries.get(keyOf(request));
    if (!stored) return undefined;
    return fakeResponse(stored.body, { status: stored.status, statusText: stored.statusText, headers: stored.headers });
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(keyOf(request), {
      body: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
    });
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }
}

/** An in-memory `CacheStorage`. */
export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache as unknown as Cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
}

/** Defines (or, with `undefined`, removes) a global such as `fetch`, `caches` or `Response`. */
export function setGlobal(name: 'fetch' | 'caches' | 'Response', value: unknown): void {
  if (value === undefined) {
    Reflect.deleteProperty(globalThis, name);
    return;
  }
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/** A jest mock installed as the global `fetch`. */
export function mockFetch(): jest.MockedFunction<typeof fetch> {
  const fetchMock = jest.fn<ReturnType<typeof fetch>, Parameters<typeof fetch>>();
  setGlobal('fetch', fetchMock);
  return fetchMock as jest.MockedFunction<typeof fetch>;
}

/** Lets pending promise callbacks (such as a background refresh) run. */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
