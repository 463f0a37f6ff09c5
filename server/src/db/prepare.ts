import type { Kysely } from 'kysely';
import { migrateToLatest } from './migrate';
import { seedIfEmpty } from './seed';
import type { Database } from './types';

/** Brings a database to the latest schema and fills it with demo data when it is empty. */
export async function prepareDatabase(db: Kysely<Database>): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = await migrateToLatest(db);
  const seeded = await seedIfEmpty(db);
  return { applied, seeded };
}
