import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { SESSION_COOKIE } from '../src/auth/sessions';
import { BootData, type BootData as BootDataShape } from '../src/contract';
import type { Command } from '../src/cli/command';
import { loadConfig, type Config } from '../src/config';
import { createPostgresDatabase, createSqliteDatabase } from '../src/db/connection';
import { InCodeMigrationProvider } from '../src/db/migrations';
import { prepareDatabase } from '../src/db/prepare';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_OTHER_EMAIL, DEMO_PASSWORD } from '../src/db/seed';
import type { Database } from '../src/db/types';
import type { NewPosition } from '../src/positions/repository';

export { buildApp };
export { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_NEW_EMAIL, DEMO_OTHER_EMAIL, DEMO_PASSWORD } from '../src/db/seed';

export interface TestDatabase {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  destroy(): Promise<void>;
}

/** Runs one statement on its own connection to `url` (database creation and removal). */
async function runAsAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new empty PostgreSQL database `t_<random>` beside TEST_DATABASE_URL's (its user needs CREATEDB; the cluster of
 * scripts/with-postgres.sh connects as its superuser), with its connection string, dropped again by `drop()`.
 *
 * One database per test, not one schema per test in a shared database: Kysely's migrator looks for its tables by
 * introspecting every schema it can see, by name, and a schema that another test file drops at that moment made
 * the migration fail with `schema "t_…" does not exist` (seen in CI). Databases do not see each other's catalogues.
 */
async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  await runAsAdmin(url, `CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    // FORCE: a server process killed by its test may leave a connection behind for a moment.
    drop: () => runAsAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh, migrated and seeded database: SQLite in memory, or (with TEST_DATABASE_URL) a new PostgreSQL database
 * (see createScratchDatabase) that is dropped again by `destroy()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = createSqliteDatabase(':memory:');
    await prepareDatabase(db);
    return { db, kind: 'sqlite', destroy: () => db.destroy() };
  }

  const scratch = await createScratchDatabase(url);
  const db = createPostgresDatabase({ connectionString: scratch.url, max: 4 });
  try {
    await prepareDatabase(db);
  } catch (error) {
    await db.destroy();
    await scratch.drop();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    destroy: async () => {
      await db.destroy();
      await scratch.drop();
    },
  };
}

/** A migrator over a test database (on PostgreSQL, with its migration table in the test's own schema), to move it back. */
export async function migratorFor(database: TestDatabase): Promise<Migrator> {
  const migrationTableSchema =
    database.kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db: database.db, provider: new InCodeMigrationProvider(), migrationTableSchema });
}

/** Registers beforeAll/afterAll hooks that create a fresh test database and destroy it after the file. Read it inside tests. */
export function useTestDatabase(): TestDatabase {
  const database = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(database, await createTestDatabase());
  });
  afterAll(async () => {
    await database.destroy?.(); // absent when the creation failed
  });
  return database;
}

export const HOST_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Test host</title>
    <!--careers:head-->
  </head>
  <body><div id="candidate-notification-trigger"></div><main><div id="careers-main"></div></main><div id="careers-gate"></div></body>
