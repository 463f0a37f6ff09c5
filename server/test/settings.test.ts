/**
 * Settings and the candidate's own data (server/src/settings): language and saved-search alerts (and the alerts
 * honouring them), the JSON export of everything held about a candidate (every table with a `candidate_id`
 * column, nobody else's rows, no secrets), deleting an account, and the PDF resume, on SQLite and PostgreSQL.
 */
import { PDFDocument } from 'pdf-lib';
import { Value } from '@sinclair/typebox/value';
import { hashPassword } from '../src/auth/password';
import { createCandidateRepository } from '../src/candidates/repository';
import { DeleteAccountResponse, SettingsResponse, SHIPPED_LANGUAGES, type CandidateSettings } from '../src/contract';
import { seedDemoDashboard } from '../src/dashboard/demo';
import { gazetteer } from '../src/geo/gazetteer';
import { seedDemoSearchData } from '../src/positions/demo-positions';
import { readResumeText } from '../src/profile/resume-text';
import { runPositionCommand } from '../src/saved-searches/position-command';
import { createSavedSearchRepository } from '../src/saved-searches/repository';
import {
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  runCommandOn,
  TestClient,
  useTestApp,
  signedIn,
} from './helpers';

const ctx = useTestApp();
jest.setTimeout(60_000);

