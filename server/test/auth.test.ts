import {
  buildApp,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  TestClient,
  useTestApp,
  signedIn,
} from './helpers';
import { LOGIN_LIMITS } from '../src/auth/login-service';
import { sha256Hex } from '../src/auth/tokens';

const ctx = useTestApp();

const bootData = async (client: TestClient) =>
  JSON.parse((await client.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`)).body) as {
    data: { isLoggedIn: boolean };
  };

describe('GET /careers/login', () => {
  it('renders an accessible login page with a CSRF token, an anonymous cookie (no session) and a strict CSP', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.get(`/careers/login?domain=${DEMO_DOMAIN}&next=%2Fcareers%2Foffers`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toMatch(/<label for="email">Email<\/label>/);
    // A text box with the email keyboard: autocomplete="username" is allowed on text inputs, not on type="email".
    expect(res.body).toMatch(
      /<input id="email" name="email" type="text" inputmode="email" autocapitalize="none" spellcheck="false" autocomplete="username"/,
    );
    expect(res.body).toMatch(/<label for="password">Password<\/label>/);
    expect(res.body).toMatch(/<input id="password" name="password" type="password"/);
    expect(res.body).toMatch(/<button type="submit"/);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('<input type="hidden" name="next" value="/careers/offers">');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(client.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^careers_anon=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(client.sessionCookie).toBeUndefined();
  });

  it('speaks French for hl=fr-CA, German for hl=de, and falls back to English for unknown languages', async () => {
    const fr = await new TestClient(ctx.app).get(`/careers/login?domain=${DEMO_DOMAIN}&hl=fr-CA`);
    expect(fr.body).toContain('<html lang="fr-CA" dir="ltr">');
    expect(fr.body).toContain('Mot de passe');
    expect(fr.body).toContain('Se connecter');
    const de = await new TestClient(ctx.app).get(`/careers/login?domain=${DEMO_DOMAIN}&hl=de`);
    expect(de.body).toContain('<html lang="de-DE" dir="ltr">');
    expect(de.body).toContain('Passwort');
    const ar = await new TestClient(ctx.app).get(`/careers/login?domain=${DEMO_DOMAIN}&hl=ar`);
    expect(ar.body).toContain('<html lang="ar-SA" dir="rtl">');
    const unknown = await new TestClient(ctx.app).get(`/careers/login?domain=${DEMO_DOMAIN}&hl=xx`);
    expect(unknown.body).toContain('<html lang="en" dir="ltr">');
  });

  it('replaces an unsafe next with /careers and keeps pid and microsite in the default next', async () => {
    const unsafe = await new TestClient(ctx.app).get(`/careers/login?domain=${DEMO_DOMAIN}&next=//evil.example`);
    expect(unsafe.body).toContain('name="next" value="/careers"');
    const defaults = await new TestClient(ctx.app).get(`/careers/login?domain=${DEMO_DOMAIN}&pid=12,34&microsite=eng`);
    expect(defaults.body).toContain(
      'name="next" value="/careers?domain=acme.example&amp;microsite=eng&amp;pid=12%2C34"',
    );
  });

  it('answers 404 (as a page) for an unknown employer and 400 for a malformed query', async () => {
    const unknown = await new TestClient(ctx.app).get('/careers/login?domain=nobody.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('No employer uses the domain');
    const bad = await new TestClient(ctx.app).get('/careers/login?domain=bad%20domain');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('querystring/domain must match pattern');
  });
});

