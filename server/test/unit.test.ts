import { hashPassword, verifyPassword } from '../src/auth/password';
import { isSafeRedirectPath, safeRedirectPath } from '../src/auth/safe-next';
import { constantTimeEqual } from '../src/auth/tokens';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';
import { convertTextParts } from '../src/http/validation';
import { resolveLanguage } from '../src/i18n';
import { NotificationIdParams } from '../src/contract';
import { serializeJsonForScript, escapeHtml } from '../src/web/html';
import { widgetCacheControl } from '../src/web/cache-policy';
import { renderHostPage } from '../src/web/host-page';
import { buildBootData } from '../src/web/boot-data';

describe('safe redirect paths', () => {
  it.each(['/careers', '/careers/offers?domain=acme.example', '/careers#top', '/', '/careers/job/12-robotics'])(
    'accepts %j',
    (path) => {
      expect(isSafeRedirectPath(path)).toBe(true);
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    '',
    'careers',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/careers\\..\\x',
    'https://evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/careers\u0000',
    ' /careers',
    `/${'a'.repeat(2001)}`,
    undefined,
    42,
  ])('rejects %j', (path) => {
    expect(isSafeRedirectPath(path)).toBe(false);
    expect(safeRedirectPath(path)).toBe('/careers');
  });
});

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const [one, two] = await Promise.all([hashPassword('careers-demo'), hashPassword('careers-demo')]);
    expect(one).not.toBe(two);
    expect(one).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('careers-demo', one)).toBe(true);
    expect(await verifyPassword('careers-demo!', one)).toBe(false);
    expect(await verifyPassword('careers-demo', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('careers-demo', 'scrypt$0$8$1$abc$def')).toBe(false);
  });

  it('compares tokens in constant time', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});

/** An employer of acme.example with the widgets' defaults, named `companyName`. */
const employerNamed = (companyName: string) => ({
  domain: 'acme.example',
  companyName,
  notificationsEnabled: true,
  actionRequiredConfigured: false,
  termsOfService: { enabled: false },
  savedSearchNotificationEnabled: false,
  candidateLoginEnabled: true,
  candidateSignupEnabled: true,
  signupConsentText: null,
  pcsxConfig: {},
});

describe('HTML and JSON escaping', () => {
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes JSON that cannot end a script element and still parses', () => {
    const value = { text: '</script><!--<script>&\u2028\u2029' };
    const json = serializeJsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('fills the host template (lang and marker), treating $ patterns literally', () => {
    const bootData = buildBootData(employerNamed("$& $' $`"), null, 'fr-CA');
    const html = renderHostPage("<html class='x' lang='en'><head><!--careers:head--></head></html>", {
      csrfToken: 'tok',
      bootData,
    });
    expect(html).toContain(`<html class='x' lang="fr-CA" dir="ltr">`);
    expect(html).toContain('<meta name="csrf-token" content="tok">');
    expect(html).toContain("$\\u0026 $' $`");
    const noLang = renderHostPage('<html><head><!--careers:head--></head></html>', { csrfToken: 't', bootData });
    expect(noLang).toContain('<html lang="fr-CA" dir="ltr">');
  });

  it("draws the careers navbar's home link in its slot before any script, only where the navbar is drawn", () => {
    const bootData = buildBootData(employerNamed('<b>A&B</b>'), null, 'en');
    const template = '<html><head><!--careers:head--></head><body><div id="careers-navbar"></div></body></html>';
    const plan = (shell: string) => ({
      manifest: null,
      page: 'dashboard',
      home: false,
      slots: [],
      shell,
      heroImage: shell.includes('hero') ? 'https://cdn.example/hero "1".png' : null,
      widgets: [],
      firstScreenCalls: [],
      preloads: [],
    });
    const drawn = renderHostPage(template, {
      csrfToken: 't',
      bootData,
      plan: plan('navbar footer'),
      homeQuery: '?domain=acme.example',
    });
    expect(drawn).toContain(
      '<div id="careers-navbar"><div class="careers-navbar-preview" data-careers-preview>' +
        '<a href="/careers?domain=acme.example"><span>Careers at &lt;b&gt;A&amp;B&lt;/b&gt;</span></a></div></div>',
    );
    // With the employer's logo (issue 22), in the navbar's 40 px box, so the name does not move when the widget's
    // navbar takes over; an address that is neither a site path nor https is not drawn.
    const withLogo = (logoUrl: string) =>
      renderHostPage(template, {
        csrfToken: 't',
        bootData: {
          ...bootData,
          pcsxConfig: { ...bootData.pcsxConfig, branding: { ...bootData.pcsxConfig.branding!, logoUrl } },
        },
        plan: plan('navbar footer'),
        homeQuery: '',
      });
    expect(withLogo('/brand/logo.svg?v=1&h=2')).toContain(
      '<a href="/careers"><img src="/brand/logo.svg?v=1&amp;h=2" alt="" width="178" height="160"><span>Careers at',
    );
    expect(withLogo('javascript:alert(1)')).not.toContain('<img');
    // Hidden once the widget's host is in the slot.
    expect(drawn).toContain('#careers-navbar:has(> [data-careers-widget]) > [data-careers-preview]{display:none}');
    const french = renderHostPage(template, {
      csrfToken: 't',
      bootData: { ...bootData, language: 'fr-CA' },
      plan: plan('navbar'),
    });
    expect(french).toContain('>Carrières chez &lt;b&gt;A&amp;B&lt;/b&gt;</span></a>');
    for (const shell of ['footer', 'promo hero footer', '']) {
      expect(renderHostPage(template, { csrfToken: 't', bootData, plan: plan(shell) })).not.toContain(
        'data-careers-preview',
      );
    }
    // The hero image is asked for with the page (its address escaped), and only where it is drawn.
    expect(renderHostPage(template, { csrfToken: 't', bootData, plan: plan('promo hero footer') })).toContain(
      '<link rel="preload" as="image" href="https://cdn.example/hero &quot;1&quot;.png" fetchpriority="high">',
    );
    expect(renderHostPage(template, { csrfToken: 't', bootData, plan: plan('navbar footer') })).not.toContain(
      'as="image"',
    );
  });
});

