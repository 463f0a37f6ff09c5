import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { LANGUAGE_NAMES, SHIPPED_LANGUAGES } from '../src/contract';
import { DEMO_TERMS } from '../src/db/seed';
import { DEMO_PCSX_CONFIG } from '../src/employers/demo-config';
import { createEmployerRepository } from '../src/employers/repository';
import {
  bootDataOf,
  buildApp,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  HOST_TEMPLATE,
  TestClient,
  tempDir,
  useTestApp,
  signedIn,
} from './helpers';

const ctx = useTestApp();

describe('host page', () => {
  it('GET / redirects to /careers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/careers');
  });

  it('injects the CSRF meta tag and signed-out boot data, uncached, with a CSP', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.get('/careers');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<!--careers:head-->');
    expect(res.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}">/);
    // A signed-out page load writes no session row: the token comes from an anonymous cookie and the server key.
    expect(client.sessionCookie).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(
      /^careers_anon=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(await ctx.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    const data = bootDataOf(res.body);
    const { gates: _gates, ...demoPcsxConfig } = DEMO_PCSX_CONFIG;
    expect(data).toEqual({
      groupId: DEMO_DOMAIN,
      isLoggedIn: false,
      user: null,
      profile: null,
      pcsxConfig: {
        termsOfServiceConfig: DEMO_TERMS,
        // No GOOGLE_MAPS_API_KEY in this server's settings: the map is configured but has no key.
        ...demoPcsxConfig,
        // The page shell: the employer's name and its stored branding (0015).
        branding: { companyName: 'Acme Robotics', ...DEMO_PCSX_CONFIG.branding },
      },
      behaviourFlags: {},
      // The employer's gates sit beside the configuration in the boot data (docs/product/shell.md#starting-data;
      // decision 023).
      gates: DEMO_PCSX_CONFIG.gates,
      notificationsConfig: {
        enabled: true,
        hasActionRequiredNotificationsConfigured: true,
        notificationKeys: { savedSearchNotification: { enabled: true } },
      },
      loginSignupConfig: { candidateLoginEnabled: true, candidateSignupEnabled: true },
      supportedLanguages: [...SHIPPED_LANGUAGES],
      // Each named in itself for the language menus, which do not carry the list.
      languageNames: { ...LANGUAGE_NAMES },
      language: 'en',
      manifestUrl: '/widgets/manifest.json',
      onboarding: null,
    });
  });

  it('the page token is the token API calls accept', async () => {
    const client = new TestClient(ctx.app);
    const page = await client.get('/careers/offers');
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)![1]!;
    const res = await client.post(
      `/vslog?domain=${DEMO_DOMAIN}`,
      { namespace: 'n', event: 'e', data_json: '{}' },
      { headers: { 'x-csrf-token': token } },
    );
    expect(res.statusCode).toBe(200);
  });

  it('describes the signed-in candidate on any /careers/* page', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await client.get('/careers/offer/42/offer-document/7?domain=acme.example');
    expect(res.statusCode).toBe(200);
    const data = bootDataOf(res.body);
    expect(data.isLoggedIn).toBe(true);
    expect(data.user).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), email: DEMO_CANDIDATE_EMAIL });
    expect(data.profile).toEqual({
      encId: data.user!.id,
      email: DEMO_CANDIDATE_EMAIL,
      firstname: 'Casey',
      lastname: 'Jordan',
      fullname: 'Casey Jordan',
      hasResume: true,
      location: 'Toronto, ON',
    });
    expect(res.body).toContain(`<meta name="csrf-token" content="${client.csrfToken}">`);
  });

  it('sets the language from hl', async () => {
    const fr = await ctx.app.inject({ method: 'GET', url: '/careers?hl=fr-CA' });
    expect(fr.body).toMatch(/<html lang="fr-CA"[ >]/);
    expect(bootDataOf(fr.body).language).toBe('fr-CA');
    const german = await ctx.app.inject({ method: 'GET', url: '/careers?hl=de-DE' });
    expect(german.body).toMatch(/<html lang="de-DE" dir="ltr"[ >]/);
    expect(bootDataOf(german.body).language).toBe('de-DE');
    const arabic = await ctx.app.inject({ method: 'GET', url: '/careers?hl=ar-SA' });
    expect(arabic.body).toMatch(/<html lang="ar-SA" dir="rtl"[ >]/);
    const other = await ctx.app.inject({ method: 'GET', url: '/careers?hl=xx-YY' });
    expect(other.body).toMatch(/<html lang="en"[ >]/);
    expect(bootDataOf(other.body).language).toBe('en');
  });

  it('escapes </script>, <!-- and line separators so a value can never end the script element', async () => {
    const hostile = 'Evil</script><script>alert(1)</script><!-- & \u2028\u2029 $& $1';
    await createEmployerRepository(ctx.db).create(
      { domain: 'evil.example', companyName: hostile, notificationsEnabled: false, actionRequiredConfigured: false },
      new Date(),
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/careers?domain=evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).not.toContain('<!-- &');
    expect(res.body).not.toMatch(/[\u2028\u2029]/);
    expect(res.body).toContain('\\u003c/script\\u003e');
    expect(bootDataOf(res.body).pcsxConfig.branding!.companyName).toBe(hostile);
  });

  it('answers 404 for an unknown employer and 400 for a malformed domain', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/careers?domain=nobody.example' })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: '/careers?domain=%22%3E' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
  });

  it('keeps search parameters working (extra query parameters are allowed on pages)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/careers/search?query=robotics&filter_location=Toronto&filter_location=Remote',
    });
    expect(res.statusCode).toBe(200);
  });

  describe('template problems', () => {
    const brokenHost = tempDir('broken-host');
    const missingHost = path.join(tempDir('missing-host'), 'nothing-here');

    it('answers 503 with instructions when the host page is missing', async () => {
      const app = await buildApp({ db: ctx.db, config: { ...ctx.config, hostDemoDir: missingHost } });
      try {
        const res = await app.inject({ method: 'GET', url: '/careers' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(res.body).toContain(path.join(missingHost, 'index.html'));
        expect(res.body).toMatch(/build the front end/i);
      } finally {
        await app.close();
      }
    });

    it('answers 503 when the template has no marker', async () => {
      fs.writeFileSync(path.join(brokenHost, 'index.html'), HOST_TEMPLATE.replace('<!--careers:head-->', ''));
      const app = await buildApp({ db: ctx.db, config: { ...ctx.config, hostDemoDir: brokenHost } });
      try {
        const res = await app.inject({ method: 'GET', url: '/careers' });
        expect(res.statusCode).toBe(503);
        expect(res.body).toContain('The host page template has no &lt;!--careers:head--&gt; marker');
      } finally {
        await app.close();
      }
    });
  });
});

