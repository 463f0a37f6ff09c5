import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import { createCandidateRepository } from '../candidates/repository';
import { createEmployerRepository } from '../employers/repository';
import { createNotificationRepository, type NewNotification } from '../notifications/repository';
import type { Database } from './types';

export const DEMO_DOMAIN = 'acme.example';
export const DEMO_PASSWORD = 'careers-demo';
export const DEMO_CANDIDATE_EMAIL = 'candidate@example.com';
export const DEMO_OTHER_EMAIL = 'other@example.com';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type SeedNotification = Omit<NewNotification, 'candidateId' | 'domain' | 'createdAt' | 'viewedAt' | 'clickedAt'> & {
  ago: number;
  viewed?: boolean;
  clicked?: boolean;
};

const offersUrl = `/careers/offers?domain=${DEMO_DOMAIN}`;

/** Casey's notifications: every state (new, viewed, clicked; with and without a link; both types). */
const CASEY_NOTIFICATIONS: SeedNotification[] = [
  {
    ago: 12 * MINUTE,
    categoryTitle: 'Job offer',
    message: 'Acme Robotics has extended you an offer for Robotics Software Engineer. Review and sign your offer letter before it expires.',
    notificationType: 'action_required',
    redirectUrl: offersUrl,
  },
  {
    ago: 3 * HOUR,
    categoryTitle: 'Forms',
    message: 'Please complete the background check consent form for the Robotics Software Engineer position.',
    notificationType: 'action_required',
    redirectUrl: `/careers/forms/center?domain=${DEMO_DOMAIN}`,
  },
  {
    ago: 5 * HOUR,
    categoryTitle: 'Interview',
    message: 'Your video interview with the Motion Planning team is confirmed for Thursday at 10:00 AM Eastern Time.',
    notificationType: 'read_only',
    redirectUrl: '/careers/dashboard?tab=interviews',
  },
  {
    ago: 1 * DAY + 2 * HOUR,
    categoryTitle: 'Application update',
    message: 'Your application for Senior Controls Engineer has moved to the hiring manager review stage.',
    notificationType: 'read_only',
    redirectUrl: '/careers/dashboard?tab=applications',
  },
  {
    ago: 3 * DAY,
    categoryTitle: 'Application update',
    message: 'Thanks for applying to Field Service Technician. We have received your application.',
    notificationType: 'read_only',
    redirectUrl: null,
    viewed: true,
  },
  {
    ago: 5 * DAY,
    categoryTitle: 'Interview',
    message: 'Pick a time for your phone screen with a recruiter for Senior Controls Engineer.',
    notificationType: 'action_required',
    redirectUrl: '/careers/dashboard?tab=interviews',
    viewed: true,
    clicked: true,
  },
  {
    ago: 9 * DAY,
    categoryTitle: 'Forms',
    message: 'Upload proof of your work authorization so we can finish processing your application.',
    notificationType: 'action_required',
    redirectUrl: `/careers/forms/center?domain=${DEMO_DOMAIN}`,
    viewed: true,
    clicked: true,
  },
  {
    ago: 21 * DAY,
    categoryTitle: 'Application update',
    message: 'Your application for Junior Mechanical Designer was not selected to move forward. Thank you for your interest.',
    notificationType: 'read_only',
    redirectUrl: '/careers/dashboard?tab=applications',
    viewed: true,
  },
];

/** Olive's own notifications (other messages, so any leak between candidates shows). */
const OLIVE_NOTIFICATIONS: SeedNotification[] = [
  {
    ago: 40 * MINUTE,
    categoryTitle: 'Application update',
    message: 'Olive, your application for Warehouse Automation Lead has been received.',
    notificationType: 'read_only',
    redirectUrl: '/careers/dashboard?tab=applications',
  },
  {
    ago: 2 * DAY,
    categoryTitle: 'Interview',
    message: 'Olive, your on-site interview for Warehouse Automation Lead is scheduled for Monday at 1:30 PM.',
    notificationType: 'action_required',
    redirectUrl: '/careers/dashboard?tab=interviews',
    viewed: true,
  },
];

/**
 * Fills an empty database with the demo employer, two candidates (password `careers-demo`) and their
 * notifications, dated relative to `now`. Does nothing when any employer exists. Returns whether it seeded.
 */
export async function seedIfEmpty(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  if ((await createEmployerRepository(db).count()) > 0) return false;
  const [caseyHash, oliveHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(DEMO_PASSWORD)]);

  return db.transaction().execute(async (trx) => {
    const employers = createEmployerRepository(trx);
    // Checked again inside the transaction, so two processes starting together cannot both seed.
    if ((await employers.count()) > 0) return false;
    await employers.create(
      { domain: DEMO_DOMAIN, companyName: 'Acme Robotics', notificationsEnabled: true, actionRequiredConfigured: true },
      now,
    );

    const candidates = createCandidateRepository(trx);
    const notifications = createNotificationRepository(trx);
    const people = [
      { email: DEMO_CANDIDATE_EMAIL, firstName: 'Casey', lastName: 'Jordan', location: 'Toronto, ON', hasResume: true, hash: caseyHash, items: CASEY_NOTIFICATIONS },
      { email: DEMO_OTHER_EMAIL, firstName: 'Olive', lastName: 'Other', location: 'Montréal, QC', hasResume: false, hash: oliveHash, items: OLIVE_NOTIFICATIONS },
    ];
    for (const person of people) {
      const candidate = await candidates.create(
        {
          domain: DEMO_DOMAIN,
          email: person.email,
          passwordHash: person.hash,
          firstName: person.firstName,
          lastName: person.lastName,
          location: person.location,
          hasResume: person.hasResume,
          tosAttestedAt: new Date(now.getTime() - 30 * DAY).toISOString(),
          isOnboarded: true,
          isBootstrapped: true,
        },
        new Date(now.getTime() - 30 * DAY),
      );
      for (const { ago, viewed, clicked, ...item } of person.items) {
        const createdAt = new Date(now.getTime() - ago);
        const seenAt = new Date(createdAt.getTime() + 30 * MINUTE);
        await notifications.create({
          ...item,
          candidateId: candidate.id,
          domain: DEMO_DOMAIN,
          createdAt,
          viewedAt: viewed || clicked ? seenAt : null,
          clickedAt: clicked ? seenAt : null,
        });
      }
    }
    return true;
  });
}
