import { PostgresAdapter, type Kysely } from 'kysely';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Which database engine a Kysely instance talks to (only migrations need to know). */
export function databaseKind<DB>(db: Kysely<DB>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
