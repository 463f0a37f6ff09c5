import fs from 'node:fs';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { sqliteLibrary } from './sqlite-library';
import { RetryingSqliteDialect } from './sqlite-driver';
import type { Database } from './types';
import { GuardedPostgresDialect } from './unavailable';

/**
 * Opens SQLite (a file, or `:memory:`) with WAL journaling and foreign keys. A lock held by another process is
 * waited for asynchronously, never by blocking the event loop, for at most `busyBudgetMs` (default 5 s) per
 * statement, then the call fails with DatabaseBusyError (503): see sqlite-driver.ts.
 */
export function createSqliteDatabase(file: string, options: { busyBudgetMs?: number } = {}): Kysely<Database> {
  const SQLite = sqliteLibrary().library;
  const sqlite = new SQLite(file);
  // Setting WAL needs the lock once; with the default busy timeout (0 here) a locked file fails at once, so wait
  // for it here, before the server serves anything.
  sqlite.pragma('busy_timeout = 5000');
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<Database>({ dialect: new RetryingSqliteDialect({ database: sqlite, ...options }) });
}

/**
 * A new connection to PostgreSQL not ready within this long fails (503), so a database host that drops packets
 * cannot hold requests for the operating system's TCP timeout. A refused or reset connection fails at once.
 */
const CONNECT_TIMEOUT_MS = 1_000;

/** node-postgres's client with CONNECT_TIMEOUT_MS, for new connections only (waiting for a pooled one is not bounded). */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

/**
 * Opens a PostgreSQL pool. Extra pool settings (search_path `options`, pool size) pass through.
 *
 * While PostgreSQL is stopped, crashed or restarting, every query fails at once with DatabaseUnavailableError
 * (503 with `Retry-After`, see unavailable.ts), and the pool opens new connections once it is back: the server
 * recovers without a restart.
 */
export function createPostgresDatabase(
  poolConfig: pg.PoolConfig,
  onPoolError?: (error: Error) => void,
): Kysely<Database> {
  const pool = new pg.Pool({
    max: 10,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    Client: BoundedClient,
    ...poolConfig,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => onPoolError?.(error));
  // Nor one lent out: its query fails (and the request answers 503), and the pool drops it when it comes back.
  // Without a listener, node-postgres's 'error' event on a lent client would be thrown as an uncaught exception.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new GuardedPostgresDialect({ pool }) });
}

/** The one Kysely instance of a server process: PostgreSQL when DATABASE_URL says so, else SQLite in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'sqliteFile'>,
  onPoolError?: (error: Error) => void,
): Kysely<Database> {
  if (config.databaseUrl) return createPostgresDatabase({ connectionString: config.databaseUrl }, onPoolError);
  fs.mkdirSync(config.dataDir, { recursive: true });
  return createSqliteDatabase(config.sqliteFile);
}

/** Human-readable description of where data lives (for start-up logs; never prints a password). */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'sqliteFile'>): string {
  if (!config.databaseUrl) return `SQLite ${config.sqliteFile} (better-sqlite3 ${sqliteLibrary().version})`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
