/**
 * CORS for the employer's own pages (server/src/http/cors.ts, docs/product/routes-and-access.md#allowed-origins-and-cors)
 * on SQLite and PostgreSQL: an allowed origin gets its exact origin back with credentials and the headers the widgets
 * read; any other origin (another employer's, `null`) gets no CORS header at all, and the refusal is logged once
 * with how to allow it; preflights; `Vary: Origin` on every API answer; CSRF unchanged across origins; the session
 * cookie partitioned for a page on another site (http/cookies.ts); static files readable from anywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createAllowedOriginRepository } from '../src/employers/allowed-origins';
import { createEmployerRepository } from '../src/employers/repository';
import { listMail } from '../src/mail/outbox';
import { buildApp, DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_PASSWORD, TestClient, useTestApp } from './helpers';

const ctx = useTestApp();

/** Allowed for the demo employer by the seed (the host-demo as a static page). */
const DEMO_PAGE = 'http://localhost:8082';
const OTHER_DOMAIN = 'globex.example';
const OTHER_PAGE = 'https://careers.globex.example';
/** The careers server as the same-site and cross-site deployments name it. */
const API_HOST = 'careers.acme.localhost:8080';
const SAME_SITE_PAGE = 'http://www.acme.localhost:8080';
const CROSS_SITE_PAGE = 'http://www.acme-demo.localhost:8082';

beforeAll(async () => {
  await createEmployerRepository(ctx.db).create(
    { domain: OTHER_DOMAIN, companyName: 'Globex', notificationsEnabled: false, actionRequiredConfigured: false },
    new Date(),
  );
  await createAllowedOriginRepository(ctx.db).add(OTHER_DOMAIN, OTHER_PAGE);
});

const corsHeadersOf = (res: LightMyRequestResponse) =>
  Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));

const varyOf = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

const get = (url: string, origin?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...(origin === undefined ? {} : { origin }), ...headers } });

const preflight = (url: string, origin: string, method = 'POST') =>
  ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type, x-csrf-token',
    },
  });

const SEARCH = `/api/pcsx/search?domain=${DEMO_DOMAIN}`;

