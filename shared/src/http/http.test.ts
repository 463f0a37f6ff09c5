import { fakeResponse, jsonResponse, mockFetch, setGlobal } from '../testing/fakeWeb';
import type { HttpNotice } from './notices';

type HttpModule = typeof import('./index');

let http: HttpModule;
let fetchMock: ReturnType<typeof mockFetch>;
let notices: HttpNotice[];
let unsubscribe: () => void;

function setCsrfMeta(token: string): HTMLMetaElement {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = token;
  document.head.append(meta);
  return meta;
}

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: String(url), init, headers: (init.headers ?? {}) as Record<string, string> };
}

async function failure(promise: Promise<unknown>): Promise<InstanceType<HttpModule['ApiError']>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof http.ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  jest.isolateModules(() => {
    http = require('./index') as HttpModule;
  });
  fetchMock = mockFetch();
  fetchMock.mockResolvedValue(jsonResponse({ data: { ok: true } }));
  notices = [];
  unsubscribe = http.onHttpNotice((notice) => notices.push(notice));
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/careers/jobs');
});

afterEach(() => {
  unsubscribe();
  setGlobal('fetch', undefined);
  jest.restoreAllMocks();
});

describe('request: address', () => {
  it('builds the address from the path and query', async () => {
    await http.request('/api/pcsx/search', { query: { domain: 'acme.example', start: 0, sort_by: undefined } });
    expect(lastCall().url).toBe('/api/pcsx/search?domain=acme.example&start=0');
  });

  it('forwards the page’s debug parameter on every request', async () => {
    window.history.replaceState(null, '', '/careers/jobs?debug=ranking&x=1');
    await http.request('/api/pcsx/search', { query: { domain: 'acme.example' } });
    expect(lastCall().url).toBe('/api/pcsx/search?domain=acme.example&debug=ranking');
    await http.request('/api/pcsx/job_cart', { method: 'POST', body: { pids: ['1'] } });
    expect(lastCall().url).toBe('/api/pcsx/job_cart?debug=ranking');
  });

  it('forwards a debug parameter that has no value', async () => {
    window.history.replaceState(null, '', '/careers/jobs?debug');
    await http.request('/vslog?event=view');
    expect(lastCall().url).toBe('/vslog?event=view&debug=');
  });

  it('lets an explicit debug query win over the page’s', async () => {
    window.history.replaceState(null, '', '/careers/jobs?debug=1');
    await http.request('/api/x', { query: { debug: 'mine' } });
    expect(lastCall().url).toBe('/api/x?debug=mine');
  });

  it('adds no debug parameter when the page has none', async () => {
    await http.request('/api/x');
    expect(lastCall().url).toBe('/api/x');
  });
});

