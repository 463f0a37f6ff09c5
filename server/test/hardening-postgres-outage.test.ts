/**
 * Fault test: two real server processes on one PostgreSQL under a load of reads and writes from several clients;
 * PostgreSQL is killed (`pg_ctl stop -m immediate`, a crash: no checkpoint, recovery at the next start) for 10 s and
 * started again on the same port. It holds that:
 * - while it is down, every request is answered: 503 with `Retry-After` when it needs the database (API calls and
 *   the pages that read it), the static files as usual; never a hang, a 500 or a stack trace. How long the answers
 *   took is printed (about 10 ms each on the reference machine), not asserted: that is the machine's (decision 014);
 * - both servers serve again without a restart (the pool opens new connections);
 * - every write answered 2xx before, during or after is in the database, and the transactional write (declining
 *   an offer: its status and its notification) is all or nothing.
 *
 * It has its own cluster (scripts/pg-cluster.sh, in a temporary folder), since it stops it: the API tests on
 * PostgreSQL share one. Acknowledged commits must survive the crash, so it runs with `synchronous_commit=on`.
 * It runs in the PostgreSQL run of the API tests (npm test) and alone
 * (`npx jest server/test/hardening-postgres-outage.test.ts --selectProjects api`: the path first, as
 * `--selectProjects` takes every name after it; or anywhere with PG_OUTAGE_TEST=1); it is skipped in the SQLite run
 * (one run is enough) and when the PostgreSQL server binaries are missing.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Offer } from '../src/contract';
import { databaseUnavailableMessage } from '../src/http/error-handler';
import { FetchBrowser } from './fetch-browser';
import {
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_NEW_EMAIL,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  startServerProcess,
  type ServerProcess,
} from './helpers';

jest.setTimeout(120_000);

const run = promisify(execFile);
const CLUSTER = path.resolve(__dirname, '..', '..', 'scripts', 'pg-cluster.sh');
const OUTAGE_MS = 10_000;
/** A request still unanswered after this long counts as hung. */
const HANG_MS = 10_000;
/** Each client's pause between requests: about 100 requests a second in all, a load the CI machine's 2 cores bear. */
const PAUSE_MS = 30;
const q = `domain=${DEMO_DOMAIN}`;

const pgFound = spawnSync('bash', [CLUSTER, 'bindir'], { stdio: 'ignore' }).status === 0;
const selected =
  process.env.PG_OUTAGE_TEST === '1' ||
  Boolean(process.env.TEST_DATABASE_URL) ||
  process.argv.some((arg) => arg.includes('outage'));
const skipReason = !pgFound
  ? 'skipped: the PostgreSQL server binaries were not found (apt-get install -y postgresql)'
  : !selected
    ? 'skipped in the SQLite run of the API tests: it runs in the PostgreSQL run, or alone'
    : null;

type Kind = 'db' | 'static';
type Write =
  | { type: 'save'; email: string; positionId: number }
  | { type: 'view'; marker: string }
  | { type: 'click'; notificationId: number }
  | { type: 'decline'; encId: string };

interface Answer {
  client: string;
  server: 'a' | 'b';
  method: string;
  path: string;
  kind: Kind;
  start: number;
  end: number;
  status: number;
  retryAfter: string | null;
  body: string;
  write?: Write;
}

/** A browser-like client that may talk to either server: one cookie jar, the latest CSRF token. */
class Browser {
  private readonly http = new FetchBrowser();

  constructor(readonly name: string) {}

  /** Never waits past HANG_MS: a hang is a failure of its own (the caller records it). */
  request(server: ServerProcess, requestPath: string, init: RequestInit = {}): Promise<Response> {
    return this.http.request(server.origin, requestPath, { ...init, signal: AbortSignal.timeout(HANG_MS) });
  }

  post(server: ServerProcess, requestPath: string, body: unknown) {
    return this.http.json(server.origin, requestPath, body, { signal: AbortSignal.timeout(HANG_MS) });
  }

  async signIn(server: ServerProcess, email: string): Promise<void> {
    await this.request(server, `/careers/login?${q}`);
    const res = await this.post(server, '/api/auth/login', { email, password: DEMO_PASSWORD, domain: DEMO_DOMAIN });
    if (res.status !== 200) throw new Error(`${this.name}: sign-in answered ${res.status}`);
  }
}

