import { sql } from 'kysely';
import { hashPassword } from '../src/auth/password';
import { CANDIDATE_LOGIN_DISABLED } from '../src/auth/routes';
import { createCandidateRepository } from '../src/candidates/repository';
import { ConfigError, loadConfig } from '../src/config';
import { employmentTypeKey, type BootData as BootDataShape } from '../src/contract';
import { migrateToLatest } from '../src/db/migrate';
import { giveDemoConfigTextsEveryLanguage } from '../src/db/seed';
import { DEMO_PCSX_CONFIG, withDemoConfigLanguages } from '../src/employers/demo-config';
import { translator } from '../src/i18n';
import { checkEmployerPcsxConfig, parseEmployerPcsxConfig } from '../src/employers/pcsx-config';
import { createEmployerRepository } from '../src/employers/repository';
import { generateDemoPositions } from '../src/positions/demo-positions';
import {
  bootDataOf,
  buildApp,
  createTestDatabase,
  DEMO_DOMAIN,
  TestClient,
  useTestApp,
  migratorFor,
  withEmployerConfig,
} from './helpers';

const ctx = useTestApp();

/** The boot data of the host page of one employer, from the app given (the test app unless another). */
async function pageBootData(domain: string, app = ctx.app): Promise<BootDataShape> {
  const res = await app.inject({ method: 'GET', url: `/careers/search?domain=${domain}` });
  expect(res.statusCode).toBe(200);
  return bootDataOf(res.body);
}

async function addEmployer(
  domain: string,
  fields: Partial<Parameters<ReturnType<typeof createEmployerRepository>['create']>[0]> = {},
) {
  await createEmployerRepository(ctx.db).create(
    {
      domain,
      companyName: `Company of ${domain}`,
      notificationsEnabled: true,
      actionRequiredConfigured: false,
      ...fields,
    },
    new Date(),
  );
}

describe('stored employer configuration (pcsx_config_json)', () => {
  it('keeps valid parts and reports, then drops, everything else', () => {
    const problems: string[] = [];
    const report = (problem: string) => problems.push(problem);
    expect(parseEmployerPcsxConfig(null, report)).toEqual({});
    expect(parseEmployerPcsxConfig(JSON.stringify(DEMO_PCSX_CONFIG), report)).toEqual(DEMO_PCSX_CONFIG);
    expect(problems).toEqual([]);

    expect(parseEmployerPcsxConfig('{"searchConfig": ', report)).toEqual({});
    expect(parseEmployerPcsxConfig('[1, 2]', report)).toEqual({});
    expect(
      parseEmployerPcsxConfig(
        JSON.stringify({
          searchConfig: { smartFilters: 'department', mapConfig: { enabled: true, apiKey: 'secret-key' } },
          jobCartConfig: { enabled: true },
          positionDetailsConfig: { showInsights: 'yes' },
          somethingElse: 1,
        }),
        report,
      ),
    ).toEqual({ jobCartConfig: { enabled: true } });
    expect(problems).toEqual([
      expect.stringMatching(/^pcsx_config_json is not valid JSON \(.+\); it is ignored\.$/),
      'pcsx_config_json is not a JSON object; it is ignored.',
      'pcsx_config_json "searchConfig" does not match the contract at /smartFilters: Expected array; it is ignored.',
      'pcsx_config_json "positionDetailsConfig" does not match the contract at /showInsights: Expected boolean; it is ignored.',
      'pcsx_config_json has an unknown key "somethingElse"; it is ignored.',
    ]);
    // A stored key is never repeated in a report.
    expect(problems.join('\n')).not.toContain('secret-key');
  });
});

