import type { CreateTableBuilder, Kysely } from 'kysely';
import { databaseKind } from '../dialect';

/** Adds an auto-incremented integer primary key named `id`, spelled the way each engine wants it. */
export function withIdColumn<T extends string, DB>(
  db: Kysely<DB>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return databaseKind(db) === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Column type for ISO 8601 timestamps (`2024-05-01T12:00:00.000Z`). */
export const TIMESTAMP = 'varchar(32)';
