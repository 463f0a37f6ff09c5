import type { Kysely } from 'kysely';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN } from '../db/seed';
import type { Database } from '../db/types';
import { saveProfileColumns } from './repository';

/**
 * Casey's profile, partly filled so profile_analysis has something to say: a headline, a summary, two jobs and a
 * language; no picture, phone, education, links or uploaded resume yet. Once: only when Casey has no profile row.
 * Returns whether it added it.
 */
export async function seedDemoProfile(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const casey = await db
    .selectFrom('candidates')
    .leftJoin('candidate_profiles', 'candidate_profiles.candidate_id', 'candidates.id')
    .select(['candidates.id', 'candidate_profiles.candidate_id as profileOf'])
    .where('candidates.domain', '=', DEMO_DOMAIN)
    .where('candidates.email', '=', DEMO_CANDIDATE_EMAIL)
    .executeTakeFirst();
  if (!casey || casey.profileOf !== null) return false;
  await saveProfileColumns(
    db,
    casey.id,
    {
      headline: 'Robotics software developer',
      summary:
        'Software developer with five years of experience building motion-planning and fleet-monitoring tools for ' +
        'warehouse robots. I enjoy turning field data into features operators can trust.',
      experience: [
        {
          title: 'Software Developer',
          company: 'Northwind Automation',
          location: 'Toronto, ON',
          startDate: '2021-03',
          endDate: null,
          description: 'Path-planning services in C++ and Python; a React dashboard for the fleet’s health.',
        },
        {
          title: 'Junior Developer',
          company: 'Maple Logistics',
          location: 'Mississauga, ON',
          startDate: '2019-06',
          endDate: '2021-02',
        },
      ],
      languages: [{ language: 'English', proficiency: 'native' }],
    },
    now,
  );
  return true;
}
