import { configureStore } from '@reduxjs/toolkit';
import { createApi, type BaseQueryApi } from '@reduxjs/toolkit/query';
import { fakeResponse, jsonResponse, mockFetch, setGlobal } from '../testing/fakeWeb';
import { httpBaseQuery, type HttpQueryError } from './baseQuery';
import { isHttpAlert, onHttpNotice, type HttpNotice } from './notices';

let fetchMock: ReturnType<typeof mockFetch>;

function baseQueryApi(signal: AbortSignal = new AbortController().signal): BaseQueryApi {
  return {
    signal,
    abort: () => undefined,
    dispatch: jest.fn(),
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

beforeEach(() => {
  fetchMock = mockFetch();
  window.history.replaceState(null, '', '/careers/jobs');
});

afterEach(() => {
  setGlobal('fetch', undefined);
});

describe('httpBaseQuery', () => {
  it('accepts a plain path and returns { data }', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { offers: [] } }));
    await expect(httpBaseQuery('/api/offer/offers', baseQueryApi(), {})).resolves.toEqual({
      data: { data: { offers: [] } },
    });
    expect(lastCall().url).toBe('/api/offer/offers');
    expect(lastCall().init.method).toBe('GET');
  });

  it('passes method, params, body and the abort signal to the request', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { jobCartData: [] } }));
    const controller = new AbortController();
    await httpBaseQuery(
      { url: '/api/pcsx/job_cart', method: 'POST', params: { v: 2 }, body: { pids: ['1'], operation: 'add' } },
      baseQueryApi(controller.signal),
      {},
    );
    const { url, init } = lastCall();
    expect(url).toBe('/api/pcsx/job_cart?v=2');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"pids":["1"],"operation":"add"}');
    expect(init.signal).toBe(controller.signal);
  });

  it('maps a failed answer to a plain error object', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { statusCode: 400, error: 'Bad Request', message: 'domain is required', code: 'validation', field: 'domain' },
        { status: 400 },
      ),
    );
    const result = await httpBaseQuery('/api/x', baseQueryApi(), {});
    expect(result).toEqual({
      error: { status: 400, kind: 'http', message: 'domain is required', code: 'validation', field: 'domain' },
    });
    expect(Object.getPrototypeOf(result.error)).toBe(Object.prototype);
  });

  it("keeps a refused form's messages by field (errors), and only texts", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Email is required',
          code: 'form_invalid',
          field: 'email',
          errors: { email: 'Email is required', 'jobs.0.title': 'Title is required', bad: 42 },
        },
        { status: 400 },
      ),
    );
    const result = await httpBaseQuery('/api/pcsx/apply', baseQueryApi(), {});
    expect(result.error).toEqual({
      status: 400,
      kind: 'http',
      message: 'Email is required',
      code: 'form_invalid',
      field: 'email',
      errors: { email: 'Email is required', 'jobs.0.title': 'Title is required' },
    });
  });

  it('carries the message key for product copy', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('', { status: 429 }));
    await expect(httpBaseQuery('/api/x', baseQueryApi(), {})).resolves.toEqual({
      error: {
        status: 429,
        kind: 'rateLimited',
        message: 'Please try again in a few minutes',
        messageKey: 'http.rateLimited',
      },
    });
  });

  it('passes silent on: the generic notice is kept back, the alerts are not', async () => {
    const notices: HttpNotice[] = [];
    const unsubscribe = onHttpNotice((notice) => notices.push(notice));
    fetchMock.mockResolvedValueOnce(fakeResponse('not json'));
    await httpBaseQuery({ url: '/api/x', silent: true }, baseQueryApi(), {});
    expect(notices).toEqual([]);
    fetchMock.mockResolvedValueOnce(fakeResponse('', { status: 503 }));
    const { error } = await httpBaseQuery({ url: '/api/x', silent: true }, baseQueryApi(), {});
    expect(notices.map((n) => n.kind)).toEqual(['serverError']);
    expect(isHttpAlert(error)).toBe(true);
    unsubscribe();
  });

  it('maps a network failure to kind network with status 0', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined); // the HTTP layer logs it
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(httpBaseQuery('/api/x', baseQueryApi(), {})).resolves.toEqual({
      error: {
        status: 0,
        kind: 'network',
        message: 'Failed to fetch data',
        messageKey: 'http.fetchFailed',
      },
    });
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('maps a cancelled request to kind aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    const result = await httpBaseQuery('/api/x', baseQueryApi(controller.signal), {});
    expect(result.error).toMatchObject({ status: 0, kind: 'aborted' });
  });

  it('rethrows programming errors', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(
      httpBaseQuery({ url: '/api/x', method: 'POST', body: circular }, baseQueryApi(), {}),
    ).rejects.toBeInstanceOf(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('works as the base query of an RTK Query API', async () => {
    const api = createApi({
      reducerPath: 'testApi',
      baseQuery: httpBaseQuery,
      endpoints: (build) => ({
        offers: build.query<string[], void>({
          query: () => '/api/offer/offers',
          transformResponse: (response: { data: { offers: string[] } }) => response.data.offers,
        }),
        badge: build.query<number, string>({ query: (domain) => ({ url: '/api/badge', params: { domain } }) }),
      }),
    });
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });

    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { offers: ['a', 'b'] } }));
    const offers = await store.dispatch(api.endpoints.offers.initiate());
    expect(offers.data).toEqual(['a', 'b']);

    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Unknown domain', code: 'not_found' }, { status: 404 }));
    const badge = await store.dispatch(api.endpoints.badge.initiate('acme.example'));
    expect(lastCall().url).toBe('/api/badge?domain=acme.example');
    const expected: HttpQueryError = { status: 404, kind: 'http', message: 'Unknown domain', code: 'not_found' };
    expect(badge.error).toEqual(expected);
  });
});