describe('request: headers and credentials', () => {
  beforeEach(() => {
    jest
      .spyOn(Intl, 'DateTimeFormat')
      .mockImplementation(() => ({ resolvedOptions: () => ({ timeZone: 'America/Toronto' }) }) as Intl.DateTimeFormat);
    http.configureHttp({ userId: 'u-42', groupId: 'acme.example' });
  });

  it('sends the CSRF token from the meta tag and cookies on a GET, without user headers', async () => {
    setCsrfMeta('token-1');
    await http.request('/api/pcsx/job_cart');
    const { init, headers } = lastCall();
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers['x-csrf-token']).toBe('token-1');
    expect(headers['x-careers-user']).toBeUndefined();
    expect(headers['x-careers-group']).toBeUndefined();
    expect(headers['x-careers-timezone']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('sends CSRF, user, group and time zone on a POST, with cookies', async () => {
    setCsrfMeta('token-1');
    await http.request('/api/pcsx/job_cart', { method: 'POST', body: { pids: ['1'], operation: 'add' } });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(headers).toMatchObject({
      'x-csrf-token': 'token-1',
      'x-careers-user': 'u-42',
      'x-careers-group': 'acme.example',
      'x-careers-timezone': 'America/Toronto',
    });
  });

  it('sends the same headers on DELETE', async () => {
    await http.request('/api/pcsx/draft_applications', { method: 'DELETE', body: { position_ids: ['1'] } });
    expect(lastCall().headers).toMatchObject({ 'x-careers-user': 'u-42', 'x-careers-group': 'acme.example' });
  });

  it('omits the user and group headers once cleared, and keeps the other field when one is changed', async () => {
    http.configureHttp({ userId: null });
    await http.request('/api/x', { method: 'POST', body: {} });
    expect(lastCall().headers['x-careers-user']).toBeUndefined();
    expect(lastCall().headers['x-careers-group']).toBe('acme.example');
  });

  it('sends no CSRF header when there is no token', async () => {
    await http.request('/api/x');
    expect(lastCall().headers).not.toHaveProperty('x-csrf-token');
  });

  it('serialises a JSON body with its content type', async () => {
    await http.request('/api/pcsx/profile_edit', {
      method: 'POST',
      body: { op_section: 'skills', op_data: { value: 'x', index: 0 } },
    });
    const { init, headers } = lastCall();
    expect(headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"op_section":"skills","op_data":{"value":"x","index":0}}');
  });

  it('sends FormData as it is, leaving the content type to the browser', async () => {
    const form = new FormData();
    form.append('resume_file_name', 'cv.pdf');
    await http.request('/api/pcsx/upload_resume', { method: 'POST', body: form });
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers).not.toHaveProperty('content-type');
  });

  it('passes signal and keepalive to fetch', async () => {
    const controller = new AbortController();
    await http.request('/vslog', { method: 'POST', body: {}, signal: controller.signal, keepalive: true });
    expect(lastCall().init.signal).toBe(controller.signal);
    expect(lastCall().init.keepalive).toBe(true);
  });
});

describe('request: CSRF token refresh', () => {
  it('uses a token from a response header on later requests and updates the meta tag', async () => {
    const meta = setCsrfMeta('old');
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: 1 }, { headers: { 'x-csrf-token': 'new' } }));
    await http.request('/api/x');
    expect(lastCall().headers['x-csrf-token']).toBe('old');

    await http.request('/api/y', { method: 'POST', body: {} });
    expect(lastCall().headers['x-csrf-token']).toBe('new');
    expect(meta.content).toBe('new');
    expect(http.getCsrfToken()).toBe('new');
  });

  it('keeps a refreshed token when the page has no meta tag', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}, { headers: { 'x-csrf-token': 'from-response' } }));
    await http.request('/api/x');
    await http.request('/api/y');
    expect(lastCall().headers['x-csrf-token']).toBe('from-response');
  });

  it('takes the token from a failed response too', async () => {
    setCsrfMeta('old');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'invalid_csrf', message: 'bad' }, { status: 403, headers: { 'x-csrf-token': 'retry' } }),
    );
    await expect(http.request('/api/x', { method: 'POST', body: {} })).rejects.toBeInstanceOf(http.ApiError);
    await http.request('/api/x', { method: 'POST', body: {} });
    expect(lastCall().headers['x-csrf-token']).toBe('retry');
  });

  it('keeps the current token when the response carries none', async () => {
    setCsrfMeta('steady');
    await http.request('/api/x');
    await http.request('/api/y');
    expect(lastCall().headers['x-csrf-token']).toBe('steady');
  });
});

describe('request: successful answers', () => {
  it('returns the parsed JSON body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { count: 3 } }));
    await expect(http.request<{ data: { count: number } }>('/api/x')).resolves.toEqual({ data: { count: 3 } });
  });

  it('returns undefined for 204 and for an empty body', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(null, { status: 204 }));
    await expect(http.request('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(fakeResponse('', { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(http.request('/api/x')).resolves.toBeUndefined();
  });

  it('fails with "Unexpected error occurred." for a body that is not JSON, and announces it', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('{"data":', { headers: { 'content-type': 'application/json' } }));
    const error = await failure(http.request('/api/x'));
    expect(error).toMatchObject({
      kind: 'unexpected',
      status: 200,
      message: 'Unexpected error occurred.',
      messageKey: 'http.unexpected',
    });
    expect(notices).toEqual([
      { kind: 'unexpected', status: 200, message: 'Unexpected error occurred.', messageKey: 'http.unexpected' },
    ]);
  });

  it('treats a non-empty text answer as unexpected whatever its content type', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('OK', { headers: { 'content-type': 'text/plain' } }));
    await expect(failure(http.request('/api/x'))).resolves.toMatchObject({ kind: 'unexpected' });
  });
});