</html>
`;

/** A temporary folder, removed after the test file. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `careers-${prefix}-`));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What an operator command returned and printed (lines joined with newlines); `opened`: it asked for the database. */
export interface CommandResult {
  code: number;
  out: string;
  err: string;
  opened: boolean;
}

/** Runs an operator command (see src/cli/command.ts) over a test database, collecting its output. */
export async function runCommandOn(db: Kysely<Database>, command: Command, argv: string[]): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  let opened = false;
  const code = await command(argv, {
    getDb: async () => {
      opened = true;
      return db;
    },
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), opened };
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  kind: 'sqlite' | 'postgres';
}

/**
 * Registers beforeAll/afterAll hooks that build the app over a fresh database, with temporary DIST_DIR and
 * HOST_DEMO_DIR (the host page template is a small fixture). Read the context inside tests.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestContext {
  const context = {} as TestContext;
  let database: TestDatabase | undefined;
  const hostDemoDir = tempDir('host');
  const dataDir = tempDir('data');
  const distDir = tempDir('dist');
  beforeAll(async () => {
    fs.writeFileSync(path.join(hostDemoDir, 'index.html'), HOST_TEMPLATE);
    fs.writeFileSync(path.join(hostDemoDir, 'site.css'), 'body { color: #123; }\n');
    const config: Config = { ...loadConfig({}), dataDir, distDir, hostDemoDir, ...overrides };
    database = await createTestDatabase();
    context.db = database.db;
    context.kind = database.kind;
    context.config = config;
    context.app = await buildApp({ db: database.db, config });
  });
  afterAll(async () => {
    await context.app?.close();
    await database?.destroy();
  });
  return context;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A browser-like client over `app.inject`: keeps the session cookie and the latest CSRF token. */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** Replaces the session cookie (to replay an old one). */
  useSessionCookie(value: string | undefined): void {
    if (value === undefined) this.cookies.delete(SESSION_COOKIE);
    else this.cookies.set(SESSION_COOKIE, value);
  }

  /** Sends a request with the cookies; unsafe methods carry the CSRF header unless `csrf: false`. */
  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, ...inject } = options;
    const headers: Record<string, string> = { ...(inject.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const method = String(inject.method ?? 'GET').toUpperCase();
    if (csrf && UNSAFE.has(method) && this.csrfToken && headers['x-csrf-token'] === undefined) {
      headers['x-csrf-token'] = this.csrfToken;
    }
    const response = await this.app.inject({ ...inject, headers });
    for (const cookie of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired =
        cookie.value === '' ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) ||
        cookie.maxAge === 0;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = response.headers['x-csrf-token'];
    if (typeof token === 'string') this.csrfToken = token;
    const meta = /name="(?:_csrf|csrf-token)" (?:value|content)="([^"]+)"/.exec(
      String(response.headers['content-type']).startsWith('text/html') ? response.body : '',
    );
    if (meta?.[1]) this.csrfToken = meta[1];
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, options: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      csrf: options.csrf,
      headers: options.headers,
    });
  }

  /** Posts an HTML form (application/x-www-form-urlencoded). */
  postForm(url: string, fields: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
  }

  /** Opens the login page (anonymous session and CSRF token), then signs in with JSON. */
  async login(email: string, password = DEMO_PASSWORD, domain = DEMO_DOMAIN): Promise<LightMyRequestResponse> {
    await this.get(`/careers/login?domain=${domain}`);
    const response = await this.post('/api/auth/login', { email, password, domain });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }

  /**
   * Posts the sign-in HTML form with the page's CSRF token (none if no page was opened): the demo candidate on the
   * demo site unless `fields` say otherwise.
   */
  postLoginForm(fields: Record<string, string> = {}) {
    return this.postForm('/api/auth/login', {
      ...(this.csrfToken === undefined ? {} : { _csrf: this.csrfToken }),
      domain: DEMO_DOMAIN,
      email: DEMO_CANDIDATE_EMAIL,
      password: DEMO_PASSWORD,
      ...fields,
    });
  }
}

/** A client signed in as `email` (see TestClient.login). */
/**
 * Runs `body` while the employer's stored configuration is `config` (a JSON object), then puts back what was stored,
 * whatever `body` does.
 */
export async function withEmployerConfig<T>(
  db: Kysely<Database>,
  domain: string,
  config: Record<string, unknown>,
  body: () => Promise<T>,
): Promise<T> {
  const stored = await db
    .selectFrom('employers')
    .select('pcsx_config_json')
    .where('domain', '=', domain)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('employers')
    .set({ pcsx_config_json: JSON.stringify(config) })
    .where('domain', '=', domain)
    .execute();
  try {
    return await body();
  } finally {
    await db
      .updateTable('employers')
      .set({ pcsx_config_json: stored.pcsx_config_json })
      .where('domain', '=', domain)
      .execute();
  }
}

export async function signedIn(app: FastifyInstance, email: string): Promise<TestClient> {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

/** The two demo candidates signed in, and a visitor who opened the login page (an anonymous session), as most API tests use them. */
export async function demoClients(
  app: FastifyInstance,
): Promise<{ casey: TestClient; olive: TestClient; visitor: TestClient }> {
  const visitor = new TestClient(app);
  const clients = {
    casey: await signedIn(app, DEMO_CANDIDATE_EMAIL),
    olive: await signedIn(app, DEMO_OTHER_EMAIL),
    visitor,
  };
  await visitor.get('/careers/login');
  return clients;
}

/** A real server process (`tsx server/src/main.ts`, careers API and e-sign service), as an operator runs it. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` of the careers server and of its e-sign service. */
  origin: string;
  esignOrigin: string;
  pid: number;
  /** Everything it printed so far (pino JSON lines). */
  output(): string;
  /** Resolves once a printed line matches. */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 15 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the server on free loopback ports (PORT=0, ESIGN_PORT=0) with a host page fixture, over `DATA_DIR`
 * (SQLite) or `DATABASE_URL` (PostgreSQL), and resolves once both listeners are ready.
 */