describe('POST /api/auth/login (JSON)', () => {
  it('signs in, rotates the session id and CSRF token, and answers the safe next', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const anonymousToken = client.csrfToken;
    expect(client.sessionCookie).toBeUndefined();
    const sessionsBefore = (await ctx.db.selectFrom('sessions').select('id').execute()).length;
    const res = await client.post('/api/auth/login', {
      email: DEMO_CANDIDATE_EMAIL,
      password: DEMO_PASSWORD,
      domain: DEMO_DOMAIN,
      next: '/careers/offers?domain=acme.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true, next: '/careers/offers?domain=acme.example' } });
    expect(client.sessionCookie).toBeDefined();
    expect(client.csrfToken).not.toBe(anonymousToken);
    expect(res.headers['x-csrf-token']).toBe(client.csrfToken);
    expect((await bootData(client)).data.isLoggedIn).toBe(true);
    // Signing in wrote the first and only session row of this browser.
    expect((await ctx.db.selectFrom('sessions').select('id').execute()).length).toBe(sessionsBefore + 1);

    // Signing in again replaces the session: replaying the old cookie is not signed in and has no session.
    const firstCookie = client.sessionCookie;
    await client.post('/api/auth/login', { email: DEMO_CANDIDATE_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN });
    expect(client.sessionCookie).not.toBe(firstCookie);
    const replay = new TestClient(ctx.app);
    replay.useSessionCookie(firstCookie);
    const replayed = await replay.get(`/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`);
    expect(replayed.json().data.isLoggedIn).toBe(false);
    expect(replayed.headers['x-csrf-token']).toBeUndefined();
  });

  it('matches the email case-insensitively', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const res = await client.post('/api/auth/login', {
      email: 'Candidate@Example.COM',
      password: DEMO_PASSWORD,
      domain: DEMO_DOMAIN,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.next).toBe('/careers');
  });

  it.each([
    ['wrong password', DEMO_CANDIDATE_EMAIL, 'not-the-password', DEMO_DOMAIN],
    ['unknown email', 'nobody@example.com', DEMO_PASSWORD, DEMO_DOMAIN],
    ['unknown employer', DEMO_CANDIDATE_EMAIL, DEMO_PASSWORD, 'nobody.example'],
  ])('answers 401 for a %s without signing in', async (_label, email, password, domain) => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const before = client.sessionCookie;
    const res = await client.post('/api/auth/login', { email, password, domain });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Email or password is incorrect.',
      code: 'invalid_credentials',
    });
    expect(res.headers['x-login']).toBeUndefined();
    expect(client.sessionCookie).toBe(before);
    expect((await bootData(client)).data.isLoggedIn).toBe(false);
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    'careers',
    '/%0a/evil',
  ])('never redirects off-site (next=%j)', async (next) => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const res = await client.post('/api/auth/login', {
      email: DEMO_CANDIDATE_EMAIL,
      password: DEMO_PASSWORD,
      domain: DEMO_DOMAIN,
      next,
    });
    expect(res.statusCode).toBe(200);
    const target = res.json().data.next as string;
    if (next === '/%0a/evil') expect(target).toBe('/%0a/evil');
    else expect(target).toBe('/careers');
  });

  it('needs the CSRF token: missing or wrong → 403 invalid_csrf, not signed in', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const body = { email: DEMO_CANDIDATE_EMAIL, password: DEMO_PASSWORD, domain: DEMO_DOMAIN };
    for (const headers of [{}, { 'x-csrf-token': 'wrong-token' }] as Array<Record<string, string>>) {
      const res = await client.post('/api/auth/login', body, { csrf: false, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, code: 'invalid_csrf', message: 'Invalid CSRF token.' });
    }
    const fresh = new TestClient(ctx.app); // no session at all
    const noSession = await fresh.post('/api/auth/login', body, { headers: { 'x-csrf-token': 'anything' } });
    expect(noSession.statusCode).toBe(403);
    expect((await bootData(client)).data.isLoggedIn).toBe(false);
  });

  it('validates the body (400 naming the field)', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const badEmail = await client.post('/api/auth/login', {
      email: 'not-an-email',
      password: 'x',
      domain: DEMO_DOMAIN,
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      code: 'validation',
      field: 'email',
      message: 'body/email must match format "email"',
    });
    const missing = await client.post('/api/auth/login', { email: DEMO_CANDIDATE_EMAIL, domain: DEMO_DOMAIN });
    expect(missing.json()).toMatchObject({ statusCode: 400, field: 'password', message: 'body/password is required' });
  });
});

