import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DatabaseBusyError, isSqliteBusy } from './busy';

/**
 * How long one statement or one transaction's BEGIN/COMMIT keeps trying while another process holds SQLite's
 * write lock, before it gives up with DatabaseBusyError (503).
 */
const DEFAULT_BUSY_BUDGET_MS = 5_000;
const FIRST_RETRY_MS = 1;
const MAX_RETRY_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A first-in first-out lock; `lock()` resolves with the function that releases it. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return acquired;
  }
}

export interface RetryingSqliteOptions {
  database: SQLite.Database;
  /** See DEFAULT_BUSY_BUDGET_MS. */
  busyBudgetMs?: number;
}

/**
 * Kysely's SQLite dialect with a driver that never waits for a lock synchronously. better-sqlite3 is synchronous,
 * so SQLite's own busy timeout would block the event loop (every request, every static file) while another
 * process holds the write lock. Here the busy timeout is 0 and a locked statement is retried with setTimeout
 * backoff instead, up to a budget, then fails with DatabaseBusyError.
 *
 * - Reads and writes outside a transaction are single statements: a statement refused with SQLITE_BUSY was not
 *   applied at all (SQLite runs each one atomically), so trying it again can never apply a write twice.
 * - Transactions start with BEGIN IMMEDIATE, which takes the write lock before anything is done, so only BEGIN
 *   (nothing done yet) and COMMIT (SQLite keeps the transaction open when COMMIT is busy) are retried; a statement
 *   inside never waits for the lock. A transaction that fails is rolled back by Kysely.
 * - One handle serves the process: while a transaction is open on it, other statements wait for its end (they
 *   would otherwise run inside it), as with Kysely's own driver. Writers queue in process (SQLite has one writer
 *   anyway), so only the first of them polls the lock; reads go on meanwhile (WAL), and so does the event loop.
 */
export class RetryingSqliteDialect extends SqliteDialect {
  constructor(private readonly options: RetryingSqliteOptions) {
    super({ database: options.database });
  }

  override createDriver(): Driver {
    return new RetryingSqliteDriver(this.options.database, this.options.busyBudgetMs ?? DEFAULT_BUSY_BUDGET_MS);
  }
}

class RetryingSqliteDriver implements Driver {
  /** Held by each writer: an open transaction (BEGIN to COMMIT/ROLLBACK) or a write statement outside one. */
  private readonly writer = new Mutex();
  /** Set while a transaction is open on the handle; `ended` resolves when it ends. */
  private openTransaction: { owner: RetryingSqliteConnection; ended: Promise<void> } | null = null;
  private endTransaction: (() => void) | null = null;

  constructor(
    readonly db: SQLite.Database,
    private readonly budgetMs: number,
  ) {}

  async init(): Promise<void> {
    // Never let SQLite wait synchronously: retries are asynchronous (see withRetry).
    this.db.pragma('busy_timeout = 0');
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RetryingSqliteConnection(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A controlled transaction left open must not keep the handle (and the write lock) forever.
    if (this.openTransaction?.owner === connection) await this.rollbackTransaction(connection);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const deadline = Date.now() + this.budgetMs;
    const release = await this.writer.lock();
    try {
      await this.withRetry(() => this.db.exec('BEGIN IMMEDIATE'), deadline);
    } catch (error) {
      release();
      throw error;
    }
    // Synchronously after BEGIN: no other statement can slip in between.
    let ended!: () => void;
    const endedPromise = new Promise<void>((resolve) => {
      ended = resolve;
    });
    this.openTransaction = { owner: connection as RetryingSqliteConnection, ended: endedPromise };
    this.endTransaction = () => {
      this.openTransaction = null;
      this.endTransaction = null;
      ended();
      release();
    };
  }

  async commitTransaction(): Promise<void> {
    // On SQLITE_BUSY, COMMIT leaves the transaction open and may be tried again. If it fails for good, Kysely
    // rolls back (rollbackTransaction), which ends the transaction.
    await this.withRetry(() => this.db.exec('COMMIT'), Date.now() + this.budgetMs);
    this.endTransaction?.();
  }

  async rollbackTransaction(_connection: DatabaseConnection): Promise<void> {
    try {
      // SQLite may have rolled back already (some errors end the transaction).
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } finally {
      this.endTransaction?.();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    this.db.close();
  }

  /** Runs one statement of `connection`, retrying it while the database is locked (see the class comment). */
  async run<R>(connection: RetryingSqliteConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.openTransaction?.owner === connection) {
      // Inside our transaction we hold the write lock; a lock error here is not retried (the transaction fails
      // and is rolled back).
      return this.attempt<R>(query, Date.now());
    }
    const deadline = Date.now() + this.budgetMs;
    // A read runs at once (WAL: readers do not wait for the writer); a write joins the writers' queue.
    const read = await this.withRetry(
      () => {
        const statement = this.db.prepare(query.sql);
        return statement.readonly ? execute<R>(statement, query) : null;
      },
      deadline,
      true,
    );
    if (read) return read;
    const release = await this.writer.lock();
    try {
      // Holding the writer lock, no transaction of ours is open.
      return await this.withRetry(() => execute<R>(this.db.prepare(query.sql), query), deadline);
    } finally {
      release();
    }
  }

  private attempt<R>(query: CompiledQuery, started: number): QueryResult<R> {
    try {
      return execute<R>(this.db.prepare(query.sql), query);
    } catch (error) {
      if (isSqliteBusy(error)) throw this.busy(started, error);
      throw error;
    }
  }

  /**
   * Calls `step` until it does not fail with a lock error, sleeping (asynchronously) 1, 2, 4 … 100 ms between
   * tries, until `deadline`. `outsideTransactions`: first wait for the end of a transaction open on the handle
   * (a statement of another connection must not run inside it).
   */
  private async withRetry<T>(step: () => T, deadline: number, outsideTransactions = false): Promise<T> {
    const started = deadline - this.budgetMs;
    let delay = FIRST_RETRY_MS;
    for (;;) {
      // Checked right before the step, with no await in between: a transaction cannot open in the meantime.
      while (outsideTransactions && this.openTransaction) await this.openTransaction.ended;
      try {
        return step();
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        const left = deadline - Date.now();
        if (left <= 0) throw this.busy(started, error);
        await sleep(Math.min(delay, left));
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  }

  private busy(started: number, cause: unknown): DatabaseBusyError {
    return new DatabaseBusyError(Date.now() - started, Math.max(1, Math.ceil(this.budgetMs / 1000)), { cause });
  }
}

class RetryingSqliteConnection implements DatabaseConnection {
  constructor(private readonly driver: RetryingSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(this, query);
  }

  /** Rows are read in one go (an open better-sqlite3 iterator would keep the one handle busy) and then chunked. */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let index = 0; index < rows.length; index += chunkSize) yield { rows: rows.slice(index, index + chunkSize) };
  }
}

function execute<R>(statement: SQLite.Statement, query: CompiledQuery): QueryResult<R> {
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
