import type { FastifyInstance } from 'fastify';
import {
  buildApp,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_NEW_EMAIL,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  TestClient,
  useTestApp,
  signedIn,
} from './helpers';
import { LOGIN_LIMITS } from '../src/auth/login-service';
import { createRateLimiter } from '../src/auth/rate-limit';
import { ANONYMOUS_COOKIE } from '../src/auth/sessions';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { VSLOG_LIMITS } from '../src/vslog/routes';

const ctx = useTestApp();

const sessionRows = async () => (await ctx.db.selectFrom('sessions').select('id').execute()).length;
const pageViews = async () => (await ctx.db.selectFrom('page_views').select('id').execute()).length;
const clearLimits = () => ctx.db.deleteFrom('rate_limits').execute();

const bootData = async (client: TestClient) =>
  (await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`)).json() as {
    data: { isLoggedIn: boolean };
  };

/** A signed-out browser opens the sign-in page and signs in as Casey through the HTML form, with `next`. */
async function formSignIn(next: string) {
  const client = new TestClient(ctx.app);
  await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
  const res = await client.postLoginForm({ next });
  return { client, res };
}

/** A second server process on the same database (as behind a load balancer), closed after the test file. */
async function secondProcess(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ db: ctx.db, config: { ...ctx.config, ...overrides } });
  apps.push(app);
  return app;
}
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});
afterEach(clearLimits);

/** A `Location` header a browser follows on this site: printable ASCII, one leading `/`, same origin. */
function expectOnSite(location: unknown): void {
  expect(typeof location).toBe('string');
  const value = location as string;
  expect(value).toMatch(/^\/[\x21-\x7e]*$/);
  expect(value.startsWith('//')).toBe(false);
  expect(new URL(value, 'https://careers.example').origin).toBe('https://careers.example');
}

describe('redirect targets are percent-encoded before any session changes (finding 1)', () => {
  const encoded: Array<[string, string]> = [
    ['/☃', '/%E2%98%83'],
    ['/é', '/%C3%A9'],
    ['/careers/offers?domain=acme.example&q=café#ü', '/careers/offers?domain=acme.example&q=caf%C3%A9#%C3%BC'],
  ];
  const offSite = ['//evil.example', '/\\evil.example', 'https://evil.example', '/.//evil.example', '/\t/evil'];

  it.each(encoded)('GET /careers/login?next=%j sends a signed-in candidate to %s', async (next, location) => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.get(`/careers/login?domain=${DEMO_DOMAIN}&next=${encodeURIComponent(next)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(location);
    expectOnSite(res.headers.location);
    expect((await bootData(client)).data.isLoggedIn).toBe(true);
  });

  it('GET /careers/login?next=/%E2%98%83 (raw in the address) renders the form with the encoded target', async () => {
    const res = await new TestClient(ctx.app).get(`/careers/login?domain=${DEMO_DOMAIN}&next=/%E2%98%83`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<input type="hidden" name="next" value="/%E2%98%83">');
  });

  it.each(encoded)('form sign-in with next=%j signs in and redirects to %s', async (next, location) => {
    const { client, res } = await formSignIn(next);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(location);
    expect(String(res.headers['set-cookie'])).toMatch(/^careers_sid=[A-Za-z0-9_-]{43};/);
    expect(res.headers['content-security-policy']).toBeUndefined(); // a redirect, not the error page
    expect((await bootData(client)).data.isLoggedIn).toBe(true);
  });

  it.each(encoded)('JSON sign-in answers next=%j as %s', async (next, location) => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const res = await client.post('/api/auth/login', {
      email: DEMO_CANDIDATE_EMAIL,
      password: DEMO_PASSWORD,
      domain: DEMO_DOMAIN,
      next,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.next).toBe(location);
  });

  it.each(encoded)('form sign-out with next=%j signs out and redirects to %s', async (next, location) => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.postForm('/api/auth/logout', { _csrf: client.csrfToken!, next });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(location);
    expect((await bootData(client)).data.isLoggedIn).toBe(false);
  });

  it.each(offSite)('never leaves the site for next=%j (login page, form sign-in, form sign-out)', async (next) => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const page = await casey.get(`/careers/login?domain=${DEMO_DOMAIN}&next=${encodeURIComponent(next)}`);
    expect(page.headers.location).toBe('/careers');

    const { client, res: login } = await formSignIn(next);
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/careers');
    const logout = await client.postForm('/api/auth/logout', { _csrf: client.csrfToken!, next });
    expect(logout.headers.location).toBe('/careers');
  });

  it.each(['/%2F%2Fevil.example', '/%5Cevil.example', '/%0a/evil', '/%E2%98%83'])(
    'keeps the encoded path %j as it is, on this site',
    async (next) => {
      const { res } = await formSignIn(next);
      expect(res.headers.location).toBe(next);
      expectOnSite(res.headers.location);
    },
  );
});