describe('POST /api/auth/login (HTML form)', () => {
  it('redirects (303) to next after signing in', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}&next=%2Fcareers%2Fdashboard%3Ftab%3Dapplications`);
    const res = await client.postLoginForm({ next: '/careers/dashboard?tab=applications', hl: 'en' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/careers/dashboard?tab=applications');
    expect((await bootData(client)).data.isLoggedIn).toBe(true);
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil'])('redirects to /careers for next=%j', async (next) => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const res = await client.postLoginForm({ next });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/careers');
  });

  it('shows the form again with the error, keeping the email but never the password', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}&hl=fr-CA`);
    const res = await client.postLoginForm({ next: '/careers/offers', hl: 'fr-CA', password: 'Secret-Wrong-1' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="fr-CA" dir="ltr">');
    expect(res.body).toContain('L’adresse courriel ou le mot de passe est incorrect.');
    expect(res.body).toContain(`value="${DEMO_CANDIDATE_EMAIL}"`);
    expect(res.body).toContain('name="next" value="/careers/offers"');
    expect(res.body).not.toContain('Secret-Wrong-1');
    expect(res.body).toContain('aria-invalid="true"');

    const english = await client.postLoginForm({ password: 'Secret-Wrong-2' });
    expect(english.body).toContain('Email or password is incorrect.');
  });

  it('shows field messages for an invalid email and a missing password', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const email = await client.postLoginForm({ email: 'casey<at>example', password: 'x' });
    expect(email.statusCode).toBe(400);
    expect(email.body).toContain('Enter a valid email address.');
    expect(email.body).toContain('value="casey&lt;at&gt;example"');
    const password = await client.postLoginForm({ password: '' });
    expect(password.statusCode).toBe(400);
    expect(password.body).toContain('Enter your password.');
  });

  it('shows the form with a fresh token when the CSRF field is missing or wrong', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const token = client.csrfToken;
    const res = await client.postLoginForm({ _csrf: 'forged' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Your session expired. Please try again.');
    expect(client.csrfToken).toBe(token);
    expect((await bootData(client)).data.isLoggedIn).toBe(false);

    const noSession = new TestClient(ctx.app);
    const missing = await noSession.postForm('/api/auth/login', {
      domain: DEMO_DOMAIN,
      email: DEMO_CANDIDATE_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(missing.statusCode).toBe(403);
    expect(noSession.csrfToken).toBeDefined(); // a new anonymous token (no session row), so the next try works
    const retry = await noSession.postLoginForm();
    expect(retry.statusCode).toBe(303);
  });

  it('sends a signed-in candidate straight on from the login page', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.get(`/careers/login?domain=${DEMO_DOMAIN}&next=%2Fcareers%2Foffers`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/careers/offers');
  });
});

describe('failed-login rate limit', () => {
  const { limit } = LOGIN_LIMITS.accountAndAddress;
  it(`blocks an account from one address after ${limit} failures, even with the right password`, async () => {
    // Its own app instance on the same database: the limits live in the database, so it counts with ctx.app.
    const app = await buildApp({ db: ctx.db, config: ctx.config });
    try {
      const client = new TestClient(app);
      await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
      for (let attempt = 1; attempt <= limit; attempt += 1) {
        const res = await client.post('/api/auth/login', {
          email: DEMO_OTHER_EMAIL,
          password: `wrong-${attempt}`,
          domain: DEMO_DOMAIN,
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await client.post('/api/auth/login', {
        email: DEMO_OTHER_EMAIL,
        password: DEMO_PASSWORD,
        domain: DEMO_DOMAIN,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'rate_limited' });
      expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);

      const form = await client.postLoginForm({ email: DEMO_OTHER_EMAIL });
      expect(form.statusCode).toBe(429);
      expect(form.body).toMatch(/Too many failed sign-in attempts\. Try again in 1[45] minutes\./);

      // The other process counts the same failures.
      const elsewhere = new TestClient(ctx.app);
      await elsewhere.get(`/careers/login?domain=${DEMO_DOMAIN}`);
      const alsoBlocked = await elsewhere.post('/api/auth/login', {
        email: DEMO_OTHER_EMAIL,
        password: DEMO_PASSWORD,
        domain: DEMO_DOMAIN,
      });
      expect(alsoBlocked.statusCode).toBe(429);

      // Another account from the same address is not blocked.
      const other = await client.post('/api/auth/login', {
        email: DEMO_CANDIDATE_EMAIL,
        password: DEMO_PASSWORD,
        domain: DEMO_DOMAIN,
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await app.close();
      await ctx.db.deleteFrom('rate_limits').execute();
    }
  });
});

describe('sign-out', () => {
  it('POST /api/auth/logout as JSON with no body signs out (the body is optional), never a 500', async () => {
    const client = new TestClient(ctx.app);
    expect((await client.login(DEMO_CANDIDATE_EMAIL)).statusCode).toBe(200);
    const res = await client.request({ method: 'POST', url: '/api/auth/logout?domain=acme.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true, next: '/careers' } });
    expect((await client.get('/api/pcsx/profile_details?domain=acme.example')).statusCode).toBe(401);
  });

  it('GET /logout redirects to the sign-out page of the session employer', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.get('/logout?domain=other.example');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/api/auth/logout?domain=acme.example&next=%2Fcareers');
    const anonymous = await new TestClient(ctx.app).get('/logout');
    expect(anonymous.headers.location).toBe('/api/auth/logout?domain=acme.example&next=%2Fcareers');
  });

  it('the sign-out page posts its form from a script file, then the session is destroyed', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const signedInCookie = client.sessionCookie;
    const page = await client.get('/api/auth/logout?domain=acme.example&next=%2Fcareers', {
      'sec-fetch-site': 'same-origin',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<form id="logout-form" method="post" action="/api/auth/logout"');
    expect(page.body).toContain('<script src="/server-assets/logout.js" defer></script>');
    expect(page.body).toMatch(/<button type="submit"[^>]*>Sign out<\/button>/);

    const script = await client.get('/server-assets/logout.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain("getElementById('logout-form')");

    const res = await client.postForm('/api/auth/logout', { _csrf: client.csrfToken!, next: '/careers' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/careers');
    expect(res.headers['set-cookie']).toEqual([
      'careers_sid=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax',
      expect.stringMatching(/^careers_anon=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
    expect((await bootData(client)).data.isLoggedIn).toBe(false);

    const replay = new TestClient(ctx.app);
    replay.useSessionCookie(signedInCookie);
    expect((await bootData(replay)).data.isLoggedIn).toBe(false);
  });

  it('refuses a sign-out without the CSRF token and keeps the session', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.postForm('/api/auth/logout', { _csrf: 'forged', next: '/careers' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Invalid CSRF token.');
    expect((await bootData(client)).data.isLoggedIn).toBe(true);
  });

  it('signs out over JSON, never redirects off-site, and hands the widget a working anonymous token', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const sessionToken = client.csrfToken;
    const res = await client.post('/api/auth/logout', { next: '//evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true, next: '/careers' } });
    expect(res.headers['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['x-csrf-token']).not.toBe(sessionToken);
    expect((await bootData(client)).data.isLoggedIn).toBe(false);
    const view = await client.post(`/vslog?domain=${DEMO_DOMAIN}`, { namespace: 'n', event: 'e', data_json: '{}' });
    expect(view.statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  it('treats an idle-expired session as signed out and deletes it', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const id = sha256Hex(client.sessionCookie!);
    const stored = await ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.candidate_id).not.toBeNull();
    expect(Date.parse(stored.expires_at) - Date.parse(stored.last_seen_at)).toBe(8 * 60 * 60 * 1000);

    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const res = await client.get(`/api/pcsx/notification_badge?domain=${DEMO_DOMAIN}`);
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-login']).toBe('1');
    expect(await ctx.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('never stores the raw cookie token', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const raw = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', client.sessionCookie!)
      .executeTakeFirst();
    expect(raw).toBeUndefined();
  });
});