describe('request: failures', () => {
  it('reports a redirect to the login page as "Session timed out."', async () => {
    fetchMock.mockResolvedValueOnce(
      fakeResponse('<html>login</html>', {
        status: 200,
        redirected: true,
        url: 'http://localhost/careers/login?next=%2Fcareers%2Fjobs',
      }),
    );
    const error = await failure(http.request('/api/pcsx/job_cart'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      kind: 'sessionTimedOut',
      message: 'Session timed out.',
      messageKey: 'http.sessionTimedOut',
      status: 200,
    });
    expect(notices).toEqual([
      { kind: 'sessionTimedOut', message: 'Session timed out.', messageKey: 'http.sessionTimedOut', status: 200 },
    ]);
  });

  it('does not treat a redirect elsewhere as a session timeout', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ data: 1 }, { redirected: true, url: 'http://localhost/api/pcsx/other' }),
    );
    await expect(http.request('/api/x')).resolves.toEqual({ data: 1 });
    expect(notices).toEqual([]);
  });

  it('reports an answer with the x-login header as "Session timed out."', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Login required' }, { status: 401, headers: { 'x-login': '1' } }),
    );
    const error = await failure(http.request('/api/x', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ kind: 'sessionTimedOut', message: 'Session timed out.', status: 401 });
    expect(notices.map((n) => n.kind)).toEqual(['sessionTimedOut']);
  });

  it('reports 403 invalid_csrf as "Invalid CSRF."', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { statusCode: 403, error: 'Forbidden', message: 'CSRF token mismatch', code: 'invalid_csrf' },
        { status: 403 },
      ),
    );
    const error = await failure(http.request('/api/x', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      kind: 'invalidCsrf',
      status: 403,
      message: 'Invalid CSRF.',
      messageKey: 'http.invalidCsrf',
      code: 'invalid_csrf',
    });
    expect(notices).toEqual([
      { kind: 'invalidCsrf', message: 'Invalid CSRF.', messageKey: 'http.invalidCsrf', status: 403 },
    ]);
  });

  it('reports any other 403 as a plain error with the server’s message and no notice', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { statusCode: 403, error: 'Forbidden', message: 'Not your domain', code: 'forbidden_domain' },
        { status: 403 },
      ),
    );
    const error = await failure(http.request('/api/x'));
    expect(error).toMatchObject({ kind: 'http', status: 403, message: 'Not your domain', code: 'forbidden_domain' });
    expect(error.messageKey).toBeUndefined();
    expect(notices).toEqual([]);
  });

  it('reports 429 as "Please try again in a few minutes"', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'slow down', code: 'rate_limited' }, { status: 429 }));
    const error = await failure(http.request('/api/x', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      kind: 'rateLimited',
      status: 429,
      message: 'Please try again in a few minutes',
      messageKey: 'http.rateLimited',
    });
    expect(notices.map((n) => n.kind)).toEqual(['rateLimited']);
  });

  it.each([500, 502, 503])('reports %i on a GET as "Server error. Please try again."', async (status) => {
    fetchMock.mockResolvedValueOnce(fakeResponse('<html>Bad gateway</html>', { status }));
    const error = await failure(http.request('/api/x'));
    expect(error).toMatchObject({
      kind: 'serverError',
      status,
      message: 'Server error. Please try again.',
      messageKey: 'http.serverError',
    });
    expect(error.body).toBe('<html>Bad gateway</html>');
    expect(notices).toEqual([
      { kind: 'serverError', status, message: 'Server error. Please try again.', messageKey: 'http.serverError' },
    ]);
  });

  it('reports 500 on a POST as a plain error without a notice', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Could not save' }, { status: 500 }));
    const error = await failure(http.request('/api/x', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'Could not save' });
    expect(notices).toEqual([]);
  });

  it('reports other errors with the message from the body, plus code and field', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { statusCode: 400, error: 'Bad Request', message: 'domain is required', code: 'validation', field: 'domain' },
        { status: 400 },
      ),
    );
    const error = await failure(http.request('/api/x'));
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'domain is required',
      code: 'validation',
      field: 'domain',
    });
    expect(error.body).toEqual(expect.objectContaining({ field: 'domain' }));
    expect(notices).toEqual([]);
  });

  it('uses "Error in api response" when an error answer has no usable message (docs/product/errors-and-limits.md#request-texts)', async () => {
    for (const [method, answer] of [
      ['GET', () => fakeResponse('<h1>Not Found</h1>', { status: 404 })],
      ['POST', () => jsonResponse({ statusCode: 500 }, { status: 500 })],
      ['DELETE', () => fakeResponse('', { status: 409 })],
    ] as const) {
      fetchMock.mockResolvedValueOnce(answer());
      const error = await failure(http.request('/api/x', { method }));
      expect(error).toMatchObject({ kind: 'http', message: 'Error in api response', messageKey: 'http.apiError' });
    }
    expect(notices).toEqual([]);
  });

  it('a GET that got no answer reads "Failed to fetch data", logged, without a notice (docs/product/errors-and-limits.md#request-texts)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValueOnce(cause);
    const error = await failure(http.request('/api/pcsx/search?query=nurse', { query: { location: 'Ottawa' } }));
    expect(error).toMatchObject({
      kind: 'network',
      status: 0,
      message: 'Failed to fetch data',
      messageKey: 'http.fetchFailed',
    });
    expect(error.cause).toBe(cause);
    // Logged with the method and path; never the query (the candidate's search words and place).
    expect(log).toHaveBeenCalledWith('[careers] GET /api/pcsx/search got no answer', cause);
    expect(JSON.stringify(log.mock.calls)).not.toMatch(/nurse|Ottawa/);
    expect(notices).toEqual([]);
  });

  it('a call that changes data and got no answer keeps "There was a problem with the request", logged', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(http.request('/api/pcsx/job_cart', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ kind: 'network', status: 0, messageKey: 'http.requestProblem' });
    expect(log).toHaveBeenCalledWith('[careers] POST /api/pcsx/job_cart got no answer', expect.any(TypeError));
  });

  it('a telemetry call that got no answer is not logged', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await failure(http.request('/vslog', { method: 'POST', body: {}, telemetry: true }));
    expect(log).not.toHaveBeenCalled();
  });

  it('an answer that breaks off before its body is read gives "Error with response" (docs/product/errors-and-limits.md#request-texts)', async () => {
    const cause = new TypeError('network error');
    const broken = fakeResponse('{"data":', { status: 200 });
    jest.spyOn(broken, 'text').mockRejectedValue(cause);
    fetchMock.mockResolvedValueOnce(broken);
    const error = await failure(http.request('/api/x'));
    expect(error).toMatchObject({
      kind: 'network',
      status: 200,
      message: 'Error with response',
      messageKey: 'http.responseError',
    });
    expect(error.cause).toBe(cause);
    expect(notices).toEqual([]);
  });

  it('an answer that breaks off still ends the session by its headers', async () => {
    const broken = fakeResponse('', { status: 401, headers: { 'x-login': '1' } });
    jest.spyOn(broken, 'text').mockRejectedValue(new TypeError('network error'));
    fetchMock.mockResolvedValueOnce(broken);
    const error = await failure(http.request('/api/x'));
    expect(error).toMatchObject({ kind: 'sessionTimedOut', message: 'Session timed out.' });
    expect(notices.map((notice) => notice.kind)).toEqual(['sessionTimedOut']);
  });

  it('a body that is not JSON stays "Unexpected error occurred." (docs/product/errors-and-limits.md#request-texts)', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('<html>maintenance</html>', { status: 200 }));
    const error = await failure(http.request('/api/x'));
    expect(error).toMatchObject({ kind: 'unexpected', message: 'Unexpected error occurred.' });
  });

  it('rethrows the AbortError when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValueOnce(abort);
    await expect(http.request('/api/x', { signal: controller.signal })).rejects.toBe(abort);
    expect(notices).toEqual([]);
  });
});

