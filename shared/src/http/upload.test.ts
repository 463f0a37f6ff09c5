import { ApiError } from './apiError';
import { configureHttp } from './http';
import { getCsrfToken } from './csrf';
import { onHttpNotice, type HttpNotice } from './notices';
import { upload } from './upload';
import { FakeXhr, installFakeXhr, type InstalledFakeXhr } from '../testing/fakeXhr';

let xhrs: InstalledFakeXhr;
let notices: HttpNotice[];
let unsubscribe: () => void;

const lastXhr = () => xhrs.last();

function form(): FormData {
  const data = new FormData();
  data.append('domain', 'acme.example');
  data.append('signed_offer_letter_pdf_file', new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' }));
  return data;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the upload to fail');
}

beforeEach(() => {
  xhrs = installFakeXhr();
  document.head.innerHTML = '<meta name="csrf-token" content="token-1">';
  window.history.replaceState(null, '', '/careers/offer-letter/abc12345');
  configureHttp({ userId: 'u-1', groupId: 'acme.example' });
  notices = [];
  unsubscribe = onHttpNotice((notice) => notices.push(notice));
});

afterEach(() => {
  unsubscribe();
  configureHttp({ userId: null, groupId: null });
  xhrs.restore();
});

describe('upload', () => {
  it('sends the form with the same headers as request (CSRF, user, group, time zone) and cookies', async () => {
    const body = form();
    const done = upload('/api/offer/offers/abc12345/accept', body);
    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/offer/offers/abc12345/accept');
    expect(xhr.async).toBe(true);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toMatchObject({
      accept: 'application/json',
      'x-csrf-token': 'token-1',
      'x-careers-user': 'u-1',
      'x-careers-group': 'acme.example',
    });
    expect(xhr.headers['x-careers-timezone']).toBeTruthy();
    // The browser sets the multipart content type with its boundary.
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.body).toBe(body);
    xhr.respond(200, { data: { offer: { status: 'Accepted' } } });
    await expect(done).resolves.toEqual({ data: { offer: { status: 'Accepted' } } });
  });

  it('encodes the query and forwards the page’s debug parameter', async () => {
    window.history.replaceState(null, '', '/careers/offers?debug=1');
    const done = upload('/api/upload', form(), { query: { domain: 'acme.example' }, method: 'PUT' });
    expect(lastXhr().url).toBe('/api/upload?domain=acme.example&debug=1');
    expect(lastXhr().method).toBe('PUT');
    lastXhr().respond(204, undefined);
    await expect(done).resolves.toBeUndefined();
  });

  it('reports progress, and 100% once the body has been sent', async () => {
    const progress: number[] = [];
    const done = upload('/api/upload', form(), { onProgress: (p) => progress.push(p.fraction) });
    const xhr = lastXhr();
    xhr.progress(25, 100);
    xhr.progress(50, 100);
    xhr.uploaded(100);
    xhr.respond(200, { data: {} });
    await done;
    expect(progress).toEqual([0.25, 0.5, 1]);
  });

  it('turns an error answer into an ApiError with the server message, without a page notice', async () => {
    const done = upload('/api/upload', form());
    lastXhr().respond(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'The offer is no longer open.',
      code: 'conflict',
    });
    const error = (await rejection(done)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 409,
      message: 'The offer is no longer open.',
      code: 'conflict',
    });
    expect(error.messageKey).toBeUndefined();
    expect(notices).toEqual([]);
  });

  it('announces a rate limit like request does, silent or not (docs/product/errors-and-limits.md#page-alerts)', async () => {
    const loud = upload('/api/upload', form());
    lastXhr().respond(429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' });
    expect(await rejection(loud)).toMatchObject({ kind: 'rateLimited', messageKey: 'http.rateLimited' });
    expect(notices.map((n) => n.kind)).toEqual(['rateLimited']);

    const quiet = upload('/api/upload', form(), { silent: true });
    lastXhr().respond(429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' });
    await rejection(quiet);
    expect(notices.map((n) => n.kind)).toEqual(['rateLimited', 'rateLimited']);
  });

  it('keeps the generic notice (an answer that is not JSON) to a silent caller', async () => {
    const quiet = upload('/api/upload', form(), { silent: true });
    lastXhr().respond(200, 'not json');
    expect(await rejection(quiet)).toMatchObject({ kind: 'unexpected' });
    expect(notices).toEqual([]);
  });

  it('detects the end of the session (redirect to the login page, or the x-login header)', async () => {
    const redirected = upload('/api/upload', form());
    lastXhr().respond(200, '<html></html>', {}, `${window.location.origin}/careers/login?next=x`);
    expect(await rejection(redirected)).toMatchObject({ kind: 'sessionTimedOut' });

    const header = upload('/api/upload', form());
    lastXhr().respond(401, { message: 'Login required' }, { 'x-login': '1' });
    expect(await rejection(header)).toMatchObject({ kind: 'sessionTimedOut' });
  });

  it('takes a fresh CSRF token from the answer', async () => {
    const done = upload('/api/upload', form());
    lastXhr().respond(200, { data: {} }, { 'x-csrf-token': 'token-2' });
    await done;
    expect(getCsrfToken()).toBe('token-2');
  });

  it('rejects a successful answer that is not JSON as unexpected', async () => {
    const done = upload('/api/upload', form());
    lastXhr().respond(200, 'not json');
    expect(await rejection(done)).toMatchObject({ kind: 'unexpected' });
  });

  it('gives a network error when there is no answer, logged', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const done = upload('/api/upload', form());
    lastXhr().emit('error');
    // A POST got no answer: "There was a problem with the request" (not "Failed to fetch data": it was sending).
    expect(await rejection(done)).toMatchObject({ kind: 'network', status: 0, messageKey: 'http.requestProblem' });
    expect(log).toHaveBeenCalledWith('[careers] POST /api/upload got no answer', expect.any(Error));
    log.mockRestore();
  });

  it('aborts with the signal and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const done = upload('/api/upload', form(), { signal: controller.signal });
    controller.abort();
    expect(lastXhr().aborted).toBe(true);
    expect(await rejection(done)).toMatchObject({ name: 'AbortError' });

    const before = FakeXhr.instances.length;
    expect(await rejection(upload('/api/upload', form(), { signal: controller.signal }))).toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.instances).toHaveLength(before);
  });
});