const idOf = async (email: string) =>
  (await ctx.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function settingsOf(client: TestClient, query = ''): Promise<CandidateSettings> {
  const res = await client.get(`/api/pcsx/settings${query}`);
  expect(res.statusCode).toBe(200);
  expect([...Value.Errors(SettingsResponse, res.json())]).toEqual([]);
  return res.json().data as CandidateSettings;
}

/** Registers a new candidate of the demo employer and signs them in. */
async function newCandidate(email: string, firstName = 'Fresh', lastName = 'Person'): Promise<TestClient> {
  await createCandidateRepository(ctx.db).create(
    {
      domain: DEMO_DOMAIN,
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName,
      lastName,
      isOnboarded: true,
      isBootstrapped: true,
      tosAttestedAt: new Date().toISOString(),
    },
    new Date(),
  );
  const client = await signedIn(ctx.app, email);
  return client;
}

const saveSearch = async (candidateId: number, query: string, language: string | null = null) => {
  const outcome = await createSavedSearchRepository(ctx.db).save(
    { candidateId, domain: DEMO_DOMAIN },
    { query, location: '', filters: {}, sort_by: 'relevance' },
    language,
    new Date(),
  );
  if (!('saved' in outcome)) throw new Error('limit reached');
  return outcome.saved;
};

let casey: TestClient;
beforeAll(async () => {
  gazetteer();
  // The demo positions and the dashboard's demo records (applications with histories, interviews, referrals...).
  expect(await seedDemoSearchData(ctx.db)).toBe(true);
  expect(await seedDemoDashboard(ctx.db, DEMO_DOMAIN)).toBe(true);
  await ctx.db.updateTable('employers').set({ saved_search_notification_enabled: 1 }).execute();
  casey = new TestClient(ctx.app);
  await casey.login(DEMO_CANDIDATE_EMAIL);
});

describe('signed out', () => {
  it('answers 401 on every settings call', async () => {
    const visitor = new TestClient(ctx.app);
    await visitor.get('/careers/login');
    const answers = await Promise.all([
      visitor.get('/api/pcsx/settings'),
      visitor.post('/api/pcsx/settings', { language: 'fr-CA' }),
      visitor.get('/api/pcsx/my_data'),
      visitor.post('/api/pcsx/delete_account', { confirm: DEMO_CANDIDATE_EMAIL }),
      visitor.get('/api/pcsx/export_resume'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401]);
  });
});

describe('settings', () => {
  it('answers the defaults: the page language until one is chosen, alerts on, the saved searches', async () => {
    const client = await newCandidate('settings-defaults@example.com');
    const search = await saveSearch(await idOf('settings-defaults@example.com'), 'gardener');
    const settings = await settingsOf(client, '?hl=fr-ca');
    expect(settings).toEqual({
      language: 'fr-CA',
      languageChosen: false,
      supportedLanguages: [...SHIPPED_LANGUAGES],
      savedSearchAlerts: true,
      savedSearchAlertsOffered: true,
      savedSearches: [{ id: search.id, query: 'gardener', location: '', url: search.url, alerts: true }],
      email: 'settings-defaults@example.com',
    });
  });

  it('saves the language, the alerts switch and one saved search’s switch', async () => {
    const client = await newCandidate('settings-save@example.com');
    const search = await saveSearch(await idOf('settings-save@example.com'), 'baker');
    const res = await client.post('/api/pcsx/settings', {
      language: 'FR_ca',
      savedSearchAlerts: false,
      savedSearches: [{ id: search.id, alerts: false }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      language: 'fr-CA',
      languageChosen: true,
      savedSearchAlerts: false,
      savedSearches: [{ id: search.id, alerts: false }],
    });
    // Kept: read again with another page language.
    expect(await settingsOf(client, '?hl=en')).toMatchObject({ language: 'fr-CA', savedSearchAlerts: false });
    // The site's pages follow it when their address has no hl; an hl still wins.
    expect((await client.get('/careers')).body).toMatch(/<html lang="fr-CA"[ >]/);
    expect((await client.get('/careers?hl=en')).body).toMatch(/<html lang="en"[ >]/);
  });

  it('answers 400 naming the field for a bad value, and changes nothing', async () => {
    const client = await newCandidate('settings-bad@example.com');
    const caseySearch = await saveSearch(await idOf(DEMO_CANDIDATE_EMAIL), 'not yours');
    const cases: Array<[unknown, string]> = [
      [{ language: 'de' }, 'language'],
      [{ language: 'en US!' }, 'language'],
      [{ savedSearchAlerts: 'no' }, 'savedSearchAlerts'],
      [{ savedSearches: [{ id: caseySearch.id, alerts: false }] }, 'savedSearches'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/pcsx/settings', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toContain(field);
    }
    expect(await settingsOf(client)).toMatchObject({ language: 'en', languageChosen: false, savedSearchAlerts: true });
    const caseyRow = await ctx.db
      .selectFrom('saved_searches')
      .select('alerts_enabled')
      .where('id', '=', caseySearch.id)
      .executeTakeFirstOrThrow();
    expect(caseyRow.alerts_enabled).toBe(1);
  });

  it('needs the CSRF token to change settings', async () => {
    const res = await casey.post('/api/pcsx/settings', { language: 'fr-CA' }, { csrf: false });
    expect(res.statusCode).toBe(403);
  });
});

describe('saved-search alerts follow the settings', () => {
  it('notifies only candidates with alerts on, in the language they chose', async () => {
    const on = await newCandidate('alerts-on@example.com');
    await newCandidate('alerts-off@example.com');
    const one = await newCandidate('alerts-one-off@example.com');
    const ids = {
      on: await idOf('alerts-on@example.com'),
      off: await idOf('alerts-off@example.com'),
      one: await idOf('alerts-one-off@example.com'),
    };
    await saveSearch(ids.on, 'axolotl', 'en');
    await saveSearch(ids.off, 'axolotl');
    const muted = await saveSearch(ids.one, 'axolotl');
    await ctx.db.updateTable('candidates').set({ saved_search_alerts: 0 }).where('id', '=', ids.off).execute();
    expect((await on.post('/api/pcsx/settings', { language: 'fr-CA' })).statusCode).toBe(200);
    expect(
      (await one.post('/api/pcsx/settings', { savedSearches: [{ id: muted.id, alerts: false }] })).statusCode,
    ).toBe(200);

    const result = await runCommandOn(ctx.db, runPositionCommand, [
      '--domain',
      DEMO_DOMAIN,
      '--title',
      'Axolotl Keeper',
      '--department',
      'Zoology',
      '--employment-type',
      'Full-time',
      '--location',
      'Toronto',
    ]);
    expect(result.code).toBe(0);
    const notes = await ctx.db
      .selectFrom('notifications')
      .select(['candidate_id', 'message'])
      .where('candidate_id', 'in', Object.values(ids))
      .execute();
    expect(notes).toEqual([
      { candidate_id: ids.on, message: 'Un nouveau poste correspond à votre recherche sauvegardée : Axolotl Keeper' },
    ]);
  });
});

/** Every table of the database with a `candidate_id` column, read from the schema itself. */
async function tablesWithCandidateId(): Promise<string[]> {
  const tables = await ctx.db.introspection.getTables();
  return tables
    .filter((table) => table.columns.some((column) => column.name === 'candidate_id'))
    .map((table) => table.name)
    .sort();
}

describe('my data', () => {
  it('downloads everything held about the candidate: every table with a candidate_id, no secrets', async () => {
    const res = await casey.get('/api/pcsx/my_data');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = res.json() as { exportedAt: string; tables: Record<string, Array<Record<string, unknown>>> };
    const withCandidate = await tablesWithCandidateId();
    expect(withCandidate.length).toBeGreaterThanOrEqual(15);
    for (const table of [...withCandidate, 'candidates']) expect(Object.keys(body.tables)).toContain(table);
    const caseyId = await idOf(DEMO_CANDIDATE_EMAIL);
    expect(body.tables.candidates).toEqual([expect.objectContaining({ id: caseyId, email: DEMO_CANDIDATE_EMAIL })]);
    // Only Casey's rows.
    for (const table of withCandidate) {
      for (const row of body.tables[table]!) {
        if ('candidate_id' in row && table !== 'applications') expect(row.candidate_id).toBe(caseyId);
      }
    }
    // Demo data reaches the export: applications with their history, offers and their documents, the profile.
    expect(body.tables.applications!.length).toBeGreaterThan(0);
    expect(body.tables.application_events!.length).toBeGreaterThan(0);
    expect(body.tables.offers!.length).toBeGreaterThan(0);
    expect(body.tables.offer_documents!.length).toBeGreaterThan(0);
    expect(body.tables.sessions!.length).toBeGreaterThan(0);
    // No secrets anywhere.
    const text = res.body;
    for (const secret of ['password_hash', 'csrf_token', 'signer_key', '"token"', '"content"', '$scrypt', '$argon']) {
      expect(text).not.toContain(secret);
    }
    const session = await ctx.db
      .selectFrom('sessions')
      .select(['id', 'csrf_token'])
      .where('candidate_id', '=', caseyId)
      .execute();
    for (const row of session) {
      expect(text).not.toContain(row.id);
      expect(text).not.toContain(row.csrf_token);
    }
    // Nobody else's email.
    expect(text).not.toContain(DEMO_OTHER_EMAIL);
  });
});

describe('delete account', () => {
  it('refuses without the right confirmation (400 naming confirm) or without the CSRF token', async () => {
    const client = await newCandidate('keep-me@example.com');
    const wrong = await client.post('/api/pcsx/delete_account', { confirm: 'someone@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('confirm');
    const missing = await client.post('/api/pcsx/delete_account', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toContain('confirm');
    const noCsrf = await client.post('/api/pcsx/delete_account', { confirm: 'keep-me@example.com' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect((await client.get('/api/pcsx/settings')).statusCode).toBe(200);
  });

  it('ends every session, deletes the data, keeps applications anonymised, and the email registers again', async () => {
    const oliveId = await idOf(DEMO_OTHER_EMAIL);
    const caseyId = await idOf(DEMO_CANDIDATE_EMAIL);
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    const oliveElsewhere = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    await saveSearch(oliveId, 'to be deleted');
    const positionId = (await ctx.db.selectFrom('positions').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await ctx.db
      .insertInto('saved_positions')
      .values({ candidate_id: oliveId, position_id: positionId, created_at: new Date().toISOString() })
      .execute();
    const applicationIds = (
      await ctx.db.selectFrom('applications').select('id').where('candidate_id', '=', oliveId).execute()
    ).map((row) => row.id);
    expect(applicationIds.length).toBeGreaterThan(0);
    const caseyBefore = (await casey.get('/api/pcsx/my_data')).json().tables as Record<string, unknown[]>;

    const res = await olive.post('/api/pcsx/delete_account', { confirm: ' Other@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(DeleteAccountResponse, res.json())]).toEqual([]);
    expect(res.json().data).toEqual({ ok: true, next: '/careers' });

    // Signed out everywhere, and the account is gone.
    expect((await olive.get('/api/pcsx/settings')).statusCode).toBe(401);
    expect((await oliveElsewhere.get('/api/pcsx/settings')).statusCode).toBe(401);
    const signIn = new TestClient(ctx.app);
    await signIn.get(`/careers/login?domain=${DEMO_DOMAIN}`);
    const again = await signIn.post('/api/auth/login', {
      email: DEMO_OTHER_EMAIL,
      password: DEMO_PASSWORD,
      domain: DEMO_DOMAIN,
    });
    expect(again.statusCode).toBe(401);

    // No row of any table points at her any more.
    for (const table of await tablesWithCandidateId()) {
      const rows = await ctx.db
        .selectFrom(table as 'notifications')
        .select('candidate_id')
        .where('candidate_id', '=', oliveId)
        .execute();
      expect({ table, rows }).toEqual({ table, rows: [] });
    }
    // Her applications stay for the employer, with nothing that names her.
    const kept = await ctx.db.selectFrom('applications').selectAll().where('id', 'in', applicationIds).execute();
    expect(kept).toHaveLength(applicationIds.length);
    for (const row of kept) {
      expect(row).toMatchObject({ candidate_id: null, email: `deleted-${row.id}@deleted.invalid`, answers_json: '{}' });
    }
    expect(
      await ctx.db.selectFrom('applications').select('id').where('email', '=', DEMO_OTHER_EMAIL).execute(),
    ).toEqual([]);

    // Casey's data is untouched.
    const caseyAfter = (await casey.get('/api/pcsx/my_data')).json().tables as Record<string, unknown[]>;
    for (const table of Object.keys(caseyBefore)) {
      if (table === 'sessions') continue;
      expect({ table, rows: caseyAfter[table] }).toEqual({ table, rows: caseyBefore[table] });
    }
    expect(caseyId).not.toBe(oliveId);

    // The email registers again, as a new account with nothing of the old one.
    const back = await newCandidate(DEMO_OTHER_EMAIL, 'Olive', 'Again');
    const settings = await settingsOf(back);
    expect(settings).toMatchObject({ email: DEMO_OTHER_EMAIL, savedSearches: [], savedSearchAlerts: true });
    const data = (await back.get('/api/pcsx/my_data')).json().tables as Record<string, unknown[]>;
    expect(data.applications).toEqual([]);
    expect(data.saved_positions).toEqual([]);
  });
});

/** The PDF's text, page by page, through pdf.js (as the server reads uploaded resumes). */
async function pdfText(bytes: Buffer): Promise<string> {
  const text = await readResumeText('pdf', bytes);
  if (text === null) throw new Error('not a readable PDF');
  return text.replace(/\s+/g, ' ');
}

const edit = (client: TestClient, op_section: string, operation: string, value: unknown) =>
  client.post('/api/pcsx/profile_edit', { op_section, operation, op_data: { value } });

describe('export resume', () => {
  it('lays the profile out in order, wraps long text onto more pages, and draws every character as typed', async () => {
    const client = await newCandidate('resume@example.com', 'Zoë', 'Łukasiewicz');
    const long = Array.from({ length: 260 }, (_, index) => `word${index}`).join(' ');
    const steps: Array<[string, string, unknown]> = [
      [
        'basic_info',
        'update',
        { firstname: 'Zoë', lastname: 'Łukasiewicz', headline: 'Data engineer 数据', location: 'Montréal' },
      ],
      ['contact', 'update', { phone: '+1 514 555 0100' }],
      ['summary', 'update', `Builds pipelines. ${long}`],
      [
        'experience',
        'add',
        { title: 'Senior engineer', company: 'Acme', startDate: '2020-01', endDate: null, description: long },
      ],
      [
        'experience',
        'add',
        { title: 'Engineer', company: 'Globex', startDate: '2016-05', endDate: '2019-12', description: long },
      ],
      [
        'education',
        'add',
        { school: 'Université de Montréal', degree: 'BSc', field: 'Computer science', startYear: 2012, endYear: 2016 },
      ],
      ['skills', 'add', 'Kotlin'],
      ['languages', 'add', { language: 'French', proficiency: 'native' }],
      ['links', 'add', { label: 'GitHub', url: 'https://github.com/zoe' }],
    ];
    for (const [section, operation, value] of steps) {
      const res = await edit(client, section, operation, value);
      expect({ section, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({
        section,
        status: 200,
        body: '',
      });
    }
    const res = await client.get('/api/pcsx/export_resume');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Resume-Zoe-Lukasiewicz.pdf"; filename*=UTF-8''${encodeURIComponent('Resume-Zoë-Łukasiewicz.pdf')}`,
    );
    const bytes = res.rawPayload;
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    const text = await pdfText(bytes);
    const order = [
      'Zoë Łukasiewicz',
      'Data engineer 数据',
      'resume@example.com',
      '+1 514 555 0100',
      'Montréal',
      'SUMMARY',
      'Builds pipelines.',
      'EXPERIENCE',
      'Senior engineer — Acme',
      '2020-01 – Present',
      'Engineer — Globex',
      '2016-05 – 2019-12',
      'EDUCATION',
      'Université de Montréal',
      'BSc, Computer science',
      'SKILLS',
      'Kotlin',
      'LANGUAGES',
      'French — Native',
      'LINKS',
      'GitHub: https://github.com/zoe',
    ];
    let at = -1;
    for (const part of order) {
      const found = text.indexOf(part, at + 1);
      expect({ part, found: found > at }).toEqual({ part, found: true });
      at = found;
    }
    expect(text).toContain('word259');
  });

  it('answers inline when asked, with French headings in the language chosen', async () => {
    const client = await newCandidate('resume-fr@example.com', 'Jean', 'Tremblay');
    expect((await client.post('/api/pcsx/settings', { language: 'fr-CA' })).statusCode).toBe(200);
    expect((await edit(client, 'summary', 'update', 'Gestionnaire de projets.')).statusCode).toBe(200);
    const res = await client.get('/api/pcsx/export_resume?disposition=inline');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="CV-Jean-Tremblay.pdf"; filename*=UTF-8''CV-Jean-Tremblay.pdf`,
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Jean Tremblay');
    expect(text).toContain('RÉSUMÉ');
    expect(text).toContain('Gestionnaire de projets.');
    expect(text).not.toContain('EXPERIENCE');
  });
});
