/**
 * GET /api/pcsx/boot_data (docs/product/shell.md#starting-data-from-the-api): the host page's starting data for a page
 * our server does not render, compared with the boot data of the host page itself for the same browser. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
import { Value } from '@sinclair/typebox/value';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../src/auth/password';
import { createCandidateRepository } from '../src/candidates/repository';
import { BootData, BootDataResponse } from '../src/contract';
import { DEMO_PCSX_CONFIG } from '../src/employers/demo-config';
import { createEmployerRepository } from '../src/employers/repository';
import { bootDataOf, DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, signedIn, TestClient, useTestApp } from './helpers';
import { loadOperations } from './openapi-operations';

const ORIGIN = 'http://careers.example.test';
const OTHER_ORIGIN = 'http://jobs.example.test';
const MAPS_KEY = 'server-maps-key_1';
const ctx = useTestApp({ publicOrigins: [ORIGIN, OTHER_ORIGIN], googleMapsApiKey: MAPS_KEY });

/** An employer whose configuration uses every part of the starting data. */
const FULL_DOMAIN = 'full.example';
const FULL_EMAIL = 'fern@example.com';
const FULL_PASSWORD = 'full-password-1';
/** An employer whose candidates may not sign in. */
const CLOSED_DOMAIN = 'closed.example';
const CLOSED_EMAIL = 'cleo@example.com';
const CLOSED_PASSWORD = 'closed-password-1';

const MANIFEST = `${ORIGIN}/widgets/manifest.json`;

beforeAll(async () => {
  const employers = createEmployerRepository(ctx.db);
  const candidates = createCandidateRepository(ctx.db);
  await employers.create(
    {
      domain: FULL_DOMAIN,
      companyName: 'Full Company',
      notificationsEnabled: true,
      actionRequiredConfigured: true,
      savedSearchNotificationEnabled: true,
      termsOfService: { enabled: true, headingText: 'Our terms' },
      pcsxConfig: {
        ...DEMO_PCSX_CONFIG,
        implementationPhase: true,
        applyFormConfig: { disableLoggedOutApply: true },
        behaviourFlags: { hideInjectedFooter: true, shouldRedirectToDashboardV2: false },
        fileUploadConfig: { resume: { allowedFileTypes: ['pdf'] } },
        profileConfig: { own: { sections: ['summary', 'experience'], orderOfSections: ['experience'] } },
        seoConfig: { pagesMetadata: { jobs: { title: 'Jobs at Full', description: 'Every open position.' } } },
      },
    },
    new Date(),
  );
  await employers.create(
    {
      domain: CLOSED_DOMAIN,
      companyName: 'Closed Company',
      notificationsEnabled: false,
      actionRequiredConfigured: false,
      candidateLoginEnabled: false,
    },
    new Date(),
  );
  for (const [domain, email, password, firstName] of [
    [FULL_DOMAIN, FULL_EMAIL, FULL_PASSWORD, 'Fern'],
    [CLOSED_DOMAIN, CLOSED_EMAIL, CLOSED_PASSWORD, 'Cleo'],
  ] as const) {
    await candidates.create(
      { domain, email, passwordHash: await hashPassword(password), firstName, lastName: 'Tester', isAdmin: true },
      new Date(),
    );
  }
});

/** The starting data of the API, checked against the contract. */
async function bootApi(
  client: TestClient,
  query: string,
  headers: Record<string, string> = {},
): Promise<{ res: LightMyRequestResponse; data: BootData; csrfToken: string }> {
  const res = await client.get(`/api/pcsx/boot_data${query}`, headers);
  expect(res.statusCode).toBe(200);
  const body = res.json() as BootDataResponse;
  expect([...Value.Errors(BootDataResponse, body)]).toEqual([]);
  expect(Object.keys(body)).toEqual(['data']);
  // The token beside the starting data; the rest is the page's boot data exactly.
  const { csrfToken, ...data } = body.data;
  expect([...Value.Errors(BootData, data)]).toEqual([]);
  return { res, data, csrfToken };
}

/** The boot data and CSRF token of the host page, for the same browser. */
async function hostPage(client: TestClient, query: string): Promise<{ data: BootData; csrfToken: string }> {
  const res = await client.get(`/careers${query}`);
  expect(res.statusCode).toBe(200);
  const meta = /<meta name="csrf-token" content="([^"]+)">/.exec(res.body);
  return { data: bootDataOf(res.body), csrfToken: meta![1]! };
}

