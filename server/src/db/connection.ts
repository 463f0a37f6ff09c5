import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { RetryingSqliteDialect } from './sqlite-driver';
import type { Database } from './types';

/**
 * Opens SQLite (a file, or `:memory:`) with WAL journaling and foreign keys. A lock held by another process is
 * waited for asynchronously, never by blocking the event loop, for at most `busyBudgetMs` (default 5 s) per
 * statement, then the call fails with DatabaseBusyError (503): see sqlite-driver.ts.
 */
export function createSqliteDatabase(file: string, options: { busyBudgetMs?: number } = {}): Kysely<Database> {
  const sqlite = new SQLite(file);
  // Setting WAL needs the lock once; with the default busy timeout (0 here) a locked file fails at once, so wait
  // for it here, before the server serves anything.
  sqlite.pragma('busy_timeout = 5000');
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<Database>({ dialect: new RetryingSqliteDialect({ database: sqlite, ...options }) });
}

/** Opens a PostgreSQL pool. Extra pool settings (search_path `options`, pool size) pass through. */
export function createPostgresDatabase(
  poolConfig: pg.PoolConfig,
  onPoolError?: (error: Error) => void,
): Kysely<Database> {
  const pool = new pg.Pool({ max: 10, idleTimeoutMillis: 30_000, ...poolConfig });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => onPoolError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
  if (!config.databaseUrl) return `SQLite ${config.sqliteFile}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
