import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
let client: TestClient;

beforeAll(async () => {
  client = new TestClient(ctx.app);
  await client.login(DEMO_CANDIDATE_EMAIL);
});

const expectValidation = (
  res: { statusCode: number; json: () => unknown },
  field: string | undefined,
  message: string | RegExp,
) => {
  expect(res.statusCode).toBe(400);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'validation' });
  expect(body.field).toBe(field);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
};

describe('request validation (400 naming the field)', () => {
  it('a missing domain in the query means the employer of the session', async () => {
    const res = await client.get('/api/pcsx/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await client.get(`/api/pcsx/notifications?domain=${DEMO_DOMAIN}`)).json());
  });

  it('another employer in the query of a POST call → 403; a malformed one → 400', async () => {
    const foreign = await client.post('/api/pcsx/notifications/mark_all_viewed?domain=other.example', {});
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'forbidden_domain', field: 'domain' });
    expectValidation(
      await client.post(`/api/pcsx/notifications/mark_all_viewed?domain=${DEMO_DOMAIN}&domain=x.example`, {}),
      'domain',
      'querystring/domain must be one employer domain, for example acme.example',
    );
  });

  it('malformed domain', async () => {
    expectValidation(
      await client.get('/api/pcsx/notification_badge?domain=acme_example!'),
      'domain',
      'querystring/domain must match pattern "^[A-Za-z0-9.-]+$"',
    );
  });

  it('repeated domain parameter', async () => {
    expectValidation(
      await client.get(`/api/pcsx/notification_badge?domain=${DEMO_DOMAIN}&domain=x.example`),
      'domain',
      'querystring/domain must be a string',
    );
  });

  it('bad type_filter', async () => {
    expectValidation(
      await client.get(`/api/pcsx/notifications?domain=${DEMO_DOMAIN}&type_filter=read_only`),
      'type_filter',
      'querystring/type_filter must be equal to "action_required"',
    );
  });

  it('a __proto__ query parameter is an unknown field, not a prototype', async () => {
    expectValidation(
      await client.get(`/api/pcsx/notifications?domain=${DEMO_DOMAIN}&__proto__=1`),
      '__proto__',
      'querystring/__proto__ is not an accepted field',
    );
  });

  it('unknown query parameter', async () => {
    expectValidation(
      await client.get(`/api/pcsx/notifications?domain=${DEMO_DOMAIN}&page=2`),
      'page',
      'querystring/page is not an accepted field',
    );
  });

  it.each([
    ['abc', 'params/id must be an integer'],
    ['1.5', 'params/id must be an integer'],
    ['0', 'params/id must be >= 1'],
    ['-4', 'params/id must be >= 1'],
    ['99999999999', 'params/id must be <= 2147483647'],
  ])('bad notification id %j', async (id, message) => {
    expectValidation(
      await client.post(`/api/pcsx/notifications/${id}/mark_clicked`, { domain: DEMO_DOMAIN }),
      'id',
      message,
    );
  });

  it('a missing domain in the body means the employer of the session', async () => {
    const res = await client.post('/api/pcsx/notifications/mark_all_viewed', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { updated: expect.any(Number) } });
  });

  it('a missing required field', async () => {
    expectValidation(
      await client.post('/api/pcsx/profile_bootstrap', { firstname: 'Casey', lastname: 'Jordan' }),
      'location',
      'body/location is required',
    );
  });

  it('extra body property', async () => {
    expectValidation(
      await client.post('/api/pcsx/notifications/mark_all_viewed', { domain: DEMO_DOMAIN, everything: true }),
      'everything',
      'body/everything is not an accepted field',
    );
  });

  it('wrong JSON types are not coerced', async () => {
    expectValidation(
      await client.post('/api/pcsx/notifications/mark_all_viewed', { domain: 42 }),
      'domain',
      'body/domain must be a string',
    );
    expectValidation(
      await client.post('/api/pcsx/notifications/mark_all_viewed', { domain: [DEMO_DOMAIN] }),
      'domain',
      'body/domain must be a string',
    );
    expectValidation(
      await client.post('/api/pcsx/notifications/mark_all_viewed', { domain: '' }),
      'domain',
      'body/domain must not be empty',
    );
  });

  it('a body that is not an object', async () => {
    const res = await client.request({
      method: 'POST',
      url: '/api/pcsx/notifications/mark_all_viewed',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expectValidation(res, undefined, 'body must be an object');
  });

  it('a missing body where the call has required fields', async () => {
    const res = await client.request({ method: 'POST', url: '/api/pcsx/profile_bootstrap' });
    expectValidation(res, undefined, 'body must be an object');
  });
});

describe('transport errors', () => {
  it('malformed JSON → 400', async () => {
    const res = await client.request({
      method: 'POST',
      url: '/api/pcsx/notifications/mark_all_viewed',
      payload: '{"domain": "acme.example",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Request body is not valid JSON.',
      code: 'invalid_json',
    });
  });

  it('empty JSON body → 400 where the call has required fields', async () => {
    const res = await client.request({
      method: 'POST',
      url: '/api/pcsx/profile_bootstrap',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_json' });
  });

  it.each(['application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined])(
    'an empty body (content type %s) where every field is optional → read as {}',
    async (contentType) => {
      const res = await client.request({
        method: 'POST',
        url: '/api/pcsx/notifications/mark_all_viewed',
        payload: '',
        headers: contentType === undefined ? {} : { 'content-type': contentType },
      });
      expect(res.statusCode).toBe(200);
    },
  );

  it('prototype pollution attempt → 400', async () => {
    const res = await client.request({
      method: 'POST',
      url: '/api/pcsx/notifications/mark_all_viewed',
      payload: '{"domain":"acme.example","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'content type %s on a JSON call → 415',
    async (contentType) => {
      const res = await client.request({
        method: 'POST',
        url: '/api/pcsx/notifications/mark_all_viewed',
        payload: 'domain=acme.example',
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        statusCode: 415,
        error: 'Unsupported Media Type',
        code: 'unsupported_media_type',
      });
    },
  );

  it('a body over the size limit → 413', async () => {
    const res = await client.request({
      method: 'POST',
      url: `/vslog?domain=${DEMO_DOMAIN}`,
      payload: JSON.stringify({ namespace: 'x', event: 'y', data_json: 'z'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });

  it('an undecodable URL → 400 in the common error shape', async () => {
    const res = await client.get('/careers/%zz');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "'/careers/%zz' is not a valid url component.",
      code: 'bad_request',
    });
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/pcsx/notifications/unknown'],
    ['DELETE', '/api/pcsx/notifications'],
    ['GET', '/not-a-page'],
  ])('%s %s → 404 JSON', async (method, url) => {
    const res = await client.request({ method: method as 'GET', url, csrf: false });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${method} ${url} not found.`,
      code: 'not_found',
    });
  });
});

describe('the page debug parameter', () => {
  it('is accepted on every call and does not trip strict query validation', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}&debug=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.groupId).toBe(DEMO_DOMAIN);
    const badge = await client.get(`/api/pcsx/notification_badge?domain=${DEMO_DOMAIN}&debug=`);
    expect(badge.statusCode).toBe(200);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}&other=1`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('other');
  });
});