describe('GET /api/pcsx/boot_data', () => {
  it('signed out: the host page’s boot data for the employer, with an absolute manifest address', async () => {
    const client = new TestClient(ctx.app);
    const api = await bootApi(client, `?domain=${DEMO_DOMAIN}`);
    const page = await hostPage(client, `?domain=${DEMO_DOMAIN}`);
    expect(api.data).toEqual({ ...page.data, manifestUrl: MANIFEST });
    expect(api.data).toMatchObject({ groupId: DEMO_DOMAIN, isLoggedIn: false, user: null, profile: null });
    expect(api.data.onboarding).toBeNull();
    // The server's maps key, as the host page gives it to an employer without its own.
    expect(api.data.pcsxConfig.searchConfig!.mapConfig).toEqual({ enabled: true, apiKey: MAPS_KEY });
  });

  it('keeps every part of a fully configured employer’s starting data', async () => {
    const client = new TestClient(ctx.app);
    const api = await bootApi(client, `?domain=${FULL_DOMAIN}`);
    const page = await hostPage(client, `?domain=${FULL_DOMAIN}`);
    expect(api.data).toEqual({ ...page.data, manifestUrl: MANIFEST });
    expect(api.data.pcsxConfig).toMatchObject({
      implementationPhase: true,
      applyFormConfig: { disableLoggedOutApply: true },
      fileUploadConfig: { resume: { allowedFileTypes: ['pdf'] } },
      termsOfServiceConfig: { enabled: true, headingText: 'Our terms' },
    });
    // Not a field of the contract's PcsxConfig (its extra keys are let through): the page metadata.
    expect(api.data.pcsxConfig).toMatchObject({
      seoConfig: { pagesMetadata: { jobs: { title: 'Jobs at Full', description: 'Every open position.' } } },
    });
    expect(api.data.behaviourFlags).toEqual({ hideInjectedFooter: true, shouldRedirectToDashboardV2: false });
    expect(api.data.gates).toEqual({ referralWithCandidateApplicationGate: true });
  });

  it('signed in: the candidate, profile and onboarding as the host page gives them', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const api = await bootApi(client, `?domain=${DEMO_DOMAIN}`);
    const page = await hostPage(client, `?domain=${DEMO_DOMAIN}`);
    expect(api.data).toEqual({ ...page.data, manifestUrl: MANIFEST });
    expect(api.data.isLoggedIn).toBe(true);
    expect(api.data.user).toMatchObject({ email: DEMO_CANDIDATE_EMAIL, id: expect.any(String) });
    expect(api.data.profile).toMatchObject({ email: DEMO_CANDIDATE_EMAIL, encId: api.data.user!.id });
    expect(api.data.onboarding).toEqual(page.data.onboarding);
    expect(api.data.onboarding).not.toBeNull();
  });

  it('signed in as an administrator of a fully configured employer: the same as the host page', async () => {
    const client = new TestClient(ctx.app);
    await client.login(FULL_EMAIL, FULL_PASSWORD, FULL_DOMAIN);
    const api = await bootApi(client, `?domain=${FULL_DOMAIN}`);
    const page = await hostPage(client, `?domain=${FULL_DOMAIN}`);
    expect(api.data).toEqual({ ...page.data, manifestUrl: MANIFEST });
    expect(api.data.user).toMatchObject({ email: FULL_EMAIL, is_admin: true });
  });

  it('gives the session’s CSRF token in the body and the header, the host page’s token for the same browser', async () => {
    const visitor = new TestClient(ctx.app);
    const anonymous = await bootApi(visitor, `?domain=${DEMO_DOMAIN}`);
    expect(anonymous.csrfToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(anonymous.res.headers['x-csrf-token']).toBe(anonymous.csrfToken);
    expect((await hostPage(visitor, `?domain=${DEMO_DOMAIN}`)).csrfToken).toBe(anonymous.csrfToken);

    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const session = await bootApi(casey, `?domain=${DEMO_DOMAIN}`);
    expect(session.res.headers['x-csrf-token']).toBe(session.csrfToken);
    expect(session.csrfToken).not.toBe(anonymous.csrfToken);
    expect((await hostPage(casey, `?domain=${DEMO_DOMAIN}`)).csrfToken).toBe(session.csrfToken);
  });

  it('a signed-out browser’s token from the body is accepted by POST /vslog, and no other', async () => {
    const client = new TestClient(ctx.app);
    const { csrfToken } = await bootApi(client, `?domain=${DEMO_DOMAIN}`);
    const view = { namespace: 'pcsx', event: 'page_view', data_json: JSON.stringify({ page: 'jobs' }) };
    const forged = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, view, {
      csrf: false,
      headers: { 'x-csrf-token': `${csrfToken.slice(0, -1)}x` },
    });
    expect(forged.statusCode).toBe(403);
    const res = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, view, {
      csrf: false,
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
  });

  it('a signed-in browser signs out with the token from the body, and is then signed out there', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const { csrfToken } = await bootApi(client, `?domain=${DEMO_DOMAIN}`);
    const res = await client.post(
      '/api/auth/logout',
      { next: '/careers' },
      { csrf: false, headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken } },
    );
    expect(res.statusCode).toBe(200);
    const after = await bootApi(client, `?domain=${DEMO_DOMAIN}`);
    expect(after.data).toMatchObject({ isLoggedIn: false, user: null, profile: null, onboarding: null });
    expect(after.csrfToken).not.toBe(csrfToken);
  });

  it('is never stored by a cache', async () => {
    const { res } = await bootApi(new TestClient(ctx.app), `?domain=${DEMO_DOMAIN}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers an unknown domain with the 404 the other calls give', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.get('/api/pcsx/boot_data?domain=nobody.example');
    expect(res.statusCode).toBe(404);
    const search = await client.get('/api/pcsx/search?domain=nobody.example');
    expect(res.json()).toEqual(search.json());
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'No employer uses the domain "nobody.example".' });
  });

  it('refuses a domain that is not one, and an unknown parameter, with a 400 naming it', async () => {
    const client = new TestClient(ctx.app);
    const bad = await client.get('/api/pcsx/boot_data?domain=not%20a%20domain');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'domain' });
    const extra = await client.get(`/api/pcsx/boot_data?domain=${DEMO_DOMAIN}&user=admin`);
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ field: 'user' });
  });

  it('without a domain: the session’s employer, else the default one, as the other public calls', async () => {
    const visitor = await bootApi(new TestClient(ctx.app), '');
    expect(visitor.data).toMatchObject({ groupId: ctx.config.defaultDomain, isLoggedIn: false });
    const fern = new TestClient(ctx.app);
    await fern.login(FULL_EMAIL, FULL_PASSWORD, FULL_DOMAIN);
    const own = await bootApi(fern, '');
    expect(own.data).toMatchObject({ groupId: FULL_DOMAIN, isLoggedIn: true, user: { email: FULL_EMAIL } });
  });

  it('hl=fr-CA gives the answer in Canadian French', async () => {
    const client = new TestClient(ctx.app);
    const api = await bootApi(client, `?domain=${DEMO_DOMAIN}&hl=fr-CA`);
    expect(api.data.language).toBe('fr-CA');
    expect(api.data).toEqual({
      ...(await hostPage(client, `?domain=${DEMO_DOMAIN}&hl=fr-CA`)).data,
      manifestUrl: MANIFEST,
    });
  });

  it('a session of one employer is signed out on another employer’s domain', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const api = await bootApi(client, `?domain=${FULL_DOMAIN}`);
    expect(api.data).toMatchObject({ groupId: FULL_DOMAIN, isLoggedIn: false, user: null, profile: null });
    expect(api.data.onboarding).toBeNull();
    expect(api.data.pcsxConfig.branding).toMatchObject({ companyName: 'Full Company' });
    expect(api.data).toEqual({ ...(await hostPage(client, `?domain=${FULL_DOMAIN}`)).data, manifestUrl: MANIFEST });
    // Still signed in on its own employer.
    expect((await bootApi(client, `?domain=${DEMO_DOMAIN}`)).data.isLoggedIn).toBe(true);
  });

  it('an employer whose candidates may not sign in: signed out, and the data says sign-in is off', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${CLOSED_DOMAIN}`);
    const refused = await client.post('/api/auth/login', {
      email: CLOSED_EMAIL,
      password: CLOSED_PASSWORD,
      domain: CLOSED_DOMAIN,
    });
    expect(refused.statusCode).toBe(403);
    const api = await bootApi(client, `?domain=${CLOSED_DOMAIN}`);
    expect(api.data).toMatchObject({
      groupId: CLOSED_DOMAIN,
      isLoggedIn: false,
      user: null,
      loginSignupConfig: { candidateLoginEnabled: false },
    });
  });

  it('names this server’s own origin in the manifest address, never a forged Host', async () => {
    const client = new TestClient(ctx.app);
    const other = await bootApi(client, `?domain=${DEMO_DOMAIN}`, { host: 'jobs.example.test' });
    expect(other.data.manifestUrl).toBe(`${OTHER_ORIGIN}/widgets/manifest.json`);
    const forged = await bootApi(client, `?domain=${DEMO_DOMAIN}`, { host: 'evil.example' });
    expect(forged.data.manifestUrl).toBe(MANIFEST);
  });

  it('is in the served OpenAPI description with its query and answer, open to signed-out visitors', async () => {
    const operation = (await loadOperations(ctx.app)).find((op) => op.name === 'GET /api/pcsx/boot_data');
    expect(operation).toBeDefined();
    expect(operation!.summary).toMatch(/^Starting data/);
    expect(operation!.needsSession).toBe(false);
    expect(operation!.parameters.map((param) => param.name).sort()).toEqual(['domain', 'hl']);
  });
});
