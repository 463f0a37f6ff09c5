import type { Kysely } from 'kysely';
import { seedDemoSearchData } from '../positions/demo-positions';
import { seedDemoForms } from '../forms/demo-forms';
import { seedDemoDashboard } from '../dashboard/demo';
import { seedDemoProfile } from '../profile/demo-profile';
import { migrateToLatest } from './migrate';
import { DEMO_DOMAIN, seedIfEmpty, topUpDemoData } from './seed';
import type { Database } from './types';

/**
 * Brings a database to the latest schema and fills it with demo data when it is empty (or, once, adds the
 * offer-era demo data to a database seeded before offers existed). With `demoPositions` (the server's start),
 * the demo employer also gets its 2,000 demo positions once; tests that need them ask for them, so every other
 * test database stays quick to make.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  options: { demoPositions?: boolean } = {},
): Promise<{ applied: string[]; seeded: boolean }> {
  const applied = await migrateToLatest(db);
  let seeded = (await seedIfEmpty(db)) || (await topUpDemoData(db));
  // Casey's partly filled profile (0013), once.
  seeded = (await seedDemoProfile(db)) || seeded;
  if (options.demoPositions) {
    seeded = (await seedDemoSearchData(db)) || seeded;
    // The demo position with its own application form exists only now.
    seeded = (await seedDemoForms(db, DEMO_DOMAIN)) || seeded;
    // The dashboard's demo (applications in every state, interviews, events, referrals) uses the demo positions.
    seeded = (await seedDemoDashboard(db, DEMO_DOMAIN)) || seeded;
  }
  return { applied, seeded };
}
