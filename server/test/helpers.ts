import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { SESSION_COOKIE } from '../src/auth/sessions';
import type { Command } from '../src/cli/command';
import { loadConfig, type Config } from '../src/config';
import { createPostgresDatabase, createSqliteDatabase } from '../src/db/connection';
import { prepareDatabase } from '../src/db/prepare';
import { DEMO_DOMAIN, DEMO_PASSWORD } from '../src/db/seed';
import type { Database } from '../src/db/types';

export { buildApp };
export { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_NEW_EMAIL, DEMO_OTHER_EMAIL, DEMO_PASSWORD } from '../src/db/seed';

export interface TestDatabase {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database: SQLite in memory, or (with TEST_DATABASE_URL) a new PostgreSQL schema
 * `t_<random>` that the pool's search_path points at and that is dropped again by `destroy()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = createSqliteDatabase(':memory:');
    await prepareDatabase(db);
    return { db, kind: 'sqlite', destroy: () => db.destroy() };
  }

  const schema = `t_${randomBytes(8).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const db = createPostgresDatabase({ connectionString: url, options: `-c search_path=${schema}`, max: 4 });
  try {
    await prepareDatabase(db);
  } catch (error) {
    await db.destroy();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    destroy: async () => {
      await db.destroy();
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
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
}