/** One line per answer, for failure messages (the whole answers would make a diff of megabytes). */
const show = (list: Answer[]) =>
  list
    .slice(0, 12)
    .map(
      (answer) =>
        `${answer.status} ${answer.method} ${answer.path} (${answer.client} on ${answer.server}, ` +
        `${Math.round(answer.end - answer.start)} ms): ${answer.body.slice(0, 160).replace(/\s+/g, ' ')}`,
    )
    .concat(list.length > 12 ? [`… and ${list.length - 12} more`] : []);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one request and records its answer, its duration and (for a write) what it asked for. */
async function timed(
  answers: Answer[],
  browser: Browser,
  servers: Record<'a' | 'b', ServerProcess>,
  which: 'a' | 'b',
  step: { method?: 'GET' | 'POST'; path: string; body?: unknown; kind?: Kind; write?: Write },
): Promise<Answer> {
  const start = performance.now();
  let status = 0;
  let retryAfter: string | null = null;
  let body = '';
  try {
    const res =
      step.method === 'POST'
        ? await browser.post(servers[which], step.path, step.body ?? {})
        : await browser.request(servers[which], step.path);
    status = res.status;
    retryAfter = res.headers.get('retry-after');
    body = await res.text();
  } catch (error) {
    body = `no answer: ${(error as Error).message}`;
  }
  const answer: Answer = {
    client: browser.name,
    server: which,
    method: step.method ?? 'GET',
    path: step.path,
    kind: step.kind ?? 'db',
    start,
    end: performance.now(),
    status,
    retryAfter,
    body,
    ...(step.write ? { write: step.write } : {}),
  };
  answers.push(answer);
  return answer;
}

