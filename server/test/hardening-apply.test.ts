/**
 * Issue 21, finding 3 and part of 8, on SQLite and PostgreSQL: applying is limited per browser, per email (or
 * account) and, signed out, per client address (429 with `Retry-After`, nothing stored; a forged
 * `X-Forwarded-For` does not escape with `TRUST_PROXY=false`); a file is stored once however many positions an
 * application names; an applicant has a daily quota of file bytes (429 naming the files question, nothing stored);
 * an application made signed out with an account's email never blocks the account holder (she applies over it,
 * and again after withdrawing); drafts are capped in number and bytes; `my_data` describes uploaded files instead
 * of including their bytes; migration 0016 moves stored files out of existing applications. Small limits here
 * (config `applyLimits`); the documented figures are DEFAULT_APPLY_LIMITS (decision 010).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { FormValues } from '../src/contract';
import type { Database } from '../src/db/types';
import { DEFAULT_APPLY_LIMITS, type ApplyLimits } from '../src/forms/apply-limits';
import { DEMO_SHORT_FORM_KEY } from '../src/forms/demo-forms';
import { insertPositions } from '../src/positions/repository';
import {
  createTestDatabase,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  openTestPosition,
  TestClient,
  useTestApp,
  signedIn,
  migratorFor,
} from './helpers';

const MINUTE = 60_000;
const MB = 1024 * 1024;
const DAY = 86_400_000;

const LIMITS: ApplyLimits = {
  browser: { name: 'apply:browser', limit: 5, windowMs: 10 * MINUTE },
  email: { name: 'apply:email', limit: 5, windowMs: 10 * MINUTE },
  address: { name: 'apply:address', limit: 8, windowMs: 10 * MINUTE },
  fileBytes: { name: 'apply:file-bytes', limit: 3 * MB, windowMs: DAY },
  draftsHeld: 3,
  draftBytesHeld: 1 * MB,
};

const ctx = useTestApp({ applyLimits: LIMITS });

/** 30 open positions with the short form (first name, last name, email, one resume). */
let positions: number[] = [];
let smallPdf: Pdf;

interface Pdf {
  base64: string;
  size: number;
  sha256: string;
}

/** A one-page PDF carrying `padding` random bytes (an attachment), so each one has its own hash. */
async function makePdf(padding: number): Promise<Pdf> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  if (padding > 0)
    await document.attach(randomBytes(Math.round(padding)), 'padding.bin', { mimeType: 'application/octet-stream' });
  const bytes = Buffer.from(await document.save({ useObjectStreams: false }));
  return {
    base64: bytes.toString('base64'),
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

const resume = (pdf: Pdf) => [
  {
    uid: 'rc-1',
    name: 'resume.pdf',
    size: pdf.size,
    type: 'application/pdf',
    lastModified: 1_763_000_000_000,
    webkitRelativePath: '',
    content: pdf.base64,
    status: 'done' as const,
  },
];

const answers = (email: string, pdf: Pdf = smallPdf): FormValues => ({
  firstname: 'Alex',
  lastname: 'Applicant',
  email,
  resume: resume(pdf),
});

let addressCount = 0;
/** A client address of its own for each test (inject's socket address; TRUST_PROXY is false). */
const newAddress = () => `198.51.100.${++addressCount}`;

let emailCount = 0;
const newEmail = () => `applicant.${++emailCount}@example.com`;

/** A signed-out browser with its own `careers_anon` id and CSRF token. */
async function browser(): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  await client.get(`/careers/login?domain=${DEMO_DOMAIN}`);
  return client;
}

const apply = (
  client: TestClient,
  positionIds: number[],
  values: FormValues,
  address = '127.0.0.1',
  headers: Record<string, string> = {},
) =>
  client.request({
    method: 'POST',
    url: '/api/pcsx/apply',
    payload: { domain: DEMO_DOMAIN, position_ids: positionIds, values },
    remoteAddress: address,
    headers,
  });

const rowsOf = (table: keyof Database) =>
  ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('rows'))
    .executeTakeFirstOrThrow();

