/**
 * A bounded load run on loopback: concurrent signed-in browsers mixing reads and writes, then the database is
 * counted against the writes the server said it made. Prints throughput per kind; exits 1 on any error or lost
 * write.
 *
 *   npm run load                                  (SQLite in a temporary folder)
 *   DATABASE_URL=postgres://… npm run load
 *   LOAD_CLIENTS=8 LOAD_REQUESTS=250 npm run load (browsers, requests per browser; defaults 8 and 250)
 *
 * Traffic goes to a server this script starts on 127.0.0.1 only. Each browser posts at most a fifth of its
 * requests as page views, which keeps the run under the page-view limits (60 a minute per browser, 600 per address):
 * at most 250 requests per browser and 10 browsers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { prepareDatabase } from '../server/src/db/prepare';
import type { Database } from '../server/src/db/types';

const DOMAIN = 'acme.example';
const PASSWORD = 'careers-demo';
/** The namespace of the run's page views, so they can be counted apart from any other. */
export const LOAD_NAMESPACE = 'load-run';

export const LOAD_KINDS = ['offers', 'notifications', 'badge', 'page view', 'mark clicked'] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];

export interface KindFigures {
  requests: number;
  ok: number;
  errors: number;
  /** Milliseconds, per request. */
  latencies: number[];
}

export interface LoadResult {
  clients: number;
  seconds: number;
  kinds: Record<LoadKind, KindFigures>;
  /** What the server said it wrote: page views stored, notifications newly marked clicked. */
  written: { pageViews: number; clicked: number };
  /** What the database holds afterwards. */
  stored: { pageViews: number; clicked: number };
  /** The first few failures, as `kind: status body`. */
  failures: string[];
}

export interface LoadOptions {
  /** `http://127.0.0.1:<port>` of a running server over `db`. */
  baseUrl: string;
  db: Kysely<Database>;
  clients: number;
  requestsPerClient: number;
  /** Candidates the browsers sign in as, in turn. */
  emails?: string[];
}

