/**
 * `npm run employer` (server/src/employers/employer-command.ts) on SQLite and PostgreSQL: show and set of an
 * employer's pcsx_config_json, checked as the server checks it (nothing changed and exit code 1 on any problem),
 * the pages following at once, and the real process over the server's database settings (DATA_DIR or DATABASE_URL),
 * as the end-to-end tests run it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PCSX_CONFIG } from '../src/employers/demo-config';
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
    [[], 'Name a command: show or set.'],
    [['list', '--domain', DEMO_DOMAIN], 'Unknown command "list"; use show or set.'],
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
    expect(JSON.parse(shown.stdout)).toEqual(DEMO_PCSX_CONFIG);

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
    expect(JSON.parse((await cli(['show', '--domain', DEMO_DOMAIN])).stdout)).toEqual(DEMO_PCSX_CONFIG);

    expect((await cli(['show'])).code).toBe(2);
  }, 60_000);
});