describe('static files', () => {
  const widgets = () => path.join(ctx.config.distDir, 'widgets');
  const script = `/* widget */ ${'console.log("careers widget");\n'.repeat(200)}`;

  beforeAll(() => {
    const write = (relative: string, content: string, compressed = true) => {
      const file = path.join(widgets(), relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      if (compressed) {
        fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
        fs.writeFileSync(`${file}.gz`, gzipSync(content));
      }
    };
    write('notifications/remoteEntry.js', script);
    write('notifications/423.3f9a1c2b.js', script);
    write('root-config/root-config.js', script);
    write('manifest.json', JSON.stringify({ widgets: [] }), false);
    write('notifications/small.8d1e.css', '.a{color:red}', false);
  });

  it.each([
    ['/widgets/notifications/remoteEntry.js', 'no-cache'],
    ['/widgets/root-config/root-config.js', 'no-cache'],
    ['/widgets/manifest.json', 'no-cache'],
    ['/widgets/notifications/423.3f9a1c2b.js', 'public, max-age=31536000, immutable'],
    ['/widgets/notifications/small.8d1e.css', 'public, max-age=31536000, immutable'],
  ])('%s → Cache-Control %s', async (url, cacheControl) => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(cacheControl);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-csrf-token']).toBeUndefined();
    }
  });

  it('serves the pre-compressed files and varies on Accept-Encoding', async () => {
    const url = '/widgets/notifications/423.3f9a1c2b.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(widgets(), 'notifications/423.3f9a1c2b.js.br')))).toBe(true);

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers.vary).toBe('accept-encoding');

    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toBe('accept-encoding');
  });

  it('serves a development build (no pre-compressed copies) from the plain files', async () => {
    // `npm run dev` builds with webpack --mode development, which writes no .br/.gz files.
    const file = path.join(widgets(), 'offers/dev.0123456789.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, script);
    const url = '/widgets/offers/dev.0123456789.js';
    for (const encoding of ['br, gzip', 'gzip', 'identity']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      const encoded = res.headers['content-encoding'];
      const body =
        encoded === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : encoded === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(body).toBe(script);
    }
  });

  it('answers 404 JSON for a missing widget file and never lists folders', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/widgets/notifications/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    for (const url of ['/widgets/', '/widgets/notifications/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Forbidden', code: 'forbidden' });
    }
  });

  it('does not serve files outside the widgets folder', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/widgets/..%2f..%2fhost%2findex.html' });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('serves host page assets with a short cache, but not the raw template', async () => {
    const css = await ctx.app.inject({ method: 'GET', url: '/host-demo/site.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=300');
    expect(css.headers.vary).toBe('accept-encoding');
    const template = await ctx.app.inject({ method: 'GET', url: '/host-demo/index.html' });
    expect([403, 404]).toContain(template.statusCode);
    expect(template.body).not.toContain('<!--careers:head-->');
  });

  it('compresses dynamic answers and varies on Accept-Encoding', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/careers/login', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<form method="post" action="/api/auth/login"');
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(doc.headers['content-encoding']).toBe('br');
  });
});
