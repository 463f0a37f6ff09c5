import type { Kysely } from 'kysely';
import { migrateToLatest } from './migrate';
import { seedIfEmpty, topUpDemoData } from './seed';
import type { Database } from './types';

/**
 * Brings a database to the latest schema and fills it with demo data when it is empty (or, once, adds the
 * offer-era demo data to a database seeded before offers existed).
 */
export async function prepareDatabase(db: Kysely<Database>): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = await migrateToLatest(db);
  const seeded = (await seedIfEmpty(db)) || (await topUpDemoData(db));
  return { applied, seeded };
}