describe('CORS on the API', () => {
  it('answers an allowed origin with that exact origin, credentials, the headers the widgets read, and Vary', async () => {
    const res = await get(SEARCH, DEMO_PAGE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(DEMO_PAGE);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-expose-headers']).split(', ')).toEqual([
      'x-csrf-token',
      'x-login',
      'content-disposition',
    ]);
    expect(varyOf(res)).toContain('origin');
    // Preflight-only headers are not on other answers.
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('answers a disallowed origin without any CORS header (the data is the public search), with Vary', async () => {
    const res = await get(SEARCH, 'https://evil.example');
    expect(res.statusCode).toBe(200);
    expect(corsHeadersOf(res)).toEqual([]);
    expect(varyOf(res)).toContain('origin');
  });

  it('varies on Origin on answers without one, and on the own origins, which get no CORS header', async () => {
    for (const res of [
      await get(SEARCH),
      await get(SEARCH, 'http://localhost:8080'),
      await get(SEARCH, 'http://careers.acme.localhost:8080', { host: API_HOST }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(corsHeadersOf(res)).toEqual([]);
      expect(varyOf(res)).toContain('origin');
    }
  });

  it('never allows Origin: null', async () => {
    await createAllowedOriginRepository(ctx.db).add(DEMO_DOMAIN, 'http://null.example');
    const res = await get(SEARCH, 'null');
    expect(corsHeadersOf(res)).toEqual([]);
    const refused = await preflight(SEARCH, 'null');
    expect(refused.statusCode).toBe(403);
    expect(corsHeadersOf(refused)).toEqual([]);
  });

  it("an origin allowed for one employer is refused for another employer's domain", async () => {
    expect(
      (await get(`/api/pcsx/search?domain=${OTHER_DOMAIN}`, OTHER_PAGE)).headers['access-control-allow-origin'],
    ).toBe(OTHER_PAGE);
    expect(corsHeadersOf(await get(SEARCH, OTHER_PAGE))).toEqual([]);
    expect(corsHeadersOf(await get(`/api/pcsx/search?domain=${OTHER_DOMAIN}`, DEMO_PAGE))).toEqual([]);
    expect((await preflight(`/vslog?domain=${DEMO_DOMAIN}`, OTHER_PAGE)).statusCode).toBe(403);
  });

  it('a call naming no employer in its address: the preflight if some employer allows the origin, the answer if the employer it acted for does', async () => {
    // The sign-in names its employer in the JSON body: the preflight cannot see it.
    const pre = await preflight('/api/auth/login', OTHER_PAGE);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(OTHER_PAGE);
    expect((await preflight('/api/auth/login', 'https://evil.example')).statusCode).toBe(403);
    // No domain: the demo employer (the default) acted, which allows the demo page but not Globex's.
    expect((await get('/api/pcsx/search', DEMO_PAGE)).headers['access-control-allow-origin']).toBe(DEMO_PAGE);
    expect(corsHeadersOf(await get('/api/pcsx/search', OTHER_PAGE))).toEqual([]);
    expect(corsHeadersOf(await get('/api/pcsx/search?domain=not%20a%20domain', DEMO_PAGE))).toEqual([]);
  });

  it("an origin one employer allows never reads a signed-in candidate's answers of another employer", async () => {
    const casey = new TestClient(ctx.app);
    expect((await casey.login(DEMO_CANDIDATE_EMAIL)).statusCode).toBe(200);
    // Casey's session is the demo employer's; Globex's page asks without a domain, so the session's employer acts.
    const res = await casey.get('/api/pcsx/profile_details', { origin: OTHER_PAGE });
    expect(res.statusCode).toBe(200);
    expect(corsHeadersOf(res)).toEqual([]);
    const mine = await casey.get('/api/pcsx/profile_details', { origin: DEMO_PAGE });
    expect(mine.headers['access-control-allow-origin']).toBe(DEMO_PAGE);
  });

  it('gives no CORS header to pages and other paths', async () => {
    const res = await get(`/careers/search?domain=${DEMO_DOMAIN}`, DEMO_PAGE);
    expect(res.statusCode).toBe(200);
    expect(corsHeadersOf(res)).toEqual([]);
  });

  it('answers a preflight from an allowed origin: 204, methods, headers, max-age', async () => {
    for (const url of [`/api/auth/login?domain=${DEMO_DOMAIN}`, `/vslog?domain=${DEMO_DOMAIN}`, SEARCH]) {
      const res = await preflight(url, DEMO_PAGE);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['access-control-allow-origin']).toBe(DEMO_PAGE);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual([
        'GET',
        'POST',
        'PUT',
        'PATCH',
        'DELETE',
      ]);
      expect(String(res.headers['access-control-allow-headers']).split(', ').sort()).toEqual(
        ['accept', 'content-type', 'x-careers-group', 'x-careers-timezone', 'x-careers-user', 'x-csrf-token'].sort(),
      );
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(varyOf(res)).toContain('origin');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a preflight from any other origin: 403 without CORS headers', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:8083', 'https://localhost:8082']) {
      const res = await preflight(`/api/pcsx/saved_searches?domain=${DEMO_DOMAIN}`, origin, 'DELETE');
      expect(res.statusCode).toBe(403);
      expect(corsHeadersOf(res)).toEqual([]);
      expect(varyOf(res)).toContain('origin');
    }
  });

  it('an OPTIONS request that is not a preflight is routed as before (no route takes OPTIONS)', async () => {
    const res = await ctx.app.inject({ method: 'OPTIONS', url: SEARCH, headers: { origin: DEMO_PAGE } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe(DEMO_PAGE);
  });

  it('keeps CSRF across origins: the token from a GET answer (exposed) is needed, and failures are readable', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    client.csrfToken = undefined;
    const headers = { origin: DEMO_PAGE };
    const first = await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`, headers);
    expect(first.headers['x-csrf-token']).toEqual(expect.any(String));
    expect(String(first.headers['access-control-expose-headers'])).toContain('x-csrf-token');

    const view = { namespace: 'careers', event: 'page_view', data_json: '{}' };
    const refused = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, view, { csrf: false, headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'invalid_csrf' });
    expect(refused.headers['access-control-allow-origin']).toBe(DEMO_PAGE);

    const logged = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, view, { headers });
    expect(logged.statusCode).toBe(200);
    expect(logged.headers['access-control-allow-origin']).toBe(DEMO_PAGE);
  });

  it('logs a refused origin once per origin and minute, with how to allow it', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      db: ctx.db,
      config: ctx.config,
      logger: { stream: { write: (line) => lines.push(line) } },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        await app.inject({ method: 'GET', url: SEARCH, headers: { origin: 'https://shop.acme.example' } });
      }
      await app.inject({ method: 'GET', url: SEARCH, headers: { origin: 'null' } });
      const refusals = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.msg.startsWith('CORS:'));
      expect(refusals).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'CORS: origin https://shop.acme.example is not allowed for acme.example; to allow it: npm run employer -- origins add https://shop.acme.example --domain acme.example',
        }),
        expect.objectContaining({ level: 30, msg: expect.stringContaining('CORS: origin null is not allowed') }),
      ]);
    } finally {
      await app.close();
    }
  });
});

/** The Set-Cookie line of `name` on an answer. */
function setCookieOf(res: LightMyRequestResponse, name: string): string {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = lines.find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(lines)}`);
  return line;
}

const attributesOf = (cookie: string) => cookie.split('; ').slice(1);

/** Signs in from a page of `origin` as the widget does: a GET for the CSRF token, then the JSON sign-in call. */
async function signInFrom(origin: string | undefined) {
  const client = new TestClient(ctx.app);
  const headers: Record<string, string> = { host: API_HOST, ...(origin === undefined ? {} : { origin }) };
  await client.get(`/careers/login?domain=${DEMO_DOMAIN}`, { host: API_HOST });
  client.csrfToken = undefined;
  await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`, headers);
  expect(client.csrfToken).toEqual(expect.any(String));
  const res = await client.post(
    `/api/auth/login?domain=${DEMO_DOMAIN}`,
    { email: DEMO_CANDIDATE_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN },
    { headers },
  );
  expect(res.statusCode).toBe(200);
  return { client, res, headers };
}

describe('accounts from an allowed page on another site', () => {
  it('creates an account and signs in with a mailed code there: CORS answered, the session partitioned', async () => {
    const client = new TestClient(ctx.app);
    const headers = { host: API_HOST, origin: CROSS_SITE_PAGE };
    // As the widget starts there: the anonymous id, then the CSRF token the page's first call answers with.
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`, { host: API_HOST });
    client.csrfToken = undefined;
    await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`, headers);
    const email = `cross.site.${Date.now()}@example.org`;
    const signup = await client.post(
      `/api/auth/signup?domain=${DEMO_DOMAIN}`,
      {
        email,
        firstName: 'Cy',
        lastName: 'Site',
        password: 'a long cross-site passphrase',
        consent: true,
        domain: DEMO_DOMAIN,
      },
      { headers },
    );
    expect(signup.statusCode).toBe(202);
    expect(signup.headers['access-control-allow-origin']).toBe(CROSS_SITE_PAGE);
    // The account is made by its link (followed on the careers site), then the page signs in with a code.
    const [mail] = await listMail(ctx.db, { to: email, limit: 1 });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
    const linkClient = new TestClient(ctx.app);
    await linkClient.get(`/careers/account/verify?token=${token}`);
    expect((await linkClient.post('/api/auth/verify', { token })).statusCode).toBe(200);

    expect(
      (await client.post(`/api/auth/code?domain=${DEMO_DOMAIN}`, { email, domain: DEMO_DOMAIN }, { headers }))
        .statusCode,
    ).toBe(202);
    const [codeMail] = await listMail(ctx.db, { to: email, limit: 1 });
    const code = /\b(\d{6})\b/.exec(codeMail!.text)![1];
    const signedIn = await client.post(
      `/api/auth/code/verify?domain=${DEMO_DOMAIN}`,
      { email, code, domain: DEMO_DOMAIN },
      { headers },
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['access-control-allow-origin']).toBe(CROSS_SITE_PAGE);
    expect(attributesOf(setCookieOf(signedIn, 'careers_sid'))).toEqual(
      expect.arrayContaining(['SameSite=None', 'Secure', 'Partitioned']),
    );
    const me = await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`, headers);
    expect(me.json()).toMatchObject({ data: { isLoggedIn: true } });
  });
});

