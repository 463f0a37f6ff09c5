import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, TestClient, useTestApp, signedIn } from './helpers';

const ctx = useTestApp();

const views = () => ctx.db.selectFrom('page_views').selectAll().orderBy('id').execute();
const body = {
  namespace: 'pcsx',
  event: 'page_view',
  data_json: JSON.stringify({ page: 'jobs', position_id: 12, utm_source: 'mail' }),
};

describe('POST /vslog', () => {
  it('stores a page view with the candidate when signed in', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.post(`/vslog?domain=${DEMO_DOMAIN}&pid=12`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    const candidate = await ctx.db
      .selectFrom('candidates')
      .select('id')
      .where('email', '=', DEMO_CANDIDATE_EMAIL)
      .executeTakeFirstOrThrow();
    const [view] = (await views()).slice(-1);
    expect(view).toMatchObject({
      domain: DEMO_DOMAIN,
      candidate_id: candidate.id,
      pid: '12',
      namespace: 'pcsx',
      event: 'page_view',
      data_json: body.data_json,
    });
    expect(new Date(view!.created_at).toISOString()).toBe(view!.created_at);
  });

  it('stores an anonymous page view for a signed-out visitor, who has no session row', async () => {
    const client = new TestClient(ctx.app);
    const sessions = (await ctx.db.selectFrom('sessions').select('id').execute()).length;
    await client.get('/careers/login');
    expect(client.sessionCookie).toBeUndefined();
    const res = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, body);
    expect(res.statusCode).toBe(200);
    const [view] = (await views()).slice(-1);
    expect(view).toMatchObject({ candidate_id: null, pid: null });
    expect((await ctx.db.selectFrom('sessions').select('id').execute()).length).toBe(sessions);
  });

  it('needs the CSRF token and stores nothing without it', async () => {
    const before = (await views()).length;
    const client = new TestClient(ctx.app);
    await client.get('/careers/login');
    const res = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, body, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'invalid_csrf' });
    const noSession = await new TestClient(ctx.app).post(`/vslog?domain=${DEMO_DOMAIN}`, body);
    expect(noSession.statusCode).toBe(403);
    expect((await views()).length).toBe(before);
  });

  describe('validation', () => {
    let client: TestClient;
    beforeAll(async () => {
      client = new TestClient(ctx.app);
      await client.get('/careers/login');
    });

    it.each([
      ['not JSON', 'page=jobs'],
      ['a JSON array', '[1,2]'],
      ['JSON null', 'null'],
      ['a JSON string', '"jobs"'],
    ])('data_json that is %s → 400 naming data_json', async (_label, dataJson) => {
      const before = (await views()).length;
      const res = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, { ...body, data_json: dataJson });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/data_json must be the JSON text of an object',
        code: 'validation',
        field: 'data_json',
      });
      expect((await views()).length).toBe(before);
    });

    it('missing namespace, bad pid, namespace twice and different, extra field', async () => {
      const { namespace: _n, ...withoutNamespace } = body;
      const cases: Array<[string, unknown, string, string]> = [
        [
          `/vslog?domain=${DEMO_DOMAIN}`,
          withoutNamespace,
          'namespace',
          'body/namespace is required (or querystring/namespace)',
        ],
        [`/vslog?domain=${DEMO_DOMAIN}&pid=12a`, body, 'pid', 'querystring/pid must match pattern "^[0-9]*$"'],
        [
          `/vslog?domain=${DEMO_DOMAIN}&namespace=other`,
          body,
          'namespace',
          'body/namespace and querystring/namespace differ; send it once',
        ],
        [`/vslog?domain=${DEMO_DOMAIN}`, { ...body, extra: 1 }, 'extra', 'body/extra is not an accepted field'],
        [
          `/vslog?domain=${DEMO_DOMAIN}`,
          { ...body, data_json: 'x'.repeat(8193) },
          'data_json',
          'body/data_json must NOT have more than 8192 characters',
        ],
      ];
      for (const [url, payload, field, message] of cases) {
        const res = await client.post(url, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ field, message });
      }
    });

    it('without a domain, logs for the employer of the session, else the default one', async () => {
      const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
      expect((await casey.post('/vslog', body)).statusCode).toBe(200);
      expect((await views()).slice(-1)[0]).toMatchObject({ domain: DEMO_DOMAIN, candidate_id: expect.any(Number) });

      const res = await client.post('/vslog', body);
      expect(res.statusCode).toBe(200);
      const [view] = (await views()).slice(-1);
      expect(view).toMatchObject({ domain: DEMO_DOMAIN, namespace: 'pcsx', event: 'page_view' });
    });

    it('takes event and namespace from the query with data_json in the body (timing)', async () => {
      const timing = JSON.stringify({ ttfb: 120, page: 'jobs' });
      const res = await client.post('/vslog?event=timing&namespace=perf', { data_json: timing });
      expect(res.statusCode).toBe(200);
      const [view] = (await views()).slice(-1);
      expect(view).toMatchObject({ domain: DEMO_DOMAIN, namespace: 'perf', event: 'timing', data_json: timing });
    });

    it('unknown employer → 404', async () => {
      const res = await client.post('/vslog?domain=nobody.example', body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    });
  });
});