/** One browser: a cookie jar and the CSRF token of its session. */
class Browser {
  private readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly baseUrl: string) {}

  async fetch(url: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.method === 'POST') headers['x-csrf-token'] = this.csrf;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${url}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const token = res.headers.get('x-csrf-token');
    if (token) this.csrf = token;
    return res;
  }

  async signIn(email: string): Promise<void> {
    const page = await this.fetch(`/careers/login?domain=${DOMAIN}`);
    const html = await page.text();
    this.csrf = /name="(?:_csrf|csrf-token)" (?:value|content)="([^"]+)"/.exec(html)?.[1] ?? this.csrf;
    const login = await this.fetch('/api/auth/login', {
      method: 'POST',
      body: { email, password: PASSWORD, domain: DOMAIN },
    });
    if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${await login.text()}`);
  }
}

const emptyFigures = (): KindFigures => ({ requests: 0, ok: 0, errors: 0, latencies: [] });

/** Creates `count` fresh unread notifications for each candidate; the run marks them clicked. */
async function notificationsToClick(db: Kysely<Database>, emails: string[], count: number) {
  const ids = new Map<string, number[]>();
  for (const email of emails) {
    const candidate = await db
      .selectFrom('candidates')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const rows = await db
      .insertInto('notifications')
      .values(
        Array.from({ length: count }, (_, index) => ({
          domain: DOMAIN,
          candidate_id: candidate.id,
          category_title: 'Load run',
          message: `Load run notification ${index + 1}`,
          notification_type: 'read_only' as const,
          redirect_url: null,
          created_at: new Date().toISOString(),
          viewed_at: null,
          clicked_at: null,
        })),
      )
      .returning('id')
      .execute();
    ids.set(
      email,
      rows.map((row) => row.id),
    );
  }
  return ids;
}

/** Runs the load and counts the database afterwards. Throws only when a browser cannot sign in. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { baseUrl, db, clients, requestsPerClient } = options;
  const emails = options.emails ?? ['candidate@example.com', 'other@example.com'];
  const perKind = Math.ceil(requestsPerClient / LOAD_KINDS.length);
  const browsers = Array.from({ length: clients }, () => new Browser(baseUrl));
  await Promise.all(browsers.map((browser, index) => browser.signIn(emails[index % emails.length]!)));
  // Each browser clicks its own notifications (no two browsers race for the same one: every click must count).
  const clickable = await notificationsToClick(db, emails, perKind * Math.ceil(clients / emails.length));
  const queues = browsers.map((_, index) => {
    const email = emails[index % emails.length]!;
    const turn = Math.floor(index / emails.length);
    return clickable.get(email)!.slice(turn * perKind, (turn + 1) * perKind);
  });

  const kinds = Object.fromEntries(LOAD_KINDS.map((kind) => [kind, emptyFigures()])) as Record<LoadKind, KindFigures>;
  const written = { pageViews: 0, clicked: 0 };
  const failures: string[] = [];

  const once = async (browser: Browser, kind: LoadKind, queue: number[]): Promise<void> => {
    const figures = kinds[kind];
    figures.requests += 1;
    const started = performance.now();
    let res: Response | undefined;
    let ok = false;
    try {
      switch (kind) {
        case 'offers':
          res = await browser.fetch('/api/offer/offers');
          ok = res.status === 200 && Array.isArray(((await res.json()) as { data: { offers: unknown } }).data.offers);
          break;
        case 'notifications':
          res = await browser.fetch('/api/pcsx/notifications');
          ok =
            res.status === 200 &&
            Array.isArray(((await res.json()) as { data: { notifications: unknown } }).data.notifications);
          break;
        case 'badge':
          res = await browser.fetch('/api/pcsx/notification_badge');
          ok =
            res.status === 200 && typeof ((await res.json()) as { data: { count: unknown } }).data.count === 'number';
          break;
        case 'page view':
          res = await browser.fetch(`/vslog?domain=${DOMAIN}`, {
            method: 'POST',
            body: { namespace: LOAD_NAMESPACE, event: 'page_view', data_json: '{"page":"offers"}' },
          });
          ok = res.status === 200;
          if (ok) written.pageViews += 1;
          break;
        case 'mark clicked': {
          const id = queue.shift();
          if (id === undefined) throw new Error('no notification left to click');
          res = await browser.fetch(`/api/pcsx/notifications/${id}/mark_clicked`, { method: 'POST', body: {} });
          const updated = res.status === 200 ? ((await res.json()) as { data: { updated: number } }).data.updated : -1;
          ok = updated === 1;
          if (ok) written.clicked += 1;
          break;
        }
      }
    } catch (error) {
      failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    }
    figures.latencies.push(performance.now() - started);
    if (ok) figures.ok += 1;
    else {
      figures.errors += 1;
      if (res && failures.length < 10)
        failures.push(`${kind}: ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
    }
  };

  const started = performance.now();
  await Promise.all(
    browsers.map(async (browser, index) => {
      for (let request = 0; request < requestsPerClient; request += 1) {
        // Each browser starts at another kind, so every kind runs concurrently with every other.
        await once(browser, LOAD_KINDS[(request + index) % LOAD_KINDS.length]!, queues[index]!);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const allIds = [...clickable.values()].flat();
  const [pageViews, clicked] = await Promise.all([
    db
      .selectFrom('page_views')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('namespace', '=', LOAD_NAMESPACE)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('id', 'in', allIds)
      .where('clicked_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    clients,
    seconds,
    kinds,
    written,
    stored: { pageViews: Number(pageViews.count), clicked: Number(clicked.count) },
    failures,
  };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The figures, one line per kind. */
export function formatLoad(result: LoadResult, database: string): string {
  const total = Object.values(result.kinds).reduce((sum, figures) => sum + figures.requests, 0);
  const lines = [
    `Load run on ${database}: ${result.clients} browsers, ${total} requests in ${result.seconds.toFixed(2)} s ` +
      `(${(total / result.seconds).toFixed(0)} req/s)`,
  ];
  for (const kind of LOAD_KINDS) {
    const figures = result.kinds[kind];
    lines.push(
      `  ${kind.padEnd(14)} ${String(figures.requests).padStart(6)} requests ` +
        `${(figures.requests / result.seconds).toFixed(0).padStart(6)} req/s   ` +
        `p50 ${percentile(figures.latencies, 50).toFixed(1).padStart(6)} ms   ` +
        `p99 ${percentile(figures.latencies, 99).toFixed(1).padStart(6)} ms   ${figures.errors} errors`,
    );
  }
  lines.push(
    `  writes: ${result.written.pageViews} page views stored (${result.stored.pageViews} in the database), ` +
      `${result.written.clicked} notifications clicked (${result.stored.clicked} in the database)`,
  );
  return lines.join('\n');
}

/** Errors and lost writes of a run (empty when the run is clean). */
export function problemsOf(result: LoadResult): string[] {
  const problems = [...result.failures];
  for (const kind of LOAD_KINDS) {
    if (result.kinds[kind].errors > 0) problems.push(`${kind}: ${result.kinds[kind].errors} errors`);
  }
  if (result.stored.pageViews !== result.written.pageViews) problems.push('page views lost or duplicated');
  if (result.stored.clicked !== result.written.clicked) problems.push('notification clicks lost or duplicated');
  return problems;
}

const bounded = (name: string, fallback: number, max: number) =>
  Math.min(max, Math.max(1, Math.floor(Number(process.env[name] ?? fallback)) || fallback));

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-load-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0' });
  const db = openDatabase(config);
  let code = 0;
  try {
    await prepareDatabase(db);
    const app = await buildApp({ db, config, logger: false });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const clients = bounded('LOAD_CLIENTS', 8, 10);
    const result = await runLoad({ baseUrl, db, clients, requestsPerClient: bounded('LOAD_REQUESTS', 250, 250) });
    console.log(formatLoad(result, config.databaseUrl ? 'PostgreSQL' : 'SQLite'));
    const problems = problemsOf(result);
    if (problems.length > 0) {
      console.error(`FAILED:\n  ${problems.join('\n  ')}`);
      code = 1;
    }
    await app.close();
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