(skipReason ? describe.skip : describe)(
  skipReason
    ? `PostgreSQL stopped under load (${skipReason})`
    : 'PostgreSQL stopped for 10 s under load, two servers on it',
  () => {
    let clusterDir = '';
    const dataDirs: string[] = [];
    const clusterEnv = { ...process.env, PG_CLUSTER_OPTIONS: '-c synchronous_commit=on' };
    let url = '';
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-pg-outage-'));
      url = (await run('bash', [CLUSTER, 'start', clusterDir], { env: clusterEnv })).stdout.trim();
      dataDirs.push(...['a', 'b'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `careers-outage-${name}-`))));
      [a, b] = await Promise.all([
        startServerProcess({ dataDir: dataDirs[0]!, databaseUrl: url }),
        startServerProcess({ dataDir: dataDirs[1]!, databaseUrl: url }),
      ]);
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      if (clusterDir) await run('bash', [CLUSTER, 'destroy', clusterDir]).catch(() => undefined);
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After within a second while it is down, recovers, and loses no acknowledged write', async () => {
      const servers = { a, b };
      const answers: Answer[] = [];

      // What the clients will write: open positions to save, each candidate's notifications and offers.
      const visitor = new Browser('visitor');
      const search = await visitor.request(a, `/api/pcsx/search?${q}`);
      expect(search.status).toBe(200);
      const positionIds = ((await search.json()) as { data: { positions: Array<{ id: number }> } }).data.positions.map(
        (position) => position.id,
      );
      expect(positionIds.length).toBeGreaterThan(3);

      const people = [
        { name: 'casey-1', email: DEMO_CANDIDATE_EMAIL },
        { name: 'casey-2', email: DEMO_CANDIDATE_EMAIL },
        { name: 'olive-1', email: DEMO_OTHER_EMAIL },
        { name: 'olive-2', email: DEMO_OTHER_EMAIL },
        { name: 'new-1', email: DEMO_NEW_EMAIL },
      ];
      const clients = await Promise.all(
        people.map(async ({ name, email }, index) => {
          const browser = new Browser(name);
          const home = index % 2 === 0 ? a : b;
          await browser.signIn(home, email);
          const notes = await browser.request(home, `/api/pcsx/notifications?${q}`);
          const offers = await browser.request(home, `/api/offer/offers?${q}`);
          const notificationIds = (
            (await notes.json()) as { data: { notifications: Array<{ id: number }> } }
          ).data.notifications.map((note) => note.id);
          const openOffers = ((await offers.json()) as { data: { offers: Offer[] } }).data.offers
            .filter((offer) => offer.status === 'Extended')
            .map((offer) => offer.enc_id)
            // The two browsers of one candidate decline different offers.
            .filter((_, at) => at % 2 === (name.endsWith('-2') ? 1 : 0));
          return { browser, email, index, notificationIds, openOffers };
        }),
      );

      const extended = clients.flatMap((client) => client.openOffers);
      expect(extended.length).toBeGreaterThan(0);
      let stopLoad = false;
      const marks = { stopIssued: Infinity, stopped: Infinity, startIssued: Infinity, started: Infinity };

      const candidateLoop = async (client: (typeof clients)[number]) => {
        const { browser, email, index } = client;
        let turn = index;
        let lastView = -Infinity;
        let saveAt = index;
        let clickAt = 0;
        while (!stopLoad) {
          turn += 1;
          const which = turn % 2 === 0 ? 'a' : 'b';
          const step = turn % 9;
          if (step === 0) await timed(answers, browser, servers, which, { path: `/api/pcsx/notification_badge?${q}` });
          else if (step === 1) {
            const positionId = positionIds[saveAt % positionIds.length]!;
            saveAt += 1;
            await timed(answers, browser, servers, which, {
              method: 'POST',
              path: `/api/pcsx/positions/save?${q}`,
              body: { domain: DEMO_DOMAIN, position_id: positionId },
              write: { type: 'save', email, positionId },
            });
          } else if (step === 2)
            await timed(answers, browser, servers, which, { path: `/api/pcsx/notifications_boot_data?${q}` });
          else if (step === 3 && performance.now() - lastView > 1_500) {
            // Under the page-view limit (60 a minute per browser, 600 per address).
            lastView = performance.now();
            const marker = `outage-${browser.name}-${turn}`;
            await timed(answers, browser, servers, which, {
              method: 'POST',
              path: `/vslog?${q}`,
              body: { namespace: 'careers', event: 'page_view', data_json: JSON.stringify({ marker }) },
              write: { type: 'view', marker },
            });
          } else if (step === 4)
            await timed(answers, browser, servers, which, { path: `/api/pcsx/positions/saved?${q}` });
          else if (step === 5 && client.notificationIds.length > 0) {
            const notificationId = client.notificationIds[clickAt % client.notificationIds.length]!;
            clickAt += 1;
            await timed(answers, browser, servers, which, {
              method: 'POST',
              path: `/api/pcsx/notifications/${notificationId}/mark_clicked?${q}`,
              write: { type: 'click', notificationId },
            });
          } else if (step === 6) await timed(answers, browser, servers, which, { path: `/careers?${q}` });
          else if (step === 7 && turn % 4 === 3 && client.openOffers.length > 0) {
            const encId = client.openOffers[0]!;
            const answer = await timed(answers, browser, servers, which, {
              method: 'POST',
              path: `/api/offer/offers/${encId}/decline?${q}`,
              write: { type: 'decline', encId },
            });
            if (answer.status === 200) client.openOffers.shift();
          } else if (step === 8) await timed(answers, browser, servers, which, { path: `/api/offer/offers?${q}` });
          else await timed(answers, browser, servers, which, { path: '/host-demo/site.css', kind: 'static' });
          await sleep(PAUSE_MS);
        }
      };

      const visitorLoop = async () => {
        let turn = 0;
        while (!stopLoad) {
          turn += 1;
          const which = turn % 2 === 0 ? 'a' : 'b';
          const step = turn % 4;
          if (step === 0) await timed(answers, visitor, servers, which, { path: `/api/pcsx/search?${q}` });
          else if (step === 1)
            await timed(answers, visitor, servers, which, {
              path: `/careers/job/${positionIds[turn % positionIds.length]}?${q}`,
            });
          else if (step === 2)
            await timed(answers, visitor, servers, which, { path: '/host-demo/site.css', kind: 'static' });
          else await timed(answers, visitor, servers, which, { path: `/api/pcsx/notifications_boot_data?${q}` });
          await sleep(PAUSE_MS);
        }
      };

      const load = Promise.all([...clients.map(candidateLoop), visitorLoop()]);

      // Under load for 3 s, then a crash, 10 s down, and started again on the same port.
      await sleep(3_000);
      marks.stopIssued = performance.now();
      await run('bash', [CLUSTER, 'stop', clusterDir, 'immediate']);
      marks.stopped = performance.now();
      await sleep(OUTAGE_MS - (marks.stopped - marks.stopIssued));
      marks.startIssued = performance.now();
      await run('bash', [CLUSTER, 'start', clusterDir], { env: clusterEnv });
      marks.started = performance.now();

      // Recovery: the first answer from the database on each server after the start.
      const recovered = { a: Infinity, b: Infinity };
      const deadline = marks.started + 15_000;
      while ((recovered.a === Infinity || recovered.b === Infinity) && performance.now() < deadline) {
        for (const which of ['a', 'b'] as const) {
          if (recovered[which] !== Infinity) continue;
          const probe = await timed(answers, visitor, servers, which, { path: `/api/pcsx/search?${q}` });
          if (probe.status === 200) recovered[which] = probe.end - marks.started;
        }
        await sleep(50);
      }
      // And 3 s more of load once both are back.
      await sleep(3_000);
      stopLoad = true;
      await load;

      const duringOutage = answers.filter((answer) => answer.end > marks.stopIssued && answer.start < marks.started);
      const strictlyDown = duringOutage.filter(
        (answer) => answer.start > marks.stopped && answer.end < marks.startIssued,
      );
      // How long each waited while PostgreSQL was gone: a request sent before the kill counts from the kill (the time
      // it had already taken is the machine's, not the outage's).
      const waited = (answer: Answer) => answer.end - Math.max(answer.start, marks.stopIssued);
      const slowest = Math.max(...duringOutage.map(waited));
      const unavailable = duringOutage.filter((answer) => answer.status === 503).length;
      const recoveredAt = marks.started + Math.max(recovered.a, recovered.b);
      const afterRecovery = answers.filter((answer) => answer.start > recoveredAt + 500);
      console.log(
        JSON.stringify({
          requests: answers.length,
          duringOutage: duringOutage.length,
          unavailable503: unavailable,
          slowestDuringOutageMs: Math.round(slowest),
          slowestThree: [...duringOutage]
            .sort((x, y) => waited(y) - waited(x))
            .slice(0, 3)
            .map(
              (answer) =>
                `${show([answer])[0]!.slice(0, 90)}; sent ${Math.round(answer.start - marks.stopIssued)} ms ` +
                `after the kill, waited ${Math.round(waited(answer))} ms`,
            ),
          recoveryMs: { a: Math.round(recovered.a), b: Math.round(recovered.b) },
          statusesDuringOutage: Object.fromEntries(
            [...new Set(duringOutage.map((answer) => `${answer.status} ${answer.path.split('?')[0]}`))].map((key) => [
              key,
              duringOutage.filter((answer) => `${answer.status} ${answer.path.split('?')[0]}` === key).length,
            ]),
          ),
        }),
      );
      // 1. Nothing hung, nothing failed with a 500, nothing showed a stack or the driver's words.
      const leaky = /ECONNREFUSED|Connection terminated|Kysely|\n\s+at |node_modules|\.ts:\d+/;
      expect(
        show(answers.filter((answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503))),
      ).toEqual([]);
      expect(show(answers.filter((answer) => leaky.test(answer.body)))).toEqual([]);

      // 2. While it was down (from the kill to the start): 503 + Retry-After where the database is needed, the static
      // file as usual.
      expect(strictlyDown.length).toBeGreaterThan(100);
      const wrong = strictlyDown.filter((answer) => {
        if (answer.kind === 'static') return answer.status !== 200;
        if (answer.status !== 503 || !/^[1-9]\d*$/.test(answer.retryAfter ?? '')) return true;
        if (!answer.path.startsWith('/api/') && !answer.path.startsWith('/vslog')) return false;
        const body = JSON.parse(answer.body) as { statusCode?: number; code?: string; message?: string };
        return (
          body.statusCode !== 503 || body.code !== 'service_unavailable' || body.message !== databaseUnavailableMessage
        );
      });
      expect(show(wrong)).toEqual([]);

      // 3. Both recovered without a restart (before the probe's deadline), and answer normally from then on.
      expect(Number.isFinite(recovered.a) && Number.isFinite(recovered.b)).toBe(true);
      // No crash, no error-level line (the 503s are warnings, one a request), a few lines from the pool at most
      // (one per idle connection lost).
      const poolErrors = [a, b].map((server) => server.output().match(/PostgreSQL pool error/g)?.length ?? 0);
      for (const server of [a, b]) {
        expect(server.output()).not.toMatch(/uncaught|unhandled|"level":(50|60)/i);
      }
      expect(Math.max(...poolErrors)).toBeLessThanOrEqual(10);
      await expect(Promise.race([a.exited, b.exited, sleep(10).then(() => 'running')])).resolves.toBe('running');
      expect(afterRecovery.length).toBeGreaterThan(50);
      expect(show(afterRecovery.filter((answer) => answer.status >= 500))).toEqual([]);
      expect(show(answers.filter((answer) => answer.end < marks.stopIssued && answer.status >= 500))).toEqual([]);

      // 4. Every acknowledged write is in the database; a 503 never left half of one.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      let acknowledged = 0;
      try {
        const ids = new Map(
          (
            await client.query<{ id: number; email: string }>('select id, email from candidates where domain = $1', [
              DEMO_DOMAIN,
            ])
          ).rows.map((row) => [row.email, Number(row.id)]),
        );
        const saved = new Set(
          (
            await client.query<{ c: number; p: number }>('select candidate_id c, position_id p from saved_positions')
          ).rows.map((row) => `${row.c}:${row.p}`),
        );
        const views = new Map<string, number>();
        for (const row of (await client.query<{ data_json: string }>('select data_json from page_views')).rows) {
          const marker = (JSON.parse(row.data_json) as { marker?: string }).marker;
          if (marker) views.set(marker, (views.get(marker) ?? 0) + 1);
        }
        const clicked = new Set(
          (await client.query<{ id: number }>('select id from notifications where clicked_at is not null')).rows.map(
            (row) => Number(row.id),
          ),
        );
        const offers = new Map(
          (await client.query<{ enc_id: string; status: string }>('select enc_id, status from offers')).rows.map(
            (row) => [row.enc_id, row.status],
          ),
        );
        const declineNotes = new Map<string, number>();
        for (const row of (
          await client.query<{ redirect_url: string }>(
            "select redirect_url from notifications where message like 'You declined the job offer for %'",
          )
        ).rows) {
          const encId = [...offers.keys()].find((id) => row.redirect_url.includes(id));
          if (encId) declineNotes.set(encId, (declineNotes.get(encId) ?? 0) + 1);
        }

        const missing: Answer[] = [];
        for (const answer of answers) {
          const write = answer.write;
          if (!write) continue;
          const ok = answer.status >= 200 && answer.status < 300;
          if (write.type === 'view') {
            // Stored once if acknowledged; never twice; at most once (or not at all) if refused.
            expect(views.get(write.marker) ?? 0).toBeLessThanOrEqual(1);
            if (ok && views.get(write.marker) !== 1) missing.push(answer);
          }
          if (!ok) continue;
          acknowledged += 1;
          if (write.type === 'save' && !saved.has(`${ids.get(write.email)}:${write.positionId}`)) missing.push(answer);
          if (write.type === 'click' && !clicked.has(write.notificationId)) missing.push(answer);
          if (write.type === 'decline' && offers.get(write.encId) !== 'Declined') missing.push(answer);
        }
        expect(show(missing)).toEqual([]);
        // Declining is one transaction (status and notification): all or nothing, whatever the answer was.
        for (const encId of extended) {
          const status = offers.get(encId);
          expect({ encId, notifications: declineNotes.get(encId) ?? 0 }).toEqual({
            encId,
            notifications: status === 'Declined' ? 1 : 0,
          });
        }
        expect(acknowledged).toBeGreaterThan(30);
      } finally {
        await client.end();
      }

      console.log(
        JSON.stringify({
          acknowledgedWritesChecked: acknowledged,
          poolErrorLines: poolErrors,
          byType: Object.fromEntries(
            ['save', 'view', 'click', 'decline'].map((type) => [
              type,
              answers.filter((answer) => answer.write?.type === type && answer.status >= 200 && answer.status < 300)
                .length,
            ]),
          ),
        }),
      );
    });
  },
);