export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const hostDemoDir = path.join(options.dataDir, 'host');
  fs.mkdirSync(hostDemoDir, { recursive: true });
  fs.writeFileSync(path.join(hostDemoDir, 'index.html'), HOST_TEMPLATE);
  fs.writeFileSync(path.join(hostDemoDir, 'site.css'), 'body { color: #123; }\n');
  const { spawn } = await import('node:child_process');
  const root = path.resolve(__dirname, '..', '..');
  // Node itself runs the server (tsx as a loader): signals reach the server's own handlers directly. Through the tsx
  // command, a wrapper process relays them, and on a loaded machine it could exit before the server logged anything.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      ESIGN_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DIST_DIR: path.join(options.dataDir, 'dist'),
      HOST_DEMO_DIR: hostDemoDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(output)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => {
      code = exitCode;
      resolve(exitCode);
    }),
  );
  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(output)) return resolve();
      waiters.push({ pattern, resolve });
      void exited.then(() => reject(new Error(`The server exited before printing ${pattern}:\n${output}`)));
    });
  const signal = (name: NodeJS.Signals) => {
    if (code === undefined) child.kill(name);
  };
  const stop = async () => {
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 15_000);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  try {
    await waitForOutput(/E-sign reference server ready at (http:\/\/[^ ]+)/);
  } catch (error) {
    await stop();
    throw error;
  }
  const origin = /Careers site ready at (http:\/\/[^/"]+)/.exec(output)?.[1];
  const esignOrigin = /E-sign reference server ready at (http:\/\/[^ "]+)/.exec(output)?.[1];
  if (!origin || !esignOrigin || !child.pid) {
    await stop();
    throw new Error(`No listening address in the server's output:\n${output}`);
  }
  return { origin, esignOrigin, pid: child.pid, output: () => output, waitForOutput, exited, signal, stop };
}

/**
 * With TEST_DATABASE_URL: a new empty PostgreSQL database and its connection string (for server processes:
 * DATABASE_URL), dropped again by `destroy()`. Null on SQLite runs.
 */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; destroy(): Promise<void> } | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const scratch = await createScratchDatabase(url);
  return { url: scratch.url, destroy: scratch.drop };
}

/** The boot data a server-rendered careers page carries, checked against its contract schema. */
export function bootDataOf(html: string): BootDataShape {
  const match = /<script type="application\/json" id="careers-boot-data">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  const data = JSON.parse(match![1]!) as BootDataShape;
  expect(Value.Check(BootData, data)).toBe(true);
  return data;
}

/** The titles the dashboard demo (src/dashboard/demo.ts) picks positions by, for tests that add those positions. */
export const DASHBOARD_DEMO_TITLES = [
  'Field Service Technician',
  'Senior Controls Engineer',
  'Motion Planning Engineer',
  'Robotics Software Engineer',
  'Manufacturing Engineer',
  'Product Designer',
  'Data Engineer',
  'Perception Engineer',
  'Warehouse Automation Lead',
  'Technical Writer',
];

/** A file answer as the forms' upload field sends it (base64 `content`; `size` as the browser reported it). */
export const uploadedFile = (name: string, content: string, size: number, type = 'application/pdf') => ({
  uid: `rc-${name}`,
  name,
  size,
  type,
  lastModified: 1_763_000_000_000,
  webkitRelativePath: '',
  content,
  status: 'done' as const,
});

/** A plain open position of the demo employer (posted yesterday, remote, no skills), for tests that need one. */
export const openTestPosition = (title: string): NewPosition => ({
  domain: DEMO_DOMAIN,
  title,
  description: '<p>Test</p>',
  department: 'Engineering',
  employmentType: 'Full-time',
  remote: true,
  skills: [],
  locations: [],
  postedAt: new Date(Date.now() - 86_400_000).toISOString(),
});
