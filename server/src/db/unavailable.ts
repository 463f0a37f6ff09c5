import {
  PostgresDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Seconds a client is asked to wait (`Retry-After`) while the database cannot be reached. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The database server cannot be reached or is not accepting work: stopped, crashed, restarting, recovering, or the
 * connection to it was lost. Answered 503 with `Retry-After` (http/error-handler.ts), like a SQLite lock held too
 * long (busy.ts). A statement refused this way was not applied; a transaction cut off before its COMMIT was
 * answered is rolled back whole by PostgreSQL (a write is never half-applied). Only a connection lost while the
 * COMMIT itself was under way leaves the client not knowing whether it took effect, as with any database.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;
  constructor(options?: { cause?: unknown }) {
    super('The database cannot be reached.', options);
  }
}

/**
 * PostgreSQL's own codes: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, in recovery), 53300 too_many_connections.
 */
const POSTGRES_CODE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** Socket errors on the way to the database server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);
/** node-postgres and pg-pool say these in words only. */
const DRIVER_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Query read timeout$/,
];

/** True when `error` (or what caused it) says the database server cannot be reached or is not accepting work. */
function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (POSTGRES_CODE.test(code) || SOCKET_CODES.has(code))) return true;
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Several addresses tried for one host name (IPv6 and IPv4): each one refused.
  if (error instanceof AggregateError && error.errors.some((each) => isConnectionFailure(each, depth + 1))) return true;
  return isConnectionFailure(error.cause, depth + 1);
}

function unavailableOr(error: unknown): unknown {
  return isConnectionFailure(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError({ cause: error })
    : error;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailableOr(error);
  }
}

/** A connection whose failures to reach the database surface as DatabaseUnavailableError. */
class GuardedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return guarded(() => this.inner.executeQuery<R>(compiledQuery));
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } catch (error) {
      throw unavailableOr(error);
    }
  }
}

const inner = (connection: DatabaseConnection) =>
  connection instanceof GuardedConnection ? connection.inner : connection;

/** Wraps Kysely's PostgreSQL driver: every way of losing the database becomes DatabaseUnavailableError. */
class GuardedDriver implements Driver {
  constructor(private readonly driver: Driver) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GuardedConnection(await guarded(() => this.driver.acquireConnection()));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return guarded(() => this.driver.beginTransaction(inner(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return guarded(() => this.driver.commitTransaction(inner(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return guarded(() => this.driver.rollbackTransaction(inner(connection)));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return guarded(async () => this.driver.savepoint?.(inner(connection), name, compile));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return guarded(async () => this.driver.rollbackToSavepoint?.(inner(connection), name, compile));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return guarded(async () => this.driver.releaseSavepoint?.(inner(connection), name, compile));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.driver.releaseConnection(inner(connection));
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

/** Kysely's PostgreSQL dialect, with connection failures as DatabaseUnavailableError (503, never 500). */
export class GuardedPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new GuardedDriver(super.createDriver());
  }
}