describe('no session row until sign-in; a stateless anonymous CSRF token (findings 2 and 4)', () => {
  it('cookieless page loads write no session row, and their tokens work for sign-in and /vslog', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 20; i += 1) {
      for (const url of ['/careers', '/careers/offers', `/careers/login?domain=${DEMO_DOMAIN}`]) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['set-cookie'])).toMatch(/^careers_anon=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly;/);
      }
    }
    expect(await sessionRows()).toBe(before);

    const client = new TestClient(ctx.app);
    await client.get('/careers');
    const view = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, { namespace: 'n', event: 'e', data_json: '{}' });
    expect(view.statusCode).toBe(200);
    expect(await sessionRows()).toBe(before);
    const login = await client.post('/api/auth/login', {
      email: DEMO_CANDIDATE_EMAIL,
      password: DEMO_PASSWORD,
      domain: DEMO_DOMAIN,
    });
    expect(login.statusCode).toBe(200);
    expect(await sessionRows()).toBe(before + 1);
  });

  it('keeps the anonymous id and token across page loads (several tabs share one token)', async () => {
    const client = new TestClient(ctx.app);
    await client.get('/careers');
    const first = client.csrfToken;
    const again = await client.get('/careers/offers');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(client.csrfToken).toBe(first);
  });

  it('binds the token to its own browser: another cookie, no cookie or a forged cookie are refused', async () => {
    const alice = new TestClient(ctx.app);
    await alice.get('/careers');
    const mallory = new TestClient(ctx.app);
    await mallory.get('/careers');
    const body = { email: DEMO_CANDIDATE_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN };
    const swapped = await mallory.post('/api/auth/login', body, { headers: { 'x-csrf-token': alice.csrfToken! } });
    expect(swapped.statusCode).toBe(403);
    expect(swapped.json()).toMatchObject({ code: 'invalid_csrf' });

    const noCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
      headers: { 'x-csrf-token': alice.csrfToken! },
    });
    expect(noCookie.statusCode).toBe(403);

    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
      headers: { 'x-csrf-token': 'A'.repeat(43), cookie: `${ANONYMOUS_COOKIE}=${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('a token from one server process is accepted by another on the same database (one stored key)', async () => {
    const other = await secondProcess();
    const page = await ctx.app.inject({ method: 'GET', url: '/careers' });
    const anonymous = (page.cookies as Array<{ name: string; value: string }>).find(
      (cookie) => cookie.name === ANONYMOUS_COOKIE,
    )!.value;
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)![1]!;
    const res = await other.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_CANDIDATE_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN },
      headers: { cookie: `${ANONYMOUS_COOKIE}=${anonymous}`, 'x-csrf-token': token },
    });
    expect(res.statusCode).toBe(200);
    const secrets = await ctx.db.selectFrom('server_secrets').select('name').orderBy('name').execute();
    expect(secrets).toEqual([{ name: 'account-tokens' }, { name: 'anonymous-csrf' }]);
  });
});

describe('sign-in limits in the database, per account (findings 2 and 3)', () => {
  // Each failed attempt runs a real scrypt check (about 40 ms), and some tests make over a hundred.
  jest.setTimeout(60_000);
  const fail = (client: TestClient, email: string, headers: Record<string, string> = {}) =>
    client.post('/api/auth/login', { email, password: 'not-the-password', domain: DEMO_DOMAIN }, { headers });
  const succeed = (client: TestClient, email: string, headers: Record<string, string> = {}) =>
    client.post('/api/auth/login', { email, password: DEMO_PASSWORD, domain: DEMO_DOMAIN }, { headers });

  async function anonymousClient(app: FastifyInstance): Promise<TestClient> {
    const client = new TestClient(app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    return client;
  }

  it('failures on account A, counted across two processes, never lock account B', async () => {
    const other = await secondProcess();
    const a = await anonymousClient(ctx.app);
    const b = await anonymousClient(other);
    const { limit } = LOGIN_LIMITS.accountAndAddress;
    for (let i = 0; i < limit; i += 1) {
      // Alternate processes: the limit counts in the database, not in one process.
      expect((await fail(i % 2 === 0 ? a : b, DEMO_OTHER_EMAIL)).statusCode).toBe(401);
    }
    expect((await succeed(a, DEMO_OTHER_EMAIL)).statusCode).toBe(429);
    expect((await succeed(b, DEMO_OTHER_EMAIL)).statusCode).toBe(429);
    expect((await succeed(b, DEMO_CANDIDATE_EMAIL)).statusCode).toBe(200);
  });

  it('after 100+ failures from one proxy address on many emails, other accounts still sign in (TRUST_PROXY=false)', async () => {
    const client = await anonymousClient(ctx.app);
    for (let i = 0; i < LOGIN_LIMITS.address.limit + 5; i += 1) {
      expect((await fail(client, `nobody-${i}@example.com`)).statusCode).toBe(401);
    }
    expect((await succeed(client, DEMO_CANDIDATE_EMAIL)).statusCode).toBe(200);
  });

  it('with TRUST_PROXY naming the proxy, one client address spraying many emails is stopped, others are not', async () => {
    const proxied = await secondProcess({ trustProxy: ['127.0.0.1'] });
    const client = await anonymousClient(proxied);
    const sprayer = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < LOGIN_LIMITS.address.limit; i += 1) {
      expect((await fail(client, `nobody-${i}@example.com`, sprayer)).statusCode).toBe(401);
    }
    const blocked = await succeed(client, DEMO_CANDIDATE_EMAIL, sprayer);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Another candidate behind the same proxy, from their own address, is not punished.
    expect((await succeed(client, DEMO_CANDIDATE_EMAIL, { 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(200);
  });

  it('with TRUST_PROXY, an account guessed from many addresses is locked for every address', async () => {
    const proxied = await secondProcess({ trustProxy: ['127.0.0.1'] });
    const client = await anonymousClient(proxied);
    const perAddress = LOGIN_LIMITS.accountAndAddress.limit;
    const addresses = Math.ceil(LOGIN_LIMITS.account.limit / perAddress);
    for (let a = 0; a < addresses; a += 1) {
      for (let i = 0; i < perAddress; i += 1) {
        const res = await fail(client, DEMO_OTHER_EMAIL, { 'x-forwarded-for': `203.0.113.${a + 1}` });
        expect(res.statusCode).toBe(401);
      }
    }
    const fresh = { 'x-forwarded-for': '198.51.100.9' };
    expect((await succeed(client, DEMO_OTHER_EMAIL, fresh)).statusCode).toBe(429);
    expect((await succeed(client, DEMO_NEW_EMAIL, fresh)).statusCode).toBe(200);
  });

  it('a successful sign-in clears the account counters', async () => {
    const client = await anonymousClient(ctx.app);
    for (let i = 0; i < LOGIN_LIMITS.accountAndAddress.limit - 1; i += 1) {
      expect((await fail(client, DEMO_CANDIDATE_EMAIL)).statusCode).toBe(401);
    }
    expect((await succeed(client, DEMO_CANDIDATE_EMAIL)).statusCode).toBe(200);
    const again = await anonymousClient(ctx.app);
    for (let i = 0; i < LOGIN_LIMITS.accountAndAddress.limit - 1; i += 1) {
      expect((await fail(again, DEMO_CANDIDATE_EMAIL)).statusCode).toBe(401);
    }
    expect((await succeed(again, DEMO_CANDIDATE_EMAIL)).statusCode).toBe(200);
  });
});

describe('the database rate limiter', () => {
  const rule = { name: 'test:rule', limit: 3, windowMs: 60_000 };

  it('counts atomically under concurrency, blocks past the limit and restarts after the window', async () => {
    const limiter = createRateLimiter(ctx.db);
    const now = new Date('2030-01-01T00:00:00.000Z');
    const hits = await Promise.all(Array.from({ length: 12 }, () => limiter.hit(rule, 'subject', now)));
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(hits.filter((hit) => hit.blocked)).toHaveLength(9);
    const later = new Date(now.getTime() + 15_000);
    expect(await limiter.hit(rule, 'subject', later)).toEqual({ count: 13, blocked: true, retryAfterMs: 45_000 });
    expect((await limiter.hit(rule, 'other', later)).blocked).toBe(false);
    const next = new Date(now.getTime() + 60_000);
    expect(await limiter.hit(rule, 'subject', next)).toEqual({ count: 1, blocked: false, retryAfterMs: 60_000 });
  });

  it('stores no subject in clear and purges ended windows', async () => {
    const limiter = createRateLimiter(ctx.db);
    const now = new Date('2030-01-01T00:00:00.000Z');
    await limiter.hit(rule, 'casey@example.com', now);
    await limiter.hit({ ...rule, windowMs: 120_000 }, 'kept', now);
    const rows = await ctx.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.map((row) => row.key).every((key) => /^[0-9a-f]{64}$/.test(key))).toBe(true);
    expect(await limiter.purgeExpired(new Date(now.getTime() + 60_000))).toBe(1);
    expect(await ctx.db.selectFrom('rate_limits').select('key').execute()).toHaveLength(1);
  });
});

describe('/vslog limits (findings 2 and 5)', () => {
  jest.setTimeout(60_000);
  const post = (client: TestClient, headers: Record<string, string> = {}) =>
    client.post(`/vslog?domain=${DEMO_DOMAIN}`, { namespace: 'n', event: 'e', data_json: '{}' }, { headers });

  it(`takes ${VSLOG_LIMITS.browser.limit} posts a minute from one browser, then 429 with Retry-After, storing nothing`, async () => {
    const client = new TestClient(ctx.app);
    await client.get('/careers');
    for (let i = 0; i < VSLOG_LIMITS.browser.limit; i += 1) expect((await post(client)).statusCode).toBe(200);
    const before = await pageViews();
    const refused = await post(client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await pageViews()).toBe(before);
    // Another browser is not concerned.
    const other = new TestClient(ctx.app);
    await other.get('/careers');
    expect((await post(other)).statusCode).toBe(200);
  });

  it(`takes ${VSLOG_LIMITS.address.limit} posts a minute from one address, however many anonymous ids it mints`, async () => {
    let posted = 0;
    let client = new TestClient(ctx.app);
    while (posted < VSLOG_LIMITS.address.limit) {
      if (posted % VSLOG_LIMITS.browser.limit === 0) {
        client = new TestClient(ctx.app);
        await client.get('/careers');
      }
      expect((await post(client)).statusCode).toBe(200);
      posted += 1;
    }
    const fresh = new TestClient(ctx.app);
    await fresh.get('/careers');
    expect((await post(fresh)).statusCode).toBe(429);
  });

  it('refuses a body larger than the route allows before reading it', async () => {
    const client = new TestClient(ctx.app);
    await client.get('/careers');
    const res = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, {
      namespace: 'n',
      event: 'e',
      data_json: '{}',
      padding: 'x'.repeat(70 * 1024),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('/logout from another site asks for a click (finding 6)', () => {
  const PAGE = '/api/auth/logout?domain=acme.example&next=%2Fcareers';
  const SCRIPT = '<script src="/server-assets/logout.js" defer></script>';

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none (typed or bookmarked)', { 'sec-fetch-site': 'none' }],
    ['no Fetch Metadata, Referer on this site', { referer: 'http://localhost:80/careers/offers' }],
  ])('signs out at once (auto-posting page) for %s', async (_label, headers) => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const page = await client.get(PAGE, { host: 'localhost', ...headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SCRIPT);
    expect(page.body).toContain('Signing you out…');
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['no Fetch Metadata, Referer of another site', { referer: 'https://evil.example/' }],
    ['no Fetch Metadata and no Referer', {}],
  ])('asks for a click and keeps the session for %s', async (_label, headers) => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const viaLink = await client.get('/logout', { host: 'localhost', ...headers });
    expect(viaLink.statusCode).toBe(302);
    const page = await client.get(String(viaLink.headers.location), { host: 'localhost', ...headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('<h1 id="logout-heading">Do you want to sign out?</h1>');
    expect(page.body).toContain('did not come from this careers site');
    expect(page.body).toMatch(/<button type="submit" class="button">Sign out<\/button>/);
    expect(page.body).toContain('<a href="/careers?domain=acme.example">Stay signed in</a>');
    expect((await bootData(client)).data.isLoggedIn).toBe(true);

    // The click posts the form with its token: signed out.
    const click = await client.postForm('/api/auth/logout', { _csrf: client.csrfToken!, next: '/careers' });
    expect(click.statusCode).toBe(303);
    expect((await bootData(client)).data.isLoggedIn).toBe(false);
  });

  it('speaks French on the confirmation page', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const page = await client.get(`${PAGE}&hl=fr-CA`, { 'sec-fetch-site': 'cross-site' });
    expect(page.body).toContain('Voulez-vous vous déconnecter?');
    expect(page.body).toContain('Rester connecté');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [{}, false],
    [{ TRUST_PROXY: 'false' }, false],
    [{ TRUST_PROXY: 'true' }, true],
    [{ TRUST_PROXY: '10.0.0.5' }, ['10.0.0.5']],
    [{ TRUST_PROXY: '10.0.0.0/8, ::1, loopback' }, ['10.0.0.0/8', '::1', 'loopback']],
  ])('reads %j', (env, expected) => {
    expect(loadConfig(env).trustProxy).toEqual(expected);
  });

  it.each(['10.0.0.0/33', 'proxy.internal', '2'])('refuses TRUST_PROXY=%j naming the setting', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
  });
});