/** A table's rows, and the bytes its column `column` holds. */
const rowsAndBytesOf = (table: keyof Database, column: string) =>
  ctx.db
    .selectFrom(table)
    .select((eb) => [
      eb.fn.countAll<string | number>().as('rows'),
      eb.fn.sum<string | number | null>(eb.fn('length', [sql.ref(column)])).as('bytes'),
    ])
    .executeTakeFirstOrThrow();

/** What the application tables hold: rows, and bytes of answers and of files. */
async function stored() {
  const [applications, events, files, uses, notifications, drafts] = await Promise.all([
    rowsAndBytesOf('applications', 'answers_json'),
    rowsOf('application_events'),
    rowsAndBytesOf('application_files', 'content'),
    rowsOf('application_file_uses'),
    rowsOf('notifications'),
    rowsAndBytesOf('draft_applications', 'values_json'),
  ]);
  return {
    applications: Number(applications.rows),
    events: Number(events.rows),
    files: Number(files.rows),
    fileUses: Number(uses.rows),
    notifications: Number(notifications.rows),
    drafts: Number(drafts.rows),
    bytes: Number(applications.bytes ?? 0) + Number(files.bytes ?? 0) + Number(drafts.bytes ?? 0),
  };
}

/** The database's own size of the application tables (SQLite: the file's pages; PostgreSQL: tables with TOAST). */
async function databaseBytes(): Promise<number> {
  if (ctx.kind === 'sqlite') {
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(ctx.db);
    const size = await sql<{ page_size: number }>`pragma page_size`.execute(ctx.db);
    return Number(pages.rows[0]!.page_count) * Number(size.rows[0]!.page_size);
  }
  const result = await sql<{ bytes: string }>`select (pg_total_relation_size('applications')
    + pg_total_relation_size('application_files') + pg_total_relation_size('application_file_uses')) as bytes`.execute(
    ctx.db,
  );
  return Number(result.rows[0]!.bytes);
}

beforeAll(async () => {
  smallPdf = await makePdf(0);
  positions = await insertPositions(
    ctx.db,
    Array.from({ length: 30 }, (_, index) => openTestPosition(`Hardening role ${index + 1}`)),
  );
  await ctx.db
    .updateTable('positions')
    .set({ application_form_key: DEMO_SHORT_FORM_KEY })
    .where('id', 'in', positions)
    .execute();
});

describe('the documented limits', () => {
  it('are figures a candidate never meets', () => {
    expect(DEFAULT_APPLY_LIMITS).toMatchObject({
      browser: { limit: 20, windowMs: 10 * MINUTE },
      email: { limit: 10, windowMs: 10 * MINUTE },
      address: { limit: 30, windowMs: 10 * MINUTE },
      fileBytes: { limit: 50 * MB, windowMs: DAY },
      draftsHeld: 20,
      draftBytesHeld: 60 * MB,
    });
  });
});

describe('one copy of a file however many positions', () => {
  it('20 positions with one 1 MB file store about 1 MB, not 20', async () => {
    const pdf = await makePdf(MB);
    const before = await stored();
    const bytesBefore = await databaseBytes();
    const res = await apply(await browser(), positions.slice(0, 20), answers(newEmail(), pdf), newAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.applicationIds).toHaveLength(20);
    const after = await stored();
    expect(after.applications - before.applications).toBe(20);
    expect(after.files - before.files).toBe(1);
    expect(after.fileUses - before.fileUses).toBe(20);
    const grew = after.bytes - before.bytes;
    expect(grew).toBeGreaterThan(pdf.size);
    expect(grew).toBeLessThan(pdf.size + 20 * 2048);
    // The database itself: about one copy (before: 20 base64 copies, 28 MB).
    expect((await databaseBytes()) - bytesBefore).toBeLessThan(1.5 * pdf.size);
    const file = await ctx.db
      .selectFrom('application_files')
      .select(['byte_size', 'content'])
      .where('sha256', '=', pdf.sha256)
      .executeTakeFirstOrThrow();
    expect(file.byte_size).toBe(pdf.size);
    expect(createHash('sha256').update(file.content).digest('hex')).toBe(pdf.sha256);
    const row = await ctx.db
      .selectFrom('applications')
      .select('answers_json')
      .where('id', '=', res.json().data.applicationIds[0])
      .executeTakeFirstOrThrow();
    const kept = JSON.parse(row.answers_json) as { resume: Array<Record<string, unknown>> };
    expect(kept.resume[0]).toEqual({
      uid: 'rc-1',
      name: 'resume.pdf',
      size: pdf.size,
      type: 'application/pdf',
      lastModified: 1_763_000_000_000,
      webkitRelativePath: '',
      status: 'done',
      sha256: pdf.sha256,
    });
  });
});

