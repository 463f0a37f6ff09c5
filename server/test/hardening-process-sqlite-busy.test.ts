/**
 * SQLite only, by nature: another process (an operator command, a backup) holding SQLite's write lock. The test
 * opens the server's own database file a second time (a second better-sqlite3 connection, as another process
 * would) and holds `BEGIN IMMEDIATE` on it. It runs the same way in the PostgreSQL run of the API tests (its
 * database is always a SQLite file); PostgreSQL waits for locks on the database server, never in this process.
 *
 * Responsiveness is shown by order, not by wall-clock thresholds: reads and static files answer while the lock is
 * still held and the write is still waiting. With SQLite's own synchronous busy timeout the write blocked the
 * whole event loop until it failed (500 "database is locked"), so nothing answered before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SIGNED_LETTER_FIELD } from '../src/contract';
import { loadConfig, type Config } from '../src/config';
import { createSqliteDatabase } from '../src/db/connection';
import { sqliteLibrary } from '../src/db/sqlite-library';
import { prepareDatabase } from '../src/db/prepare';
import type { Database } from '../src/db/types';
import { databaseBusyMessage } from '../src/http/error-handler';
import { buildApp, DEMO_CANDIDATE_EMAIL, HOST_TEMPLATE, TestClient, tempDir } from './helpers';
import { createOffer, letterPdf, multipart, q } from './offer-helpers';

/** Short, so the "held past the budget" case stays quick; the server's default is 5 s. */
const BUDGET_MS = 1_500;

const dataDir = tempDir('busy-data');
const hostDemoDir = tempDir('busy-host');
const distDir = tempDir('busy-dist');
const file = path.join(dataDir, 'careers.sqlite');
let db: Kysely<Database>;
let app: FastifyInstance;
let casey: TestClient;
let holder: SQLite.Database;

beforeAll(async () => {
  fs.writeFileSync(path.join(hostDemoDir, 'index.html'), HOST_TEMPLATE);
  fs.writeFileSync(path.join(hostDemoDir, 'site.css'), 'body { color: #123; }\n');
  const config: Config = { ...loadConfig({}), dataDir, distDir, hostDemoDir, sqliteFile: file };
  db = createSqliteDatabase(file, { busyBudgetMs: BUDGET_MS });
  await prepareDatabase(db);
  app = await buildApp({ db, config });
  casey = new TestClient(app);
  await casey.login(DEMO_CANDIDATE_EMAIL);
  // "Another process": its own connection to the same file, waiting for nothing.
  const Library = sqliteLibrary().library;
  holder = new Library(file);
  holder.pragma('busy_timeout = 0');
});

afterAll(async () => {
  if (holder?.inTransaction) holder.exec('ROLLBACK');
  holder?.close();
  await app?.close();
  await db?.destroy();
});

