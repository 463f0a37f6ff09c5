import { CACHED_AT_HEADER, cachedFetch, CachedFetchError } from './cachedFetch';
import {
  FakeCacheStorage,
  FakeResponse,
  fakeResponse,
  flushPromises,
  jsonResponse,
  mockFetch,
  setGlobal,
} from '../testing/fakeWeb';

const URL_OFFERS = '/api/offer/offers';
const START = Date.UTC(2024, 0, 1);

let storage: FakeCacheStorage;
let fetchMock: ReturnType<typeof mockFetch>;
let now: number;

function storedEntry(cacheName = 'careers-widgets') {
  return storage.caches.get(cacheName)?.entries.get(URL_OFFERS);
}

beforeEach(() => {
  storage = new FakeCacheStorage();
  setGlobal('caches', storage);
  setGlobal('Response', FakeResponse);
  fetchMock = mockFetch();
  now = START;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => {
  setGlobal('caches', undefined);
  setGlobal('Response', undefined);
  setGlobal('fetch', undefined);
  jest.restoreAllMocks();
});

describe('cachedFetch', () => {
  it('fetches, stores with the fetch time, and returns the data when nothing is cached', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { offers: [1] } }));

    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ data: { offers: [1] } });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      URL_OFFERS,
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
    const entry = storedEntry();
    expect(entry?.body).toBe('{"data":{"offers":[1]}}');
    expect(new Map(entry?.headers).get(CACHED_AT_HEADER)).toBe(String(START));
    expect(new Map(entry?.headers).get('content-type')).toBe('application/json');
  });

  it('answers from the cache without a request while the copy is fresh', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ v: 1 }));
    await cachedFetch(URL_OFFERS);

    now = START + 3599 * 1000;
    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('returns a stale copy at once and refreshes it in the background', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ v: 1 }));
    await cachedFetch(URL_OFFERS);

    now = START + 3600 * 1000;
    let resolveRefresh: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (resolveRefresh = resolve)));

    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    resolveRefresh(jsonResponse({ v: 2 }));
    await flushPromises();
    expect(new Map(storedEntry()?.headers).get(CACHED_AT_HEADER)).toBe(String(now));
    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the stale copy when the background refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ v: 1 }));
    await cachedFetch(URL_OFFERS);

    now = START + 7200 * 1000;
    fetchMock.mockResolvedValueOnce(fakeResponse('oops', { status: 500 }));
    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
    await flushPromises();

    expect(storedEntry()?.body).toBe('{"v":1}');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
    await flushPromises();
    expect(storedEntry()?.body).toBe('{"v":1}');
  });

  it('honours maxAgeSeconds and cacheName', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ v: 1 }));
    await cachedFetch(URL_OFFERS, { maxAgeSeconds: 60, cacheName: 'offers' });
    expect(storedEntry('offers')).toBeDefined();
    expect(storedEntry('careers-widgets')).toBeUndefined();

    now = START + 59 * 1000;
    await cachedFetch(URL_OFFERS, { maxAgeSeconds: 60, cacheName: 'offers' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    now = START + 60 * 1000;
    await cachedFetch(URL_OFFERS, { maxAgeSeconds: 60, cacheName: 'offers' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent callers', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ v: 1 }));
    const [a, b] = await Promise.all([cachedFetch(URL_OFFERS), cachedFetch(URL_OFFERS)]);
    expect(a).toEqual({ v: 1 });
    expect(b).toEqual({ v: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('throws CachedFetchError for a non-2xx answer and stores nothing', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'nope' }, { status: 404 }));
    const failure = cachedFetch(URL_OFFERS);
    await expect(failure).rejects.toBeInstanceOf(CachedFetchError);
    await expect(failure).rejects.toMatchObject({ status: 404, url: URL_OFFERS });
    expect(storedEntry()).toBeUndefined();
  });

  it('throws for a body that is not JSON and stores nothing', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('<html></html>', { status: 200 }));
    await expect(cachedFetch(URL_OFFERS)).rejects.toBeInstanceOf(SyntaxError);
    expect(storedEntry()).toBeUndefined();
  });

  it('refetches when the cached copy is unreadable', async () => {
    const cache = await storage.open('careers-widgets');
    await cache.put(URL_OFFERS, fakeResponse('not json', { headers: { [CACHED_AT_HEADER]: String(START) } }));
    fetchMock.mockResolvedValueOnce(jsonResponse({ v: 3 }));
    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('still returns the data when storing it fails', async () => {
    const cache = await storage.open('careers-widgets');
    jest.spyOn(cache, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    fetchMock.mockResolvedValueOnce(jsonResponse({ v: 1 }));
    await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
  });

  describe('without Cache Storage', () => {
    it('is a plain fetch when `caches` is missing (insecure context)', async () => {
      setGlobal('caches', undefined);
      fetchMock.mockResolvedValue(jsonResponse({ v: 1 }));
      await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
      await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('is a plain fetch when opening the cache is refused', async () => {
      jest.spyOn(storage, 'open').mockRejectedValue(new DOMException('denied', 'SecurityError'));
      fetchMock.mockResolvedValueOnce(jsonResponse({ v: 1 }));
      await expect(cachedFetch(URL_OFFERS)).resolves.toEqual({ v: 1 });
    });

    it('still reports failed answers', async () => {
      setGlobal('caches', undefined);
      fetchMock.mockResolvedValueOnce(fakeResponse('', { status: 503 }));
      await expect(cachedFetch(URL_OFFERS)).rejects.toMatchObject({ name: 'CachedFetchError', status: 503 });
    });
  });
});
