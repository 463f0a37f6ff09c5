/**
 * `npm run employer` (server/src/employers/employer-command.ts) on SQLite and PostgreSQL: show and set of an
 * employer's pcsx_config_json, checked as the server checks it (nothing changed and exit code 1 on any problem),
 * the pages following at once, and the real process over the server's database settings (DATA_DIR or DATABASE_URL),
 * as the end-to-end tests run it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_ALLOWED_ORIGINS } from '../src/employers/allowed-origins';
import { DEMO_PCSX_CONFIG, withDemoConfigLanguages } from '../src/employers/demo-config';
import { runEmployerCommand } from '../src/employers/employer-command';
import { createEmployerRepository } from '../src/employers/repository';
import {
  bootDataOf,
  createEmptyPostgresDatabase,
  DEMO_DOMAIN,
  runCommandOn,
  tempDir,
  TestClient,
  useTestApp,
} from './helpers';

const ctx = useTestApp();
const run = (argv: string[]) => runCommandOn(ctx.db, runEmployerCommand, argv);

const storedOf = async (domain = DEMO_DOMAIN): Promise<unknown> => {
  const row = await ctx.db
    .selectFrom('employers')
    .select('pcsx_config_json')
    .where('domain', '=', domain)
    .executeTakeFirstOrThrow();
  return row.pcsx_config_json === null ? null : JSON.parse(row.pcsx_config_json);
};

const restore = () =>
  ctx.db
    .updateTable('employers')
    .set({ pcsx_config_json: JSON.stringify(DEMO_PCSX_CONFIG) })
    .where('domain', '=', DEMO_DOMAIN)
    .execute();

async function footerFlagOnPage(): Promise<boolean | undefined> {
  const res = await new TestClient(ctx.app).get(`/careers/search?domain=${DEMO_DOMAIN}`);
  return bootDataOf(res.body).behaviourFlags.hideInjectedFooter;
}

describe('employer command', () => {
  afterEach(restore);

  it('prints help', async () => {
    const result = await run(['--help']);
    expect(result).toMatchObject({ code: 0, opened: false });
    expect(result.out).toContain('npm run employer -- show --domain <employer domain>');
    expect((await run(['set', '--help'])).code).toBe(0);
  });

  it.each([
    [[], 'Name a command: show, set or origins.'],
    [['list', '--domain', DEMO_DOMAIN], 'Unknown command "list"; use show, set or origins.'],
    [['show'], '--domain is required'],
    [['show', '--domain', 'bad domain'], '--domain "bad domain" is not a domain'],
    [['show', '--domain', DEMO_DOMAIN, '--json', '{}'], '--json is only for set.'],
    [['set', '--domain', DEMO_DOMAIN], '--json is required'],
    [['set', '--domain', DEMO_DOMAIN, '--json', '{"a":'], '--json is not valid JSON'],
    [['set', '--domain', DEMO_DOMAIN, '--json', '[1]'], '--json must be a JSON object of top-level keys'],
    [['set', '--domain', DEMO_DOMAIN, '--json', '{}'], '--json names no key to set or remove.'],
    [['set', '--domain', DEMO_DOMAIN, '--colour', 'red'], "Unknown option '--colour'"],
  ])('rejects %j with exit code 2 and the reason, before opening the database', async (argv, message) => {
    const result = await run(argv as string[]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage:');
    expect(result.opened).toBe(false);
  });

  it('shows the stored configuration as JSON', async () => {
    const result = await run(['show', '--domain', 'ACME.example']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(result.out)).toEqual(DEMO_PCSX_CONFIG);
  });

  it('shows {} for an employer without configuration, and warns about parts the server ignores', async () => {
    await createEmployerRepository(ctx.db).create(
      {
        domain: 'initech.example',
        companyName: 'Initech',
        notificationsEnabled: false,
        actionRequiredConfigured: false,
      },
      new Date(),
    );
    expect(await run(['show', '--domain', 'initech.example'])).toMatchObject({ code: 0, out: '{}', err: '' });
    await ctx.db
      .updateTable('employers')
      .set({ pcsx_config_json: '{"implementationPhase":"yes","jobCartConfig":{"enabled":true}}' })
      .where('domain', '=', 'initech.example')
      .execute();
    const result = await run(['show', '--domain', 'initech.example']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({ implementationPhase: 'yes', jobCartConfig: { enabled: true } });
    expect(result.err).toBe(
      'Warning: pcsx_config_json "implementationPhase" does not match the contract at /: Expected boolean; it is ignored.',
    );
  });

  it('answers an unknown employer with exit code 1', async () => {
    for (const argv of [
      ['show', '--domain', 'nobody.example'],
      ['set', '--domain', 'nobody.example', '--json', '{"implementationPhase":true}'],
    ]) {
      const result = await run(argv);
      expect(result).toMatchObject({ code: 1, out: '', err: 'Error: No employer uses the domain "nobody.example".' });
    }
  });

  it('sets the keys given, keeps the others, and the page follows at once; null removes a key', async () => {
    expect(await footerFlagOnPage()).toBeUndefined();
    const on = await run([
      'set',
      '--domain',
      DEMO_DOMAIN,
      '--json',
      '{"behaviourFlags":{"hideInjectedFooter":true},"implementationPhase":true}',
    ]);
    expect(on).toMatchObject({
      code: 0,
      out: 'Updated acme.example: set behaviourFlags, implementationPhase.',
      err: '',
    });
    expect(await storedOf()).toEqual({
      ...DEMO_PCSX_CONFIG,
      behaviourFlags: { hideInjectedFooter: true },
      implementationPhase: true,
    });
    expect(await footerFlagOnPage()).toBe(true);

    const off = await run([
      'set',
      '--domain',
      DEMO_DOMAIN,
      '--json',
      '{"behaviourFlags":null,"implementationPhase":null}',
    ]);
    expect(off).toMatchObject({ code: 0, out: 'Updated acme.example: removed behaviourFlags, implementationPhase.' });
    expect(await storedOf()).toEqual(DEMO_PCSX_CONFIG);
    expect(await footerFlagOnPage()).toBeUndefined();
  });

  it('replaces a whole top-level key (the branding) with the one given', async () => {
    const branding = {
      contactUrl: 'https://acme.example/contact',
      customNavbarConfig: { enable: false, showInLoggedinView: false },
    };
    expect((await run(['set', '--domain', DEMO_DOMAIN, '--json', JSON.stringify({ branding })])).code).toBe(0);
    expect(await storedOf()).toEqual({ ...DEMO_PCSX_CONFIG, branding });
  });

  it.each([
    [
      { behaviourFlags: { hideInjectedFooter: 'yes' } },
      '"behaviourFlags" does not match the contract at /hideInjectedFooter: Expected boolean',
    ],
    [{ implementationPhase: 1 }, '"implementationPhase" does not match the contract at /: Expected boolean'],
    [
      { branding: { contactUrl: 'javascript:alert(1)' } },
      '"branding" at /contactUrl: Expected an https: or mailto: address',
    ],
    [
      { branding: { heroImageConfig: { imageUrl: '//evil.example/x.png' } } },
      '"branding" at /heroImageConfig/imageUrl',
    ],
    [
      { branding: { customPageSections: { customPcsBanner: { alertType: 'warning', html: 'Hi' } } } },
      '"branding" does not match the contract at /customPageSections/customPcsBanner/alertType',
    ],
    [{ branding: { companyName: 'Evil Corp' } }, '"branding" at /companyName'],
    [{ colours: { primary: '#f00' } }, 'unknown key "colours"'],
  ])('refuses %j with exit code 1, naming the key and path, and changes nothing', async (changes, message) => {
    const before = await storedOf();
    const result = await run([
      'set',
      '--domain',
      DEMO_DOMAIN,
      '--json',
      JSON.stringify({ jobCartConfig: { enabled: false }, ...changes }),
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^Error: The configuration of acme\.example was not changed:\n {2}- pcsx_config_json /);
    expect(result.err).toContain(message);
    expect(await storedOf()).toEqual(before);
  });
});

describe('employer command: allowed origins', () => {
  const origin = 'https://www.acme.example';
  afterEach(() => ctx.db.deleteFrom('employer_allowed_origins').where('origin', '=', origin).execute());

  const listed = async (domain = DEMO_DOMAIN) => {
    const result = await run(['origins', 'list', '--domain', domain]);
    expect(result.code).toBe(0);
    return result.out === '' ? [] : result.out.split('\n');
  };

  it("lists the demo employer's origins, one a line", async () => {
    expect(await listed()).toEqual([...DEMO_ALLOWED_ORIGINS].sort());
    expect((await run(['origins', 'list', '--domain', 'ACME.example'])).err).toBe('');
  });

  it('adds an origin (normalised), once; the API answers that page with CORS at once; removes it again', async () => {
    const preflight = () =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: `/api/pcsx/search?domain=${DEMO_DOMAIN}`,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight()).statusCode).toBe(403);

    const added = await run(['origins', 'add', 'HTTPS://WWW.ACME.EXAMPLE:443/', '--domain', DEMO_DOMAIN]);
    expect(added).toMatchObject({ code: 0, out: `Allowed ${origin} for acme.example.`, err: '' });
    expect(await listed()).toContain(origin);
    expect(await run(['origins', 'add', origin, '--domain', DEMO_DOMAIN])).toMatchObject({
      code: 0,
      out: `${origin} was already allowed for acme.example.`,
    });
    const allowed = await preflight();
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);

    // The origin may come before the options too.
    const removed = await run(['origins', 'remove', '--domain', DEMO_DOMAIN, origin]);
    expect(removed).toMatchObject({ code: 0, out: `Removed ${origin} from the allowed origins of acme.example.` });
    expect(await listed()).not.toContain(origin);
    expect((await preflight()).statusCode).toBe(403);
  });

  it('an employer without allowed origins lists none, and says so on stderr', async () => {
    await createEmployerRepository(ctx.db).create(
      {
        domain: 'umbrella.example',
        companyName: 'Umbrella',
        notificationsEnabled: false,
        actionRequiredConfigured: false,
      },
      new Date(),
    );
    expect(await run(['origins', 'list', '--domain', 'umbrella.example'])).toMatchObject({
      code: 0,
      out: '',
      err: 'No origin is allowed for umbrella.example.',
    });
  });

  it.each([
    [['origins'], 'Name an origins command: list, add or remove.'],
    [
      ['origins', 'allow', origin, '--domain', DEMO_DOMAIN],
      'Unknown origins command "allow"; use list, add or remove.',
    ],
    [['origins', 'add', origin], '--domain is required'],
    [['origins', 'add', '--domain', DEMO_DOMAIN], 'origins add takes one origin'],
    [['origins', 'add', origin, origin, '--domain', DEMO_DOMAIN], 'origins add takes one origin'],
    [['origins', 'list', origin, '--domain', DEMO_DOMAIN], 'origins list takes no origin'],
    [['origins', 'add', 'www.acme.example', '--domain', DEMO_DOMAIN], '"www.acme.example" is not an origin'],
    [['origins', 'add', 'ftp://acme.example', '--domain', DEMO_DOMAIN], 'is not an http or https origin'],
    [['origins', 'add', 'https://acme.example/careers', '--domain', DEMO_DOMAIN], 'has a path, query or fragment'],
    [['origins', 'remove', 'null', '--domain', DEMO_DOMAIN], '"null" is not an origin'],
    [['origins', 'add', origin, '--domain', 'bad domain'], '--domain "bad domain" is not a domain'],
    [['origins', 'add', origin, '--domain', DEMO_DOMAIN, '--json', '{}'], "Unknown option '--json'"],
  ])('refuses %j with exit code 2 and the reason, before opening the database', async (argv, message) => {
    const result = await run(argv as string[]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('npm run employer -- origins add <origin> --domain <employer domain>');
    expect(result.opened).toBe(false);
  });

  it('answers an unknown employer, and removing an origin that is not allowed, with exit code 1', async () => {
    for (const command of ['list', 'add', 'remove']) {
      const argv = ['origins', command, ...(command === 'list' ? [] : [origin]), '--domain', 'nobody.example'];
      expect(await run(argv)).toMatchObject({
        code: 1,
        out: '',
        err: 'Error: No employer uses the domain "nobody.example".',
      });
    }
    expect(await run(['origins', 'remove', origin, '--domain', DEMO_DOMAIN])).toMatchObject({
      code: 1,
      err: `Error: ${origin} is not an allowed origin of acme.example; nothing was removed.`,
    });
  });

  it('prints help', async () => {
    const result = await run(['origins', 'add', '--help']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('origins remove  Stops allowing it');
  });
});

describe('employer command as a process (npx tsx server/src/cli/employer.ts)', () => {
  const root = path.resolve(__dirname, '..', '..');
  const dataDir = tempDir('employer-cli');
  let postgres: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> = null;

  beforeAll(async () => {
    postgres = await createEmptyPostgresDatabase();
  });
  afterAll(async () => {
    await postgres?.destroy();
  });

  const cli = async (args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'server/src/cli/employer.ts'), ...args],
        { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' } },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it("opens (migrates, seeds) the server's database, switches a flag on and off, refuses an invalid one", async () => {
    const shown = await cli(['show', '--domain', DEMO_DOMAIN]);
    expect(shown.code).toBe(0);
    // As seeded: the demo's own texts in every language.
    const seeded = withDemoConfigLanguages(DEMO_PCSX_CONFIG);
    expect(JSON.parse(shown.stdout)).toEqual(seeded);

    const on = await cli(['set', '--domain', DEMO_DOMAIN, '--json', '{"behaviourFlags":{"hideInjectedFooter":true}}']);
    expect(on).toMatchObject({ code: 0, stdout: 'Updated acme.example: set behaviourFlags.\n' });
    expect(JSON.parse((await cli(['show', '--domain', DEMO_DOMAIN])).stdout).behaviourFlags).toEqual({
      hideInjectedFooter: true,
    });

    const invalid = await cli([
      'set',
      '--domain',
      DEMO_DOMAIN,
      '--json',
      '{"branding":{"contactUrl":"//evil.example"}}',
    ]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('"branding" at /contactUrl');

    const off = await cli(['set', '--domain', DEMO_DOMAIN, '--json', '{"behaviourFlags":null}']);
    expect(off.code).toBe(0);
    expect(JSON.parse((await cli(['show', '--domain', DEMO_DOMAIN])).stdout)).toEqual(seeded);

    expect((await cli(['show'])).code).toBe(2);

    const origin = 'https://www.acme.example';
    expect(await cli(['origins', 'add', origin, '--domain', DEMO_DOMAIN])).toMatchObject({
      code: 0,
      stdout: `Allowed ${origin} for acme.example.\n`,
    });
    expect((await cli(['origins', 'list', '--domain', DEMO_DOMAIN])).stdout.split('\n')).toContain(origin);
    expect((await cli(['origins', 'remove', origin, '--domain', DEMO_DOMAIN])).code).toBe(0);
    const bad = await cli(['origins', 'add', 'acme.example', '--domain', DEMO_DOMAIN]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"acme.example" is not an origin');
  }, 60_000);
});