/** Tracks when a request settles, to compare with the lock's release. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, value: undefined as T | undefined };
  const done = promise.then((value) => {
    state.settled = true;
    state.value = value;
    return value;
  });
  return { state, done };
}

const nextTurn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function offerRow(encId: string) {
  return db.selectFrom('offers').selectAll().where('enc_id', '=', encId).executeTakeFirstOrThrow();
}

async function count(table: 'notifications' | 'stored_files' | 'page_views') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('SQLite write lock held by another process (SQLite only)', () => {
  it('keeps answering reads and static files while a write waits, then applies the write once', async () => {
    const enc = await createOffer(db, DEMO_CANDIDATE_EMAIL);
    const notificationsBefore = await count('notifications');

    holder.exec('BEGIN IMMEDIATE');
    const decline = track(casey.post(`/api/offer/offers/${enc}/decline?${q}`));
    await nextTurn(50);

    // (a) While the lock is held and the write waits: an API read, the host page and a static file answer.
    const reads = await Promise.all([
      casey.get(`/api/offer/offers?${q}`),
      casey.get(`/api/pcsx/notification_badge?${q}`),
      casey.get(`/careers?${q}`),
      casey.get('/host-demo/site.css'),
    ]);
    expect(reads.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(reads[3]!.body).toContain('color: #123');
    expect(decline.state.settled).toBe(false);
    expect(holder.inTransaction).toBe(true);

    // Still waiting a good while later (it needs the lock), and the event loop still turns.
    await nextTurn(300);
    expect(decline.state.settled).toBe(false);
    expect((await casey.get(`/api/offer/${enc}?${q}`)).json().data.offer.status).toBe('Extended');

    // (b) The lock is released within the budget: the write goes through, once.
    holder.exec('COMMIT');
    const res = await decline.done;
    expect(res.statusCode).toBe(200);
    expect(res.json().data.offer.status).toBe('Declined');
    expect((await offerRow(enc)).status).toBe('Declined');
    expect(await count('notifications')).toBe(notificationsBefore + 1);
  });

  it('answers 503 with Retry-After when the lock is held past the budget, and changes nothing', async () => {
    const enc = await createOffer(db, DEMO_CANDIDATE_EMAIL, { acceptance: 'upload' });
    const before = await offerRow(enc);
    const files = await count('stored_files');
    const notifications = await count('notifications');
    const views = await count('page_views');
    const { payload, headers } = multipart([
      {
        name: SIGNED_LETTER_FIELD,
        filename: 'signed.pdf',
        contentType: 'application/pdf',
        content: Buffer.from(await letterPdf()),
      },
    ]);

    holder.exec('BEGIN IMMEDIATE');
    try {
      // A transaction (upload: stored file, document, offer, notification) and a single write statement.
      const upload = track(casey.request({ method: 'POST', url: `/api/offer/offers/${enc}/accept`, payload, headers }));
      const pageView = track(casey.post(`/vslog?${q}`, { namespace: 'careers', event: 'page_view' }));
      await nextTurn(50);
      const read = await casey.get(`/api/offer/${enc}?${q}`);
      expect(read.statusCode).toBe(200);
      expect(upload.state.settled).toBe(false);
      expect(pageView.state.settled).toBe(false);

      // (c) Held past the budget (the holder never lets go here): 503, Retry-After, the usual error body.
      for (const res of [await upload.done, await pageView.done]) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: databaseBusyMessage,
          code: 'service_unavailable',
        });
      }
      expect(holder.inTransaction).toBe(true);
    } finally {
      holder.exec('ROLLBACK');
    }

    // (d) Nothing is half-written: no stored file, no status change, no notification, no page view.
    expect(await offerRow(enc)).toEqual(before);
    expect(await count('stored_files')).toBe(files);
    expect(await count('notifications')).toBe(notifications);
    expect(await count('page_views')).toBe(views);

    // And once the lock is free the same calls work.
    const again = await casey.request({ method: 'POST', url: `/api/offer/offers/${enc}/accept`, payload, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.offer.status).toBe('Accepted');
    expect(await count('stored_files')).toBe(files + 1);
  });

  it('serves a signed-in read whose activity is due while the lock is held, and records the activity later', async () => {
    // The session was last seen two minutes ago: this read would write its activity back (at most once a minute).
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: twoMinutesAgo })
      .where('candidate_id', 'is not', null)
      .execute();
    holder.exec('BEGIN IMMEDIATE');
    try {
      const res = await casey.get(`/api/pcsx/notification_badge?${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(expect.objectContaining({ count: expect.any(Number) }));
    } finally {
      holder.exec('ROLLBACK');
    }
    const stale = await db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('candidate_id', 'is not', null)
      .execute();
    expect(stale.every((row) => row.last_seen_at === twoMinutesAgo)).toBe(true);
    // The lock is free: the next request records the activity.
    expect((await casey.get(`/api/pcsx/notification_badge?${q}`)).statusCode).toBe(200);
    const touched = await db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('candidate_id', 'is not', null)
      .execute();
    expect(touched.some((row) => row.last_seen_at > twoMinutesAgo)).toBe(true);
  });

  it('lets a read wait for nothing but its turn, and a queued writer give up at the same budget', async () => {
    holder.exec('BEGIN IMMEDIATE');
    try {
      const writes = Array.from({ length: 5 }, () =>
        track(casey.post(`/vslog?${q}`, { namespace: 'careers', event: 'page_view' })),
      );
      await nextTurn(20);
      expect((await casey.get(`/api/pcsx/notifications?${q}`)).statusCode).toBe(200);
      expect(writes.some((write) => write.state.settled)).toBe(false);
      const answers = await Promise.all(writes.map((write) => write.done));
      expect(answers.map((res) => res.statusCode)).toEqual([503, 503, 503, 503, 503]);
    } finally {
      holder.exec('ROLLBACK');
    }
  });
});

describe('the SQLite driver inside one process', () => {
  it('runs no other statement inside an open transaction, and rolls a failed one back whole', async () => {
    const before = await count('page_views');
    const row = {
      domain: 'acme.example',
      candidate_id: null,
      pid: null,
      namespace: 'test',
      event: 'inside',
      data_json: '{}',
      created_at: new Date().toISOString(),
    };
    let readDuring: number | undefined;
    const failed = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('page_views').values(row).execute();
        // Another caller reads meanwhile: it waits for the transaction's end instead of reading inside it.
        const read = count('page_views').then((n) => {
          readDuring = n;
        });
        await nextTurn(20);
        expect(readDuring).toBeUndefined();
        await trx.insertInto('page_views').values(row).execute();
        await Promise.race([read, nextTurn(0)]);
        throw new Error('give up');
      })
      .catch((error: Error) => error.message);
    expect(await failed).toBe('give up');
    await nextTurn(0);
    expect(readDuring).toBe(before);
    expect(await count('page_views')).toBe(before);
  });
});