describe('request: silent and telemetry', () => {
  // docs/product/errors-and-limits.md#page-alerts: these four reach the candidate whatever the call; `silent` must never hide them.
  it.each<[string, () => Response, 'GET' | 'POST', string]>([
    [
      'sessionTimedOut',
      () => fakeResponse('', { status: 401, headers: { 'x-login': '1' } }),
      'POST',
      'Session timed out.',
    ],
    ['invalidCsrf', () => jsonResponse({ code: 'invalid_csrf' }, { status: 403 }), 'POST', 'Invalid CSRF.'],
    ['rateLimited', () => fakeResponse('', { status: 429 }), 'GET', 'Please try again in a few minutes'],
    ['serverError', () => fakeResponse('', { status: 500 }), 'GET', 'Server error. Please try again.'],
  ])('announces %s once even when the call is silent', async (kind, response, method, text) => {
    fetchMock.mockResolvedValueOnce(response());
    const error = await failure(http.request('/api/x', { method, silent: true }));
    expect(error.kind).toBe(kind);
    expect(notices).toEqual([expect.objectContaining({ kind, message: text })]);
    expect(http.isHttpAlert(error)).toBe(true);
  });

  it('keeps the generic notice (an answer that is not JSON) to a silent caller', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('not json'));
    const error = await failure(http.request('/api/x', { silent: true }));
    expect(error.kind).toBe('unexpected');
    expect(notices).toEqual([]);
    expect(http.isHttpAlert(error)).toBe(false);
    fetchMock.mockResolvedValueOnce(fakeResponse('not json'));
    await failure(http.request('/api/x'));
    expect(notices.map((n) => n.kind)).toEqual(['unexpected']);
  });

  it('announces nothing for a telemetry call, not even the alerts', async () => {
    for (const response of [
      fakeResponse('', { status: 401, headers: { 'x-login': '1' } }),
      fakeResponse('', { status: 429 }),
      jsonResponse({ code: 'invalid_csrf' }, { status: 403 }),
    ]) {
      fetchMock.mockResolvedValueOnce(response);
      await failure(http.request('/vslog', { method: 'POST', telemetry: true }));
    }
    expect(notices).toEqual([]);
  });

  it('gives a 403 other than CSRF without a message the permissions message (docs/product/errors-and-limits.md#request-texts), without a notice', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ statusCode: 403, code: 'forbidden_domain' }, { status: 403 }));
    const error = await failure(http.request('/api/x', { method: 'POST' }));
    expect(error).toMatchObject({
      kind: 'http',
      status: 403,
      code: 'forbidden_domain',
      messageKey: 'http.forbidden',
      message: 'User does not have permissions to perform this action',
    });
    expect(http.isHttpAlert(error)).toBe(false);
    expect(notices).toEqual([]);
  });
});

describe('onHttpNotice', () => {
  it('stops delivering after unsubscribe', async () => {
    unsubscribe();
    fetchMock.mockResolvedValueOnce(fakeResponse('', { status: 429 }));
    await expect(http.request('/api/x')).rejects.toBeInstanceOf(http.ApiError);
    expect(notices).toEqual([]);
  });

  it('keeps delivering to other listeners when one throws, and reports the listener error', async () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'reportError');
    const report = jest.fn();
    Object.defineProperty(globalThis, 'reportError', { value: report, configurable: true, writable: true });
    try {
      http.onHttpNotice(() => {
        throw new Error('listener bug');
      });
      const second: string[] = [];
      http.onHttpNotice((notice) => second.push(notice.kind));
      fetchMock.mockResolvedValueOnce(fakeResponse('', { status: 429 }));

      const error = await failure(http.request('/api/x'));
      expect(error.kind).toBe('rateLimited');
      expect(notices.map((n) => n.kind)).toEqual(['rateLimited']);
      expect(second).toEqual(['rateLimited']);
      expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener bug' }));
    } finally {
      if (original) Object.defineProperty(globalThis, 'reportError', original);
      else Reflect.deleteProperty(globalThis, 'reportError');
    }
  });
});