describe('languages', () => {
  it.each([
    [undefined, 'en'],
    ['en', 'en'],
    ['fr-CA', 'fr-CA'],
    ['fr_ca', 'fr-CA'],
    ['fr', 'fr-FR'],
    ['fr-BE', 'fr-BE'],
    ['en-GB', 'en-GB'],
    ['en-US', 'en'],
    ['de', 'de-DE'],
    ['zh-HK', 'zh-TW'],
    ['xx', 'en'],
  ])('hl=%j → %s', (hl, language) => {
    expect(resolveLanguage(hl)).toBe(language);
  });
});

describe('query and path conversion', () => {
  it('converts only exact integer text', () => {
    expect(convertTextParts(NotificationIdParams, { id: '12' })).toEqual({ id: 12 });
    expect(convertTextParts(NotificationIdParams, { id: '1.5' })).toEqual({ id: '1.5' });
    expect(convertTextParts(NotificationIdParams, { id: '012' })).toEqual({ id: '012' });
    expect(convertTextParts(NotificationIdParams, { id: '1e3' })).toEqual({ id: '1e3' });
  });
});

describe('widget cache policy', () => {
  it.each([
    ['/dist/widgets/notifications/remoteEntry.js', 'no-cache'],
    ['/dist/widgets/notifications/remoteEntry.js.br', 'no-cache'],
    ['/dist/widgets/manifest.json.gz', 'no-cache'],
    ['/dist/widgets/root-config/root-config.js', 'no-cache'],
    ['/dist/widgets/notifications/123.abcdef.js.br', 'public, max-age=31536000, immutable'],
  ])('%s → %s', (file, policy) => {
    expect(widgetCacheControl(file)).toBe(policy);
  });
});

describe('configuration', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: `${REPO_ROOT}/.data`,
      databaseUrl: null,
      sqliteFile: `${REPO_ROOT}/.data/careers.sqlite`,
      cookieSecure: false,
      trustProxy: false,
      distDir: `${REPO_ROOT}/dist`,
      hostDemoDir: `${REPO_ROOT}/host-demo`,
      defaultDomain: 'acme.example',
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/careers-data',
      DATABASE_URL: 'postgresql://user:secret@db:5432/careers',
      COOKIE_SECURE: 'true',
    });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: '/tmp/careers-data', cookieSecure: true });
    expect(config.databaseUrl).toBe('postgresql://user:secret@db:5432/careers');
    expect(loadConfig({ DATABASE_URL: 'file:careers.sqlite' }).databaseUrl).toBeNull();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ DEFAULT_DOMAIN: 'not a domain' }, 'DEFAULT_DOMAIN'],
  ])('rejects %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
