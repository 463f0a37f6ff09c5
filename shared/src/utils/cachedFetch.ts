/** Header on the cached copy holding the time (milliseconds since the epoch) the response was fetched. */
export const CACHED_AT_HEADER = 'x-careers-cached-at';

export interface CachedFetchOptions {
  /** How long a stored answer counts as fresh. Default 3600 (one hour). */
  maxAgeSeconds?: number;
  /** Cache Storage bucket. Default `'careers-widgets'`. */
  cacheName?: string;
}

/** Thrown by {@link cachedFetch} when the server answers with a status outside 200–299. */
export class CachedFetchError extends Error {
  override readonly name = 'CachedFetchError';

  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`GET ${url} failed with status ${status}`);
  }
}

/** One network round trip per cache entry at a time, shared by every caller waiting on it. */
const inFlight = new Map<string, Promise<unknown>>();

function cacheStorage(): CacheStorage | null {
  // Cache Storage only exists in secure contexts; `Response` is needed to store the stamped copy.
  if (typeof caches === 'undefined' || typeof Response === 'undefined') return null;
  return caches;
}

async function openCache(cacheName: string): Promise<Cache | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  try {
    return await storage.open(cacheName);
  } catch {
    // Private browsing modes and storage policies can refuse access; the network still works.
    return null;
  }
}

async function fetchText(url: string): Promise<{ response: Response; text: string }> {
  const response = await fetch(url, {
    method: 'GET',
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new CachedFetchError(url, response.status);
  return { response, text: await response.text() };
}

async function fetchJson<T>(url: string): Promise<T> {
  const { text } = await fetchText(url);
  return JSON.parse(text) as T;
}

/** Fetches, parses, and stores a copy stamped with the fetch time. Storage failures do not fail the call. */
async function fetchAndStore<T>(cache: Cache, url: string): Promise<T> {
  const { response, text } = await fetchText(url);
  const data = JSON.parse(text) as T;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, String(Date.now()));
  try {
    await cache.put(url, new Response(text, { status: response.status, statusText: response.statusText, headers }));
  } catch {
    // Quota exceeded or storage evicted: the caller still gets fresh data.
  }
  return data;
}

function shared<T>(key: string, start: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const promise = start().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

async function readCached<T>(cached: Response): Promise<{ data: T; fetchedAt: number } | null> {
  try {
    const fetchedAt = Number(cached.headers.get(CACHED_AT_HEADER));
    const data = JSON.parse(await cached.text()) as T;
    return { data, fetchedAt: Number.isFinite(fetchedAt) ? fetchedAt : 0 };
  } catch {
    return null;
  }
}

/**
 * GETs JSON through the browser's Cache Storage with stale-while-revalidate:
 *
 * - fresh copy (younger than `maxAgeSeconds`): returned without a request;
 * - stale copy: returned at once, and refreshed in the background (a failed refresh keeps the old copy);
 * - no usable copy: fetched, stored and returned.
 *
 * Only successful (2xx) JSON answers are stored. Concurrent calls for the same address share one request.
 * Where Cache Storage is unavailable (insecure context, blocked storage) it is a plain `fetch`.
 *
 * @returns The parsed JSON body.
 * @throws {CachedFetchError} When a request it waits for answers with a non-2xx status.
 * @throws {SyntaxError} When a body it waits for is not JSON.
 */
export async function cachedFetch<T = unknown>(url: string, options: CachedFetchOptions = {}): Promise<T> {
  const { maxAgeSeconds = 3600, cacheName = 'careers-widgets' } = options;
  const cache = await openCache(cacheName);
  if (!cache) return fetchJson<T>(url);

  const key = `${cacheName}\u0000${url}`;
  let cached: Response | undefined;
  try {
    cached = await cache.match(url);
  } catch {
    cached = undefined;
  }
  const entry = cached ? await readCached<T>(cached) : null;
  if (!entry) return shared(key, () => fetchAndStore<T>(cache, url));

  const ageMs = Date.now() - entry.fetchedAt;
  if (ageMs >= maxAgeSeconds * 1000) {
    // Background refresh: errors are dropped on purpose, the caller already has data.
    shared(key, () => fetchAndStore<T>(cache, url)).catch(() => undefined);
  }
  return entry.data;
}