describe('rate limits (429 with Retry-After, nothing stored)', () => {
  const expectLimited = async (res: Awaited<ReturnType<typeof apply>>, message: RegExp) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(res.json().message).toMatch(message);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
  };

  it('per browser: past its applications, whatever the emails', async () => {
    const client = await browser();
    const address = newAddress();
    for (let index = 0; index < LIMITS.browser.limit; index += 1) {
      expect((await apply(client, [positions[index]!], answers(newEmail()), address)).statusCode).toBe(200);
    }
    const before = await stored();
    await expectLimited(
      await apply(client, [positions[10]!], answers(newEmail()), address),
      /^You have sent too many applications for now\. Try again in 10 minutes\.$/,
    );
    expect(await stored()).toEqual(before);
    // In French too; another browser is not affected.
    const fr = await client.request({
      method: 'POST',
      url: '/api/pcsx/apply?hl=fr-CA',
      payload: { domain: DEMO_DOMAIN, position_ids: [positions[10]!], values: answers(newEmail()) },
      remoteAddress: address,
    });
    expect(fr.json().message).toMatch(/^Vous avez envoyé trop de candidatures/);
    expect((await apply(await browser(), [positions[10]!], answers(newEmail()), address)).statusCode).toBe(200);
  });

  it('per email: past its applications, whatever the browsers', async () => {
    const email = newEmail();
    const address = newAddress();
    for (let index = 0; index < LIMITS.email.limit; index += 1) {
      expect((await apply(await browser(), [positions[index]!], answers(email), address)).statusCode).toBe(200);
    }
    const before = await stored();
    await expectLimited(await apply(await browser(), [positions[10]!], answers(email), newAddress()), /too many/);
    expect(await stored()).toEqual(before);
  });

  it('per address, signed out: a forged X-Forwarded-For does not escape it; signed in is not counted', async () => {
    const address = newAddress();
    for (let index = 0; index < LIMITS.address.limit; index += 1) {
      const res = await apply(await browser(), [positions[index]!], answers(newEmail()), address, {
        'x-forwarded-for': `203.0.113.${index}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const before = await stored();
    await expectLimited(
      await apply(await browser(), [positions[10]!], answers(newEmail()), address, {
        'x-forwarded-for': '203.0.113.99',
      }),
      /^Too many applications were sent from your network\. Sign in to apply, or try again in 10 minutes\.$/,
    );
    expect(await stored()).toEqual(before);
    // A signed-in candidate on the same network applies.
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    expect((await apply(olive, [positions[29]!], answers(DEMO_OTHER_EMAIL), address)).statusCode).toBe(200);
  });
});

describe('a daily quota of file bytes per applicant', () => {
  it('past it: 429 naming the files question, nothing stored; per email and per browser', async () => {
    const [first, second, third] = await Promise.all([makePdf(MB), makePdf(MB), makePdf(1.2 * MB)]);
    const client = await browser();
    const email = newEmail();
    const address = newAddress();
    expect((await apply(client, [positions[0]!], answers(email, first!), address)).statusCode).toBe(200);
    expect((await apply(client, [positions[1]!], answers(email, second!), address)).statusCode).toBe(200);
    const before = await stored();

    const over = await apply(client, [positions[2]!], answers(email, third!), address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'upload_quota_exceeded', field: 'resume' });
    expect(over.json().message).toMatch(
      /^resume: these files would take you past 3 MB of files today, the most one applicant may upload in a day\. Try again in \d+ hours?, or send smaller files\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(600);
    expect(await stored()).toEqual(before);

    // The same email from another browser, and the same browser under another email.
    const otherBrowser = await apply(await browser(), [positions[2]!], answers(email, third!), address);
    expect(otherBrowser.json()).toMatchObject({ code: 'upload_quota_exceeded', field: 'resume' });
    const otherEmail = await apply(client, [positions[2]!], answers(newEmail(), third!), address);
    expect(otherEmail.json()).toMatchObject({ code: 'upload_quota_exceeded', field: 'resume' });
    expect(await stored()).toEqual(before);

    // Someone else is not affected; a refused application did not use up the quota.
    expect((await apply(await browser(), [positions[2]!], answers(newEmail(), third!), address)).statusCode).toBe(200);
  });
});

describe('the account holder is never blocked by an application she did not make', () => {
  const withdraw = (client: TestClient, applicationId: number) =>
    client.post('/api/pcsx/dashboard/applications/withdraw', { domain: DEMO_DOMAIN, application_id: applicationId });

  it('a signed-out application with her email is not hers: not attached, not in her dashboard, data or bell', async () => {
    const target = positions[26]!;
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const badge = async () =>
      (await casey.get(`/api/pcsx/notification_badge?domain=${DEMO_DOMAIN}`)).json().data.count as number;
    const before = await badge();
    const stranger = { ...answers(DEMO_CANDIDATE_EMAIL), firstname: 'Mallory', lastname: 'Stranger' };
    const theirs = await apply(await browser(), [target], stranger, newAddress());
    expect(theirs.statusCode).toBe(200);
    const [applicationId] = theirs.json().data.applicationIds as number[];
    const row = await ctx.db
      .selectFrom('applications')
      .select(['candidate_id', 'signed_in', 'email'])
      .where('id', '=', applicationId!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ candidate_id: null, signed_in: 0, email: DEMO_CANDIDATE_EMAIL });

    expect(await badge()).toBe(before);
    const dashboard = (await casey.get(`/api/pcsx/dashboard/applications?domain=${DEMO_DOMAIN}`)).json().data as {
      applications: Array<{ details: { application_id: number } }>;
      inactiveApplications: Array<{ details: { application_id: number } }>;
    };
    const listed = [...dashboard.applications, ...dashboard.inactiveApplications].map((a) => a.details.application_id);
    expect(listed).not.toContain(applicationId);
    const myData = await casey.get(`/api/pcsx/my_data?domain=${DEMO_DOMAIN}`);
    expect(myData.statusCode).toBe(200);
    expect(myData.body).not.toContain('Mallory');
    const form = await casey.get(`/api/pcsx/apply_form?domain=${DEMO_DOMAIN}&pid=${target}`);
    expect(form.json().data.positions[0].applied).toBe(false);
  });

  it('signed in she applies over a signed-out application with her email, and again after withdrawing', async () => {
    const target = positions[25]!;
    const stranger = await browser();
    const theirs = await apply(stranger, [target], answers(DEMO_CANDIDATE_EMAIL), newAddress());
    expect(theirs.statusCode).toBe(200);
    const [applicationId] = theirs.json().data.applicationIds as number[];
    // The same email signed out again: already applied.
    expect((await apply(await browser(), [target], answers(DEMO_CANDIDATE_EMAIL), newAddress())).statusCode).toBe(409);

    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const form = await casey.get(`/api/pcsx/apply_form?domain=${DEMO_DOMAIN}&pid=${target}`);
    expect(form.json().data.positions[0].applied).toBe(false);
    const own = await apply(casey, [target], answers(DEMO_CANDIDATE_EMAIL));
    expect(own.statusCode).toBe(200);
    expect(own.json().data.applicationIds).toEqual([applicationId]);
    const row = await ctx.db
      .selectFrom('applications')
      .select(['signed_in', 'status', 'candidate_id'])
      .where('id', '=', applicationId!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ signed_in: 1, status: 'submitted' });

    // Now it is hers: applying again is a 409, signed in or out.
    expect((await apply(casey, [target], answers(DEMO_CANDIDATE_EMAIL))).statusCode).toBe(409);
    expect((await apply(await browser(), [target], answers(DEMO_CANDIDATE_EMAIL), newAddress())).statusCode).toBe(409);

    // Withdrawn, she may apply again (the same application, submitted again).
    expect((await withdraw(casey, applicationId!)).statusCode).toBe(200);
    const again = await apply(casey, [target], answers(DEMO_CANDIDATE_EMAIL));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.applicationIds).toEqual([applicationId]);
    const history = await ctx.db
      .selectFrom('application_events')
      .select('status')
      .where('application_id', '=', applicationId!)
      .orderBy('id')
      .execute();
    expect(history.map((event) => event.status)).toEqual(['submitted', 'submitted', 'withdrawn', 'submitted']);
  });

  it('signed-out applications using up her email’s limit do not limit her own', async () => {
    await ctx.db.deleteFrom('rate_limits').execute();
    const address = newAddress();
    for (let index = 0; index < LIMITS.email.limit; index += 1) {
      expect(
        (await apply(await browser(), [positions[10 + index]!], answers(DEMO_CANDIDATE_EMAIL), address)).statusCode,
      ).toBe(200);
    }
    expect((await apply(await browser(), [positions[20]!], answers(DEMO_CANDIDATE_EMAIL), address)).statusCode).toBe(
      429,
    );
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    expect((await apply(casey, [positions[20]!], answers(DEMO_CANDIDATE_EMAIL))).statusCode).toBe(200);
  });
});

describe('drafts: a cap per candidate', () => {
  const saveDraft = (client: TestClient, positionIds: number[], values: FormValues) =>
    client.post('/api/pcsx/draft_applications', { domain: DEMO_DOMAIN, position_ids: positionIds, values });

  it('past the drafts kept, or their bytes: 409 naming the field, nothing stored', async () => {
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    await ctx.db.deleteFrom('draft_applications').execute();
    for (let index = 0; index < LIMITS.draftsHeld; index += 1) {
      expect((await saveDraft(olive, [positions[index]!], { firstname: `Draft ${index}` })).statusCode).toBe(200);
    }
    const before = await stored();
    const fourth = await saveDraft(olive, [positions[5]!], { firstname: 'One too many' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'draft_limit_reached',
      field: 'position_ids',
      message: 'You have 3 draft applications, the most kept. Submit or delete one to save another.',
    });
    expect(await stored()).toEqual(before);
    // Saving one of them again replaces it.
    expect((await saveDraft(olive, [positions[0]!], { firstname: 'Replaced' })).statusCode).toBe(200);

    const large = await makePdf(1.1 * MB);
    const heavy = await saveDraft(olive, [positions[1]!], { resume: resume(large) });
    expect(heavy.statusCode).toBe(409);
    expect(heavy.json()).toMatchObject({ code: 'draft_limit_reached', field: 'values' });
    expect(heavy.json().message).toMatch(/^values: your draft applications would hold more than 1 MB/);
    expect((await stored()).bytes).toBeLessThan(before.bytes + 1000);
  });
});

describe('my_data describes uploaded files instead of including them', () => {
  it('applications and drafts: name, type, size and SHA-256, no bytes', async () => {
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    const pdf = await makePdf(200 * 1024);
    expect((await apply(olive, [positions[28]!], answers(DEMO_OTHER_EMAIL, pdf))).statusCode).toBe(200);
    await ctx.db.deleteFrom('draft_applications').execute();
    expect(
      (
        await olive.post('/api/pcsx/draft_applications', {
          domain: DEMO_DOMAIN,
          position_ids: [positions[27]!],
          values: { resume: resume(pdf) },
        })
      ).statusCode,
    ).toBe(200);

    const res = await olive.get(`/api/pcsx/my_data?domain=${DEMO_DOMAIN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(pdf.base64.slice(0, 200));
    expect(res.body.length).toBeLessThan(100_000);
    const { tables } = JSON.parse(res.body) as { tables: Record<string, Array<Record<string, unknown>>> };
    const described = { name: 'resume.pdf', type: 'application/pdf', size: pdf.size, sha256: pdf.sha256 };
    const application = tables.applications!.find((row) => row.position_id === positions[28]);
    expect((application!.answers_json as { resume: unknown[] }).resume).toEqual([described]);
    const draft = tables.draft_applications!.find((row) => row.position_ids === String(positions[27]));
    expect((draft!.values_json as { resume: unknown[] }).resume).toEqual([described]);
  });
});

describe('migration 0018', () => {
  it('detaches applications made signed out that the email alone had attached to an account', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const migrator = await migratorFor(database);
      expect((await migrator.migrateTo('0017_allowed_origins')).error).toBeUndefined();
      const [guest, own] = await insertPositions(db, [openTestPosition('Guest role'), openTestPosition('Own role')]);
      const casey = await db
        .selectFrom('candidates')
        .select('id')
        .where('email', '=', DEMO_CANDIDATE_EMAIL)
        .executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      for (const [positionId, signedInFlag] of [
        [guest!, 0],
        [own!, 1],
      ] as const) {
        await sql`insert into applications (domain, position_id, candidate_id, email, answers_json, status, created_at, updated_at, signed_in)
          values (${DEMO_DOMAIN}, ${positionId}, ${casey.id}, ${DEMO_CANDIDATE_EMAIL}, ${'{}'}, ${'submitted'}, ${at}, ${at}, ${signedInFlag})`.execute(
          db,
        );
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db
        .selectFrom('applications')
        .select(['position_id', 'candidate_id'])
        .where('position_id', 'in', [guest!, own!])
        .orderBy('position_id')
        .execute();
      expect(rows).toEqual([
        { position_id: guest, candidate_id: null },
        { position_id: own, candidate_id: casey.id },
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe('migration 0016', () => {
  it('moves the files of existing applications into application_files, once per hash', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const migrator = await migratorFor(database);
      const down = await migrator.migrateTo('0015_page_shell');
      expect(down.error).toBeUndefined();
      const [first, second] = await insertPositions(db, [
        openTestPosition('Old role 1'),
        openTestPosition('Old role 2'),
      ]);
      const old = { firstname: 'Old', email: 'old@example.com', resume: resume(smallPdf) };
      const at = new Date().toISOString();
      for (const positionId of [first!, second!]) {
        await sql`insert into applications (domain, position_id, candidate_id, email, answers_json, status, created_at, updated_at)
          values (${DEMO_DOMAIN}, ${positionId}, ${null}, ${'old@example.com'}, ${JSON.stringify(old)}, ${'submitted'}, ${at}, ${at})`.execute(
          db,
        );
      }
      const casey = await db
        .selectFrom('candidates')
        .select('id')
        .where('email', '=', DEMO_CANDIDATE_EMAIL)
        .executeTakeFirstOrThrow();
      await sql`insert into applications (domain, position_id, candidate_id, email, answers_json, status, created_at, updated_at)
        values (${DEMO_DOMAIN}, ${first!}, ${casey.id}, ${DEMO_CANDIDATE_EMAIL}, ${'{}'}, ${'submitted'}, ${at}, ${at})`.execute(
        db,
      );
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const files = await db.selectFrom('application_files').selectAll().execute();
      expect(files.map((file) => [file.sha256, file.byte_size])).toEqual([[smallPdf.sha256, smallPdf.size]]);
      expect(Buffer.from(files[0]!.content).toString('base64')).toBe(smallPdf.base64);
      const rows = await db
        .selectFrom('applications')
        .select(['id', 'answers_json', 'signed_in'])
        .where('email', '=', 'old@example.com')
        .execute();
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        const answers = JSON.parse(row.answers_json) as { resume: Array<Record<string, unknown>> };
        expect(answers.resume[0]).toMatchObject({ name: 'resume.pdf', sha256: smallPdf.sha256 });
        expect(answers.resume[0]).not.toHaveProperty('content');
        expect(row.signed_in).toBe(0);
      }
      expect(await db.selectFrom('application_file_uses').selectAll().execute()).toHaveLength(2);
      // Applications with an account count as the account's own.
      const attached = await db
        .selectFrom('applications')
        .select('signed_in')
        .where('candidate_id', 'is not', null)
        .execute();
      expect(attached.length).toBeGreaterThan(0);
      expect(attached.every((row) => row.signed_in === 1)).toBe(true);
    } finally {
      await database.destroy();
    }
  });
});