describe('the session cookie across sites', () => {
  it('is SameSite=None; Secure; Partitioned for an allowed page on another site, and works there', async () => {
    const { client, res, headers } = await signInFrom(CROSS_SITE_PAGE);
    expect(res.headers['access-control-allow-origin']).toBe(CROSS_SITE_PAGE);
    expect(attributesOf(setCookieOf(res, 'careers_sid'))).toEqual([
      'Path=/',
      'HttpOnly',
      'SameSite=None',
      'Secure',
      'Partitioned',
    ]);
    const me = await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`, headers);
    expect(me.json()).toMatchObject({ data: { isLoggedIn: true } });

    // Signing out deletes the partitioned cookie from its partition, and the new anonymous one is partitioned too.
    const out = await client.post(`/api/auth/logout?domain=${DEMO_DOMAIN}`, {}, { headers });
    expect(out.statusCode).toBeLessThan(400);
    expect(attributesOf(setCookieOf(out, 'careers_sid'))).toEqual(
      expect.arrayContaining(['Max-Age=0', 'SameSite=None', 'Secure', 'Partitioned']),
    );
    expect(attributesOf(setCookieOf(out, 'careers_anon'))).toEqual(
      expect.arrayContaining(['SameSite=None', 'Secure', 'Partitioned']),
    );
  });

  it('a page on another site that the careers server never drew: starting data, sign-in, page view, all from the API', async () => {
    const client = new TestClient(ctx.app);
    const headers = { host: API_HOST, origin: CROSS_SITE_PAGE };
    const boot = await client.get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}`, headers);
    expect(boot.statusCode).toBe(200);
    expect(boot.headers['access-control-allow-origin']).toBe(CROSS_SITE_PAGE);
    expect(boot.json()).toMatchObject({ data: { isLoggedIn: false, csrfToken: client.csrfToken } });
    expect(attributesOf(setCookieOf(boot, 'careers_anon'))).toEqual([
      'Path=/',
      'HttpOnly',
      'SameSite=None',
      'Secure',
      'Partitioned',
    ]);

    const login = await client.post(
      `/api/auth/login?domain=${DEMO_DOMAIN}`,
      { email: DEMO_CANDIDATE_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN },
      { headers },
    );
    expect(login.statusCode).toBe(200);
    expect(attributesOf(setCookieOf(login, 'careers_sid'))).toContain('Partitioned');
    const view = { namespace: 'careers', event: 'page_view', data_json: '{}' };
    expect((await client.post(`/vslog?domain=${DEMO_DOMAIN}`, view, { headers })).statusCode).toBe(200);
    const after = await client.get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}`, headers);
    expect(after.json()).toMatchObject({ data: { isLoggedIn: true, user: { email: DEMO_CANDIDATE_EMAIL } } });
  });

  it('is SameSite=Lax (not partitioned) for an allowed page on the same site, and for the careers site itself', async () => {
    for (const origin of [SAME_SITE_PAGE, undefined]) {
      const { res } = await signInFrom(origin);
      expect(attributesOf(setCookieOf(res, 'careers_sid'))).toEqual(['Path=/', 'HttpOnly', 'SameSite=Lax']);
    }
  });

  it("follows the browser's Sec-Fetch-Site (Public Suffix List) over the host names' last two labels", async () => {
    const page = 'http://www.acme-jobs.co.uk';
    await createAllowedOriginRepository(ctx.db).add(DEMO_DOMAIN, page);
    const cookieFor = async (headers: Record<string, string>) => {
      const client = new TestClient(ctx.app);
      const boot = await client.get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}`, headers);
      expect(boot.headers['access-control-allow-origin']).toBe(headers.origin);
      return attributesOf(setCookieOf(boot, 'careers_anon'));
    };
    const partitioned = ['Path=/', 'HttpOnly', 'SameSite=None', 'Secure', 'Partitioned'];
    const lax = ['Path=/', 'HttpOnly', 'SameSite=Lax'];
    // careers.acme.co.uk and www.acme-jobs.co.uk are different sites (co.uk is a public suffix).
    const coUk = { host: 'careers.acme.co.uk', origin: page };
    expect(await cookieFor({ ...coUk, 'sec-fetch-site': 'cross-site' })).toEqual(partitioned);
    // Without the header (an old browser) the last two labels ("co.uk") take them for one site.
    expect(await cookieFor(coUk)).toEqual(lax);
    // The browser's word counts the other way too.
    const crossByName = { host: API_HOST, origin: CROSS_SITE_PAGE };
    expect(await cookieFor(crossByName)).toEqual(partitioned);
    expect(await cookieFor({ ...crossByName, 'sec-fetch-site': 'same-site' })).toEqual(lax);
    expect(await cookieFor({ host: API_HOST, origin: SAME_SITE_PAGE, 'sec-fetch-site': 'same-site' })).toEqual(lax);
    // Another scheme is another site, as browsers compare sites (an https page calling the http API).
    await createAllowedOriginRepository(ctx.db).add(DEMO_DOMAIN, 'https://www.acme.localhost');
    expect(await cookieFor({ host: API_HOST, origin: 'https://www.acme.localhost' })).toEqual(partitioned);
  });

  it('is SameSite=Lax for a page that is not allowed (whose browser cannot read the answer anyway)', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const res = await client.post(
      `/api/auth/login?domain=${DEMO_DOMAIN}`,
      { email: DEMO_CANDIDATE_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(200);
    expect(corsHeadersOf(res)).toEqual([]);
    expect(attributesOf(setCookieOf(res, 'careers_sid'))).toEqual(['Path=/', 'HttpOnly', 'SameSite=Lax']);
  });
});

describe('static files for any page', () => {
  beforeAll(() => {
    const widgets = path.join(ctx.config.distDir, 'widgets');
    fs.mkdirSync(path.join(widgets, 'search'), { recursive: true });
    fs.writeFileSync(path.join(widgets, 'manifest.json'), JSON.stringify({ widgets: [] }));
    fs.writeFileSync(path.join(widgets, 'search', 'remoteEntry.js'), '/* entry */');
    fs.writeFileSync(path.join(widgets, 'search', '812.5c1d9e0a.js'), '/* chunk */');
  });

  it.each([
    ['/widgets/manifest.json', 'no-cache'],
    ['/widgets/search/remoteEntry.js', 'no-cache'],
    ['/widgets/search/812.5c1d9e0a.js', 'public, max-age=31536000, immutable'],
    ['/host-demo/site.css', 'public, max-age=300'],
    ['/server-assets/pages.css', 'public, max-age=3600'],
  ])('%s: Access-Control-Allow-Origin * without credentials, Cache-Control %s', async (url, cacheControl) => {
    for (const origin of [undefined, 'https://www.acme.example', 'null']) {
      const res = await get(url, origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(cacheControl);
    }
  });
});
