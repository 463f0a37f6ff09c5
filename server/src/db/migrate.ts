import { Migrator, sql, type Kysely } from 'kysely';
import { databaseKind } from './dialect';
import { InCodeMigrationProvider } from './migrations';

class MigrationFailedError extends Error {
  override name = 'MigrationFailedError';
}

/**
 * Applies every pending migration and returns the names applied. On PostgreSQL the bookkeeping tables go in
 * the current schema (the first of search_path), so several schemas in one database never see each other's.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrationTableSchema =
    databaseKind(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(), migrationTableSchema });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new MigrationFailedError(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`,
      { cause: error },
    );
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