describe('boot data of the host page', () => {
  it('carries the demo employer’s search, job cart and position details configuration and its switches', async () => {
    const data = await pageBootData(DEMO_DOMAIN);
    expect(data.pcsxConfig.searchConfig).toEqual(DEMO_PCSX_CONFIG.searchConfig);
    expect(data.pcsxConfig.searchConfig!.smartFilters).toEqual(['department', 'employment_type', 'remote']);
    expect(data.pcsxConfig.searchConfig!.allFilters).toEqual([
      'department',
      'employment_type',
      'location',
      'remote',
      'skills',
      'distance',
    ]);
    expect(data.pcsxConfig.searchConfig!.mapConfig).toEqual({ enabled: true });
    expect(data.pcsxConfig.searchConfig!.currentLocation).toEqual({ enabled: true });
    // No one-language names or labels: the widget names the filters and their values in the page's language.
    expect(data.pcsxConfig.searchConfig!.searchOptionsMap).toBeUndefined();
    expect(data.pcsxConfig.jobCartConfig).toEqual({ enabled: true });
    expect(data.pcsxConfig.positionDetailsConfig).toEqual({ showMatchDetails: true, showInsights: true });
    expect(data.notificationsConfig.notificationKeys).toEqual({ savedSearchNotification: { enabled: true } });
    expect(data.loginSignupConfig).toEqual({ candidateLoginEnabled: true, candidateSignupEnabled: true });
  });

  it('uses only employment types the widget names in every language', async () => {
    const positions = generateDemoPositions({ domain: DEMO_DOMAIN, count: 2000, now: new Date() });
    const types = [...new Set(positions.map((position) => position.employmentType))].sort();
    expect(types.length).toBeGreaterThan(3);
    for (const type of types) expect([type, employmentTypeKey(type)]).toEqual([type, expect.any(String)]);
    // `filter_remote` takes `true` / `false`; both occur.
    expect(new Set(positions.map((position) => String(position.remote)))).toEqual(new Set(['true', 'false']));
  });

  it('gives an employer without configuration the switches’ defaults and no widget configuration', async () => {
    await addEmployer('plain.example');
    const data = await pageBootData('plain.example');
    expect(data.pcsxConfig).toEqual({
      branding: { companyName: 'Company of plain.example' },
      termsOfServiceConfig: { enabled: false },
    });
    expect(data.notificationsConfig.notificationKeys).toEqual({ savedSearchNotification: { enabled: false } });
    expect(data.loginSignupConfig).toEqual({ candidateLoginEnabled: true, candidateSignupEnabled: true });
  });

  it('gives the employer’s own texts in the page language, else its default language’s', async () => {
    const domain = 'languages.example';
    await addEmployer(domain);
    const texts = {
      supportedLanguages: ['en', 'fr-CA', 'de-DE'],
      defaultLanguage: 'fr-CA',
      searchConfig: {
        searchOptionsMap: {
          department: { displayName: { en: 'Team', 'fr-CA': 'Équipe', 'de-DE': 'Abteilung' } },
          remote: { options: { labelMap: { true: { en: 'From home', 'fr-CA': 'De la maison' } } } },
        },
      },
    };
    await ctx.db
      .updateTable('employers')
      .set({ pcsx_config_json: JSON.stringify(texts) })
      .where('domain', '=', domain)
      .execute();
    const boot = async (hl: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/careers/search?domain=${domain}&hl=${hl}` });
      return bootDataOf(res.body).pcsxConfig.searchConfig!.searchOptionsMap!;
    };
    expect((await boot('fr-CA')).department!.displayName).toBe('Équipe');
    expect((await boot('de-DE')).department!.displayName).toBe('Abteilung');
    expect((await boot('en')).remote!.options!.labelMap!.true).toBe('From home');
    // German has no text of its own for the label: the employer's default language's.
    expect((await boot('de-DE')).remote!.options!.labelMap!.true).toBe('De la maison');
    // A language the employer does not offer reads the default language.
    expect((await boot('ja-JP')).department!.displayName).toBe('Équipe');
    // The stored configuration keeps every language; the server reads the default language's elsewhere.
    const employer = (await createEmployerRepository(ctx.db).find(domain))!;
    expect(employer.pcsxConfig.searchConfig!.searchOptionsMap!.department!.displayName).toBe('Équipe');
  });

  it('refuses a text per language that is not one (a tag that is not shipped, a value that is not a text)', async () => {
    const problems: string[] = [];
    const config = {
      searchConfig: { searchOptionsMap: { department: { displayName: { fr: 'Équipe' } } } },
      loggedOutNotificationConfig: { enabled: true, privacyText: { en: 'We keep it.', 'fr-CA': 3 } },
    };
    const checked = checkEmployerPcsxConfig(config, (problem) => problems.push(problem));
    expect(checked).toEqual({});
    expect(problems).toEqual([
      expect.stringContaining('"searchConfig" does not match the contract at /searchOptionsMap/department/displayName'),
      expect.stringContaining('"loggedOutNotificationConfig" does not match the contract at /privacyText'),
    ]);
  });

  describe('maps key', () => {
    let withKey: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      withKey = await buildApp({ db: ctx.db, config: { ...ctx.config, googleMapsApiKey: 'server-maps-key_1' } });
      await addEmployer('ownkey.example', {
        pcsxConfig: { searchConfig: { mapConfig: { enabled: true, apiKey: 'employer-maps-key', mapId: 'm1' } } },
      });
      await addEmployer('nomap.example', { pcsxConfig: { searchConfig: { mapConfig: { enabled: false } } } });
    });
    afterAll(async () => {
      await withKey?.close();
    });

    it('is absent when GOOGLE_MAPS_API_KEY is not set and the employer has none', async () => {
      expect(ctx.config.googleMapsApiKey).toBeNull();
      const res = await ctx.app.inject({ method: 'GET', url: `/careers/search?domain=${DEMO_DOMAIN}` });
      expect(bootDataOf(res.body).pcsxConfig.searchConfig!.mapConfig).toEqual({ enabled: true });
      expect(res.body).not.toContain('apiKey');
    });

    it('is the server’s key when set, for an enabled map of an employer without its own', async () => {
      const data = await pageBootData(DEMO_DOMAIN, withKey);
      expect(data.pcsxConfig.searchConfig!.mapConfig).toEqual({ enabled: true, apiKey: 'server-maps-key_1' });
      // Everything else of the configuration is as stored.
      expect({ ...data.pcsxConfig.searchConfig, mapConfig: undefined }).toEqual({
        ...DEMO_PCSX_CONFIG.searchConfig,
        mapConfig: undefined,
      });
    });

    it('is the employer’s own key when it has one, and never given to a disabled map', async () => {
      expect((await pageBootData('ownkey.example', withKey)).pcsxConfig.searchConfig!.mapConfig).toEqual({
        enabled: true,
        apiKey: 'employer-maps-key',
        mapId: 'm1',
      });
      expect((await pageBootData('nomap.example', withKey)).pcsxConfig.searchConfig!.mapConfig).toEqual({
        enabled: false,
      });
      expect((await pageBootData('plain.example', withKey)).pcsxConfig.searchConfig).toBeUndefined();
    });

    it('is never stored in the database', async () => {
      const rows = await ctx.db.selectFrom('employers').select(['domain', 'pcsx_config_json']).execute();
      const demo = rows.find((row) => row.domain === DEMO_DOMAIN)!;
      expect(JSON.parse(demo.pcsx_config_json!)).toEqual(withDemoConfigLanguages(DEMO_PCSX_CONFIG));
      expect(demo.pcsx_config_json).not.toContain('apiKey');
    });

    it('is read from GOOGLE_MAPS_API_KEY (optional, trimmed, checked)', () => {
      expect(loadConfig({}).googleMapsApiKey).toBeNull();
      expect(loadConfig({ GOOGLE_MAPS_API_KEY: '  ' }).googleMapsApiKey).toBeNull();
      expect(loadConfig({ GOOGLE_MAPS_API_KEY: ' AIzaSyA-b_C1 ' }).googleMapsApiKey).toBe('AIzaSyA-b_C1');
      expect(() => loadConfig({ GOOGLE_MAPS_API_KEY: '"AIzaSyA"' })).toThrow(ConfigError);
      expect(() => loadConfig({ GOOGLE_MAPS_API_KEY: 'two words' })).toThrow(/GOOGLE_MAPS_API_KEY/);
    });
  });

  it('serves the page when the stored configuration is broken, logging it once and ignoring the broken parts', async () => {
    const warn = jest.spyOn(ctx.app.log, 'warn');
    try {
      await addEmployer('broken.example');
      await addEmployer('halfbroken.example');
      await ctx.db
        .updateTable('employers')
        .set({ pcsx_config_json: '{"searchConfig": {"smartFilters": [' })
        .where('domain', '=', 'broken.example')
        .execute();
      await ctx.db
        .updateTable('employers')
        .set({
          pcsx_config_json: JSON.stringify({
            searchConfig: { mapConfig: { enabled: 'yes' } },
            jobCartConfig: { enabled: true },
          }),
        })
        .where('domain', '=', 'halfbroken.example')
        .execute();

      const broken = await pageBootData('broken.example');
      expect(broken.pcsxConfig).toEqual({
        branding: { companyName: 'Company of broken.example' },
        termsOfServiceConfig: { enabled: false },
      });
      await pageBootData('broken.example');
      const half = await pageBootData('halfbroken.example');
      expect(half.pcsxConfig.searchConfig).toBeUndefined();
      expect(half.pcsxConfig.jobCartConfig).toEqual({ enabled: true });

      const messages = warn.mock.calls.map((call) => String(call[0]));
      expect(messages.filter((message) => message.startsWith('Employer "broken.example"'))).toEqual([
        expect.stringMatching(/^Employer "broken\.example": pcsx_config_json is not valid JSON/),
      ]);
      expect(messages).toContain(
        'Employer "halfbroken.example": pcsx_config_json "searchConfig" does not match the contract at /mapConfig/enabled: Expected boolean; it is ignored.',
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe('sign-in when the employer turns candidate login off', () => {
  const DOMAIN = 'closed.example';
  const EMAIL = 'closed@example.com';
  const PASSWORD = 'closed-password-1';

  beforeAll(async () => {
    await addEmployer(DOMAIN, { candidateLoginEnabled: false });
    await createCandidateRepository(ctx.db).create(
      {
        domain: DOMAIN,
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Cleo',
        lastName: 'Closed',
        isOnboarded: true,
        isBootstrapped: true,
      },
      new Date(),
    );
  });

  const sessionRows = async () =>
    (await ctx.db.selectFrom('sessions').select('id').where('domain', '=', DOMAIN).execute()).length;
  const limitRows = async () => (await ctx.db.selectFrom('rate_limits').select('key').execute()).length;

  it('tells the widgets in the boot data', async () => {
    expect((await pageBootData(DOMAIN)).loginSignupConfig).toEqual({
      candidateLoginEnabled: false,
      candidateSignupEnabled: false,
    });
  });

  it('answers 403 candidate_login_disabled to the right password, creating no session and counting no attempt', async () => {
    const client = new TestClient(ctx.app);
    await client.get(`/careers/login?domain=${DOMAIN}`);
    const limitsBefore = await limitRows();
    const res = await client.post('/api/auth/login', { email: EMAIL, password: PASSWORD, domain: DOMAIN });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: CANDIDATE_LOGIN_DISABLED,
      message: 'Candidate sign-in is turned off for Company of closed.example (domain "closed.example").',
      field: 'domain',
    });
    expect(client.sessionCookie).toBeUndefined();
    expect(await sessionRows()).toBe(0);
    expect(await limitRows()).toBe(limitsBefore);
    expect((await pageBootData(DOMAIN)).isLoggedIn).toBe(false);
  });

  it('shows the reason on the login page and again after a form post, in the page’s language', async () => {
    const client = new TestClient(ctx.app);
    const page = await client.get(`/careers/login?domain=${DOMAIN}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<div id="login-error" class="error" role="alert">Candidate sign-in is not available on the Company of closed.example careers site.</div>',
    );
    const posted = await client.postForm('/api/auth/login', {
      email: EMAIL,
      password: PASSWORD,
      domain: DOMAIN,
      hl: 'fr-CA',
      _csrf: client.csrfToken!,
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.headers['content-type']).toContain('text/html');
    expect(posted.body).toContain(
      'La connexion des candidats n’est pas offerte sur le site Carrières – Company of closed.example.',
    );
    expect(client.sessionCookie).toBeUndefined();
    expect(await sessionRows()).toBe(0);
  });

  it('signs the same candidate in once the employer turns login back on', async () => {
    await ctx.db.updateTable('employers').set({ candidate_login_enabled: 1 }).where('domain', '=', DOMAIN).execute();
    try {
      const client = new TestClient(ctx.app);
      const res = await client.login(EMAIL, PASSWORD, DOMAIN);
      expect(res.statusCode).toBe(200);
      expect(await sessionRows()).toBe(1);
    } finally {
      await ctx.db.updateTable('employers').set({ candidate_login_enabled: 0 }).where('domain', '=', DOMAIN).execute();
    }
  });
});

describe('the demo employer’s own texts in every language', () => {
  const texts = (config: BootDataShape['pcsxConfig']) => ({
    banner: config.branding?.customPageSections?.customPcsBanner?.html,
    footer: config.branding?.customPageSections?.footer,
    privacy: config.loggedOutNotificationConfig?.privacyText,
  });

  it('are the catalogue’s English as the demo writes them, and the page reads them in its language', async () => {
    const english = translator('en');
    expect(texts(DEMO_PCSX_CONFIG as BootDataShape['pcsxConfig'])).toEqual({
      banner: english('demo.config.banner'),
      footer: english('demo.config.footer'),
      privacy: english('demo.config.privacyText'),
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/careers/search?domain=${DEMO_DOMAIN}&hl=de-DE` });
    const german = translator('de-DE');
    expect(texts(bootDataOf(res.body).pcsxConfig)).toEqual({
      banner: german('demo.config.banner'),
      footer: german('demo.config.footer'),
      privacy: german('demo.config.privacyText'),
    });
    expect(german('demo.config.banner')).not.toBe(english('demo.config.banner'));
  });

  it('a database seeded before gets them at start, where nobody changed them', async () => {
    // As seeded before: English only, and the employer has written its own footer since.
    const footer = '<p>Our own footer.</p>';
    const old = JSON.parse(JSON.stringify(DEMO_PCSX_CONFIG)) as typeof DEMO_PCSX_CONFIG;
    old.branding!.customPageSections!.footer = footer;
    await withEmployerConfig(ctx.db, DEMO_DOMAIN, old, async () => {
      expect(await giveDemoConfigTextsEveryLanguage(ctx.db)).toBe(true);
      const row = await ctx.db
        .selectFrom('employers')
        .select('pcsx_config_json')
        .where('domain', '=', DEMO_DOMAIN)
        .executeTakeFirstOrThrow();
      const upgraded = JSON.parse(row.pcsx_config_json!) as typeof DEMO_PCSX_CONFIG;
      expect(upgraded.branding!.customPageSections!.footer).toBe(footer);
      const banner = upgraded.branding!.customPageSections!.customPcsBanner!.html as unknown as Record<string, string>;
      expect(banner['fr-CA']).toBe(translator('fr-CA')('demo.config.banner'));
      expect(Object.keys(banner)).toHaveLength(42);
      expect(await giveDemoConfigTextsEveryLanguage(ctx.db)).toBe(false);
    });
  });
});

describe('migration 0007 on a database seeded before it', () => {
  it('adds the column and gives only the existing demo employer its configuration', async () => {
    const old = await createTestDatabase();
    try {
      const migrator = await migratorFor(old);
      const down = await migrator.migrateTo('0006_saved_searches');
      expect(down.error).toBeUndefined();
      // Every later migration is undone first, then 0007.
      const undone = down.results?.map((result) => [result.migrationName, result.direction]) ?? [];
      expect(undone.at(-1)).toEqual(['0007_employer_pcsx_config', 'Down']);
      expect(undone.every(([, direction]) => direction === 'Down')).toBe(true);
      // As a database from before 0007: the seeded demo employer and one other, without the column.
      await sql`insert into employers (domain, company_name, notifications_enabled, action_required_configured, created_at) values ('other.example', 'Other', 0, 0, ${new Date().toISOString()})`.execute(
        old.db,
      );

      expect((await migrateToLatest(old.db))[0]).toBe('0007_employer_pcsx_config');
      const rows = await old.db
        .selectFrom('employers')
        .select(['domain', 'pcsx_config_json'])
        .orderBy('domain')
        .execute();
      expect(
        rows.map((row) => [row.domain, row.pcsx_config_json === null ? null : JSON.parse(row.pcsx_config_json)]),
      ).toEqual([
        [DEMO_DOMAIN, DEMO_PCSX_CONFIG],
        ['other.example', null],
      ]);
      const demo = await createEmployerRepository(old.db).find(DEMO_DOMAIN);
      expect(demo!.pcsxConfig).toEqual(DEMO_PCSX_CONFIG);
    } finally {
      await old.destroy();
    }
  });
});
