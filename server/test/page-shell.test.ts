/**
 * The page shell on the server (docs/product/shell.md), on SQLite and PostgreSQL:
 * the stored branding, implementation phase and behaviour flags (checked like the rest of pcsx_config_json, unsafe
 * addresses refused), what the boot data carries, migration 0015 on a database seeded before it, and the 500 page
 * of a careers page (go back, contact, the error's stack for the employer's admin only; the API keeps its JSON).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { BootData as BootDataShape } from '../src/contract';
import { migrateToLatest } from '../src/db/migrate';
import { DEMO_ADMIN_EMAIL } from '../src/db/seed';
import { DEMO_BRANDING, DEMO_PCSX_CONFIG } from '../src/employers/demo-config';
import { parseEmployerPcsxConfig } from '../src/employers/pcsx-config';
import { createEmployerRepository } from '../src/employers/repository';
import { isShellAddress } from '../src/contract';
import { createCandidateRepository } from '../src/candidates/repository';
import * as bootDataModule from '../src/web/boot-data';
import {
  bootDataOf,
  createTestDatabase,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  TestClient,
  useTestApp,
  signedIn,
  migratorFor,
} from './helpers';

const ctx = useTestApp();
const OTHER_DOMAIN = 'globex.example';

beforeAll(async () => {
  await createEmployerRepository(ctx.db).create(
    { domain: OTHER_DOMAIN, companyName: 'Globex', notificationsEnabled: false, actionRequiredConfigured: false },
    new Date(),
  );
});

async function bootData(client: TestClient, domain = DEMO_DOMAIN): Promise<BootDataShape> {
  const res = await client.get(`/careers/search?domain=${domain}`);
  expect(res.statusCode).toBe(200);
  return bootDataOf(res.body);
}

const setStored = (domain: string, value: unknown) =>
  ctx.db
    .updateTable('employers')
    .set({ pcsx_config_json: value === null ? null : JSON.stringify(value) })
    .where('domain', '=', domain)
    .execute();

describe('page shell addresses (isShellAddress)', () => {
  it.each([
    ['https://cdn.acme.example/hero.png', true],
    ['HTTPS://cdn.acme.example/hero.png', true],
    ['/host-demo/acme-hero.svg', true],
    ['/', true],
    ['/careers/search?query=robotics#top', true],
    ['//evil.example/hero.png', false],
    ['/\\evil.example/hero.png', false],
    ['http://cdn.acme.example/hero.png', false],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:image/svg+xml,<svg/>', false],
    ['hero.png', false],
    ['../hero.png', false],
    ['https://', false],
    ['https:///path', false],
    ['https:', false],
    ['/hero\n.png', false],
    ['', false],
    ['mailto:careers@acme.example', false],
  ])('an image address %j is allowed: %s', (address, allowed) => {
    expect(isShellAddress(address)).toBe(allowed);
  });

  it.each([
    ['mailto:careers@acme.example', true],
    ['MAILTO:careers@acme.example?subject=Hello%20there', true],
    ['https://acme.example/contact', true],
    ['/careers/contact', true],
    ['mailto:', false],
    ['javascript:alert(1)', false],
    ['//acme.example/contact', false],
    ['tel:+15145550100', false],
  ])('a contact address %j is allowed: %s', (address, allowed) => {
    expect(isShellAddress(address, { mailto: true })).toBe(allowed);
  });
});

describe('stored page shell configuration', () => {
  it('keeps valid branding, implementation phase and behaviour flags', () => {
    const problems: string[] = [];
    const stored = {
      branding: DEMO_BRANDING,
      implementationPhase: true,
      behaviourFlags: { hideInjectedFooter: true, shouldRedirectToDashboardV2: false },
    };
    expect(parseEmployerPcsxConfig(JSON.stringify(stored), (problem) => problems.push(problem))).toEqual(stored);
    expect(problems).toEqual([]);
  });

  it('reports and drops what does not match, naming the key and the path', () => {
    const problems: string[] = [];
    const parsed = parseEmployerPcsxConfig(
      JSON.stringify({
        branding: {
          companyName: 'Not Acme',
          customNavbarConfig: { enable: true, showInLoggedinView: false },
          heroImageConfig: { imageUrl: '//evil.example/hero.png', altText: '' },
          contactUrl: 'javascript:alert(1)',
        },
        implementationPhase: 'yes',
        behaviourFlags: { hideInjectedFooter: 'true' },
        jobCartConfig: { enabled: true },
      }),
      (problem) => problems.push(problem),
    );
    expect(parsed).toEqual({
      branding: { customNavbarConfig: { enable: true, showInLoggedinView: false } },
      jobCartConfig: { enabled: true },
    });
    expect(problems).toEqual([
      'pcsx_config_json "branding" at /companyName: the company name is the employer\'s own column; it is ignored.',
      'pcsx_config_json "branding" at /heroImageConfig/imageUrl: Expected an https: address or a path starting with a single "/"; the hero image is ignored.',
      'pcsx_config_json "branding" at /contactUrl: Expected an https: or mailto: address or a path starting with a single "/"; it is ignored.',
      'pcsx_config_json "implementationPhase" does not match the contract at /: Expected boolean; it is ignored.',
      'pcsx_config_json "behaviourFlags" does not match the contract at /hideInjectedFooter: Expected boolean; it is ignored.',
    ]);
  });

  it('drops a whole branding that does not match its schema (a banner alertType other than alert or info)', () => {
    const problems: string[] = [];
    const branding = { customPageSections: { customPcsBanner: { alertType: 'warning', html: '<b>Hi</b>' } } };
    expect(parseEmployerPcsxConfig(JSON.stringify({ branding }), (problem) => problems.push(problem))).toEqual({});
    expect(problems).toEqual([
      expect.stringMatching(
        /^pcsx_config_json "branding" does not match the contract at \/customPageSections\/customPcsBanner\/alertType: .+; it is ignored\.$/,
      ),
    ]);
  });
});

describe('boot data of the page shell', () => {
  afterEach(() => setStored(DEMO_DOMAIN, DEMO_PCSX_CONFIG));

  it('gives the demo employer its branding with the company name, no implementation phase, no flags', async () => {
    const data = await bootData(new TestClient(ctx.app));
    expect(data.pcsxConfig.branding).toEqual({ companyName: 'Acme Robotics', ...DEMO_BRANDING });
    expect(data.pcsxConfig.branding?.customNavbarConfig).toEqual({ enable: true, showInLoggedinView: false });
    expect(data.pcsxConfig.branding?.customPageSections?.customPcsBanner?.pages).toEqual(['jobs']);
    expect(data.pcsxConfig).not.toHaveProperty('implementationPhase');
    expect(data.behaviourFlags).toEqual({});
    expect(data.user).toBeNull();
  });

  it('carries the stored behaviour flags and the implementation phase only when it is on', async () => {
    await setStored(DEMO_DOMAIN, {
      ...DEMO_PCSX_CONFIG,
      implementationPhase: true,
      behaviourFlags: { hideInjectedFooter: true, shouldRedirectToDashboardV2: false },
    });
    let data = await bootData(new TestClient(ctx.app));
    expect(data.pcsxConfig.implementationPhase).toBe(true);
    expect(data.behaviourFlags).toEqual({ hideInjectedFooter: true, shouldRedirectToDashboardV2: false });

    await setStored(DEMO_DOMAIN, { ...DEMO_PCSX_CONFIG, implementationPhase: false });
    data = await bootData(new TestClient(ctx.app));
    expect(data.pcsxConfig).not.toHaveProperty('implementationPhase');
    expect(data.behaviourFlags).toEqual({});
  });

  it("never lets a stored company name replace the employer's, and leaves out an unsafe hero image", async () => {
    await setStored(DEMO_DOMAIN, {
      branding: { ...DEMO_BRANDING, companyName: 'Evil Corp', heroImageConfig: { imageUrl: 'javascript:alert(1)' } },
    });
    const data = await bootData(new TestClient(ctx.app));
    expect(data.pcsxConfig.branding?.companyName).toBe('Acme Robotics');
    expect(data.pcsxConfig.branding).not.toHaveProperty('heroImageConfig');
    expect(data.pcsxConfig.branding?.contactUrl).toBe('mailto:careers@acme.example');
  });

  it('gives an employer without branding only its company name', async () => {
    const data = await bootData(new TestClient(ctx.app), OTHER_DOMAIN);
    expect(data.pcsxConfig.branding).toEqual({ companyName: 'Globex' });
  });

  it('marks the admin candidate is_admin and nobody else', async () => {
    const admin = await signedIn(ctx.app, DEMO_ADMIN_EMAIL);
    const adminData = await bootData(admin);
    expect(adminData.user).toMatchObject({ email: DEMO_ADMIN_EMAIL, is_admin: true });
    expect(adminData.onboarding).toEqual({ isOnboarded: true, isBootstrapped: true, tosAttested: true });
    expect(adminData.profile).toMatchObject({ firstname: 'Ada', lastname: 'Admin', fullname: 'Ada Admin' });

    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const caseyData = await bootData(casey);
    expect(caseyData.user?.email).toBe(DEMO_CANDIDATE_EMAIL);
    expect(caseyData.user).not.toHaveProperty('is_admin');
  });
});

describe('migration 0015 on a database seeded before it', () => {
  it('adds the demo branding and the demo admin once, keeping the rest of the configuration', async () => {
    const old = await createTestDatabase();
    try {
      const migrator = await migratorFor(old);
      expect((await migrator.migrateTo('0014_settings')).error).toBeUndefined();
      // As seeded before 0015: no admin, a configuration without branding; another employer with its own.
      await old.db.deleteFrom('candidates').where('email', '=', DEMO_ADMIN_EMAIL).execute();
      const { branding: _branding, ...withoutBranding } = DEMO_PCSX_CONFIG;
      const own = { branding: { contactUrl: 'https://globex.example/contact' } };
      await sql`update employers set pcsx_config_json = ${JSON.stringify(withoutBranding)} where domain = ${DEMO_DOMAIN}`.execute(
        old.db,
      );
      await sql`insert into employers (domain, company_name, notifications_enabled, action_required_configured, created_at, pcsx_config_json) values (${OTHER_DOMAIN}, 'Globex', 0, 0, ${new Date().toISOString()}, ${JSON.stringify(own)})`.execute(
        old.db,
      );

      expect(await migrateToLatest(old.db)).toContain('0015_page_shell');
      const employers = createEmployerRepository(old.db);
      expect((await employers.find(DEMO_DOMAIN))!.pcsxConfig).toEqual(DEMO_PCSX_CONFIG);
      expect((await employers.find(OTHER_DOMAIN))!.pcsxConfig).toEqual(own);
      const candidates = createCandidateRepository(old.db);
      const admin = await candidates.findForLogin(DEMO_DOMAIN, DEMO_ADMIN_EMAIL);
      expect(admin).toMatchObject({ firstName: 'Ada', lastName: 'Admin', isAdmin: true, isOnboarded: true });
      expect(admin!.passwordHash).toMatch(/^scrypt\$/);
      expect((await candidates.findByEmail(DEMO_DOMAIN, DEMO_CANDIDATE_EMAIL))!.isAdmin).toBe(false);
    } finally {
      await old.destroy();
    }
  });
});

describe('the 500 page of a careers page', () => {
  const templatePath = () => path.join(ctx.config.hostDemoDir, 'index.html');
  let template = '';

  /** Makes the host page fail unexpectedly: its template becomes a folder (EISDIR when read). */
  async function withBrokenPage<T>(run: () => Promise<T>): Promise<T> {
    template = fs.readFileSync(templatePath(), 'utf8');
    fs.rmSync(templatePath());
    fs.mkdirSync(templatePath());
    try {
      return await run();
    } finally {
      fs.rmdirSync(templatePath());
      fs.writeFileSync(templatePath(), template);
    }
  }

  const links = (html: string) =>
    [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((match) => [match[2], match[1]]);

  function expectNoDetails(html: string) {
    expect(html).not.toContain('<details');
    expect(html).not.toContain('EISDIR');
    expect(html).not.toMatch(/\bat .+\.ts:\d+/);
  }

  it('shows a visitor "Internal Server Error", a way back and the contact link, never the error', async () => {
    const res = await withBrokenPage(() => new TestClient(ctx.app).get(`/careers/offers?domain=${DEMO_DOMAIN}&hl=en`));
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.body).toContain('<h1>Internal Server Error</h1>');
    expect(res.body).toContain('<title>Internal Server Error</title>');
    expect(links(res.body)).toEqual([
      ['Go back', '/careers?domain=acme.example&amp;hl=en'],
      ['Contact us', 'mailto:careers@acme.example'],
    ]);
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(res.body).not.toMatch(/<style|style=/);
    expectNoDetails(res.body);
  });

  it('goes back to the page the visitor came from when it is on this site only', async () => {
    const client = new TestClient(ctx.app);
    const sameSite = await withBrokenPage(() =>
      client.get(`/careers/offers?domain=${DEMO_DOMAIN}`, {
        host: 'careers.test',
        referer: 'http://careers.test/careers/search?domain=acme.example&query=robot%22s',
      }),
    );
    expect(links(sameSite.body)[0]).toEqual(['Go back', '/careers/search?domain=acme.example&amp;query=robot%22s']);
    const otherSite = await withBrokenPage(() =>
      client.get(`/careers/offers?domain=${DEMO_DOMAIN}`, {
        host: 'careers.test',
        referer: 'https://evil.example/careers/search',
      }),
    );
    expect(links(otherSite.body)[0]).toEqual(['Go back', '/careers?domain=acme.example']);
    const notAnAddress = await withBrokenPage(() => client.get('/careers/offers', { referer: 'javascript:alert(1)' }));
    expect(links(notAnAddress.body)[0]).toEqual(['Go back', '/careers']);
  });

  it('speaks French with hl=fr-CA', async () => {
    const res = await withBrokenPage(() => new TestClient(ctx.app).get(`/careers?domain=${DEMO_DOMAIN}&hl=fr-CA`));
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<html lang="fr-CA" dir="ltr">');
    expect(res.body).toContain('<h1>Erreur interne du serveur</h1>');
    expect(links(res.body).map(([text]) => text)).toEqual(['Retour', 'Nous joindre']);
  });

  it("uses the employer's contactUrl, else careers@ its domain", async () => {
    await setStored(OTHER_DOMAIN, { branding: { contactUrl: 'https://globex.example/contact?from=careers' } });
    try {
      const own = await withBrokenPage(() => new TestClient(ctx.app).get(`/careers?domain=${OTHER_DOMAIN}`));
      expect(links(own.body)[1]).toEqual(['Contact us', 'https://globex.example/contact?from=careers']);
    } finally {
      await setStored(OTHER_DOMAIN, null);
    }
    const fallback = await withBrokenPage(() => new TestClient(ctx.app).get(`/careers?domain=${OTHER_DOMAIN}`));
    expect(links(fallback.body)[1]).toEqual(['Contact us', 'mailto:careers@globex.example']);
  });

  it('shows a signed-in candidate who is not an admin no error either', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await withBrokenPage(() => casey.get(`/careers/dashboard?domain=${DEMO_DOMAIN}`));
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<h1>Internal Server Error</h1>');
    expectNoDetails(res.body);
  });

  it("shows the employer's admin the error and its stack, escaped, in a details block", async () => {
    const admin = await signedIn(ctx.app, DEMO_ADMIN_EMAIL);
    const failing = jest.spyOn(bootDataModule, 'buildBootData').mockImplementation(() => {
      throw new TypeError('<img src=x onerror=alert(1)> & "boom"');
    });
    let res;
    try {
      res = await admin.get(`/careers/dashboard?domain=${DEMO_DOMAIN}`);
    } finally {
      failing.mockRestore();
    }
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<h1>Internal Server Error</h1>');
    expect(links(res.body).map(([text]) => text)).toEqual(['Go back', 'Contact us']);
    const details =
      /<details>\n<summary>([^<]+)<\/summary>\n<p><strong>([^<]+)<\/strong><\/p>\n<pre>([^<]+)<\/pre>\n<\/details>/.exec(
        res.body,
      );
    expect(details).not.toBeNull();
    expect(details![1]).toBe('Error details (shown to administrators only)');
    expect(details![2]).toBe('TypeError: &lt;img src=x onerror=alert(1)&gt; &amp; &quot;boom&quot;');
    expect(details![3]).toMatch(/^TypeError: &lt;img src=x onerror=alert\(1\)&gt; &amp; &quot;boom&quot;\n\s+at /);
    expect(details![3]).toContain('page-shell.test.ts');
    expect(res.body).not.toContain('<img');

    // The admin of acme.example is nobody's admin on another employer's page.
    const elsewhere = await withBrokenPage(() => admin.get(`/careers?domain=${OTHER_DOMAIN}`));
    expect(elsewhere.statusCode).toBe(500);
    expectNoDetails(elsewhere.body);
  });

  it('still renders when the failure is the database itself (no employer to read)', async () => {
    const admin = await signedIn(ctx.app, DEMO_ADMIN_EMAIL);
    await sql`alter table employers rename to employers_away`.execute(ctx.db);
    let res;
    try {
      res = await admin.get(`/careers/search?domain=${DEMO_DOMAIN}`);
    } finally {
      await sql`alter table employers_away rename to employers`.execute(ctx.db);
    }
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<h1>Internal Server Error</h1>');
    expect(links(res.body)).toEqual([
      ['Go back', '/careers?domain=acme.example'],
      ['Contact us', `mailto:careers@${ctx.config.defaultDomain}`],
    ]);
    // Without the employer there is no knowing whose admin this is: no details.
    expect(res.body).not.toContain('<details');
  });

  it("keeps the page for a client's mistake (unknown employer: 404) and JSON for the API", async () => {
    const unknown = await new TestClient(ctx.app).get('/careers?domain=nobody.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('Internal Server Error');
    expect(unknown.body).toContain('nobody.example');

    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    await sql`alter table notifications rename to notifications_away`.execute(ctx.db);
    let api;
    try {
      api = await casey.get(`/api/pcsx/notifications?domain=${DEMO_DOMAIN}`);
    } finally {
      await sql`alter table notifications_away rename to notifications`.execute(ctx.db);
    }
    expect(api.statusCode).toBe(500);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error.',
      code: 'internal_error',
    });
  });
});
