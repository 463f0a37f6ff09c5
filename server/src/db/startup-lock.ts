import { sql, type Kysely } from 'kysely';
import { databaseKind } from './dialect';
import type { Database } from './types';

/** Arbitrary constant naming the "prepare the database" lock among PostgreSQL advisory locks. */
const STARTUP_LOCK_KEY = 461_302_775;

/**
 * Runs `prepare` (migrations, demo seed) while holding a database-wide lock, so several server processes starting
 * together on one PostgreSQL database prepare it one after the other: the second finds it migrated and seeded,
 * instead of seeding it a second time (or failing on a unique key). SQLite needs no lock: a database file serves
 * one server, and the seed's transaction takes the write lock first (BEGIN IMMEDIATE).
 */
export async function withStartupLock<T>(db: Kysely<Database>, prepare: () => Promise<T>): Promise<T> {
  if (databaseKind(db) !== 'postgres') return prepare();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await prepare();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
