import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import { sitePath } from '../contract';
import { createCandidateRepository, fullNameOf } from '../candidates/repository';
import { createAllowedOriginRepository, DEMO_ALLOWED_ORIGINS } from '../employers/allowed-origins';
import { DEMO_PCSX_CONFIG, withDemoConfigLanguages } from '../employers/demo-config';
import { serializeEmployerPcsxConfig, type EmployerPcsxConfig } from '../employers/pcsx-config';
import { createEmployerRepository } from '../employers/repository';
import { seedDemoFormAssignments, seedDemoForms } from '../forms/demo-forms';
import { createNotificationRepository, type NewNotification } from '../notifications/repository';
import { insertDemoOffers, prepareDemoOffers } from '../offers/demo-offers';
import type { Database } from './types';

export const DEMO_DOMAIN = 'acme.example';
export const DEMO_PASSWORD = 'careers-demo';
export const DEMO_CANDIDATE_EMAIL = 'candidate@example.com';
export const DEMO_OTHER_EMAIL = 'other@example.com';
/** A candidate on their first visit: terms not attested, not onboarded, not bootstrapped. */
export const DEMO_NEW_EMAIL = 'new@example.com';
/** The demo employer's administrator (`is_admin`): the 500 page also shows them the error and its stack. */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
const DEMO_COMPANY = 'Acme Robotics';

/** The demo employer's terms-of-service modal. The disclaimer is HTML (the widget sanitises it). */
export const DEMO_TERMS = {
  enabled: true,
  headingText: 'Terms of service',
  helperText: 'Please review and accept the terms of service to continue to the Acme Robotics careers site.',
  infoText: 'You only need to accept these terms once. Contact careers@acme.example if you have any questions.',
  disclaimerText:
    '<p>By continuing, you agree to the <a href="https://acme.example/careers/terms" target="_blank" rel="noopener noreferrer">Acme Robotics candidate terms of use</a> ' +
    'and acknowledge the <a href="https://acme.example/privacy" target="_blank" rel="noopener noreferrer">privacy notice</a>, which explains how we use your personal information for recruiting.</p>' +
    '<ul><li>We keep your candidate profile for up to 24 months.</li><li>You can ask for a copy of your data, or for its deletion, at any time.</li></ul>',
  submitButtonText: 'Accept',
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type SeedNotification = Omit<NewNotification, 'candidateId' | 'domain' | 'createdAt' | 'viewedAt' | 'clickedAt'> & {
  ago: number;
  viewed?: boolean;
  clicked?: boolean;
};

const offersUrl = sitePath('/careers/offers', {}, { domain: DEMO_DOMAIN });
const formsCentreUrl = sitePath('/careers/forms/center', {}, { domain: DEMO_DOMAIN });
const dashboardTabUrl = (tab: 'applications' | 'interviews') => sitePath('/careers/dashboard', {}, { tab });

/** Casey's notifications: every state (new, viewed, clicked; with and without a link; both types). */
const CASEY_NOTIFICATIONS: SeedNotification[] = [
  {
    ago: 12 * MINUTE,
    categoryTitle: 'Job offer',
    message:
      'Acme Robotics has extended you an offer for Robotics Software Engineer. Review and sign your offer letter before it expires.',
    notificationType: 'action_required',
    redirectUrl: offersUrl,
  },
  {
    ago: 3 * HOUR,
    categoryTitle: 'Forms',
    message: 'Please complete the background check consent form for the Robotics Software Engineer position.',
    notificationType: 'action_required',
    redirectUrl: formsCentreUrl,
  },
  {
    ago: 5 * HOUR,
    categoryTitle: 'Interview',
    message: 'Your video interview with the Motion Planning team is confirmed for Thursday at 10:00 AM Eastern Time.',
    notificationType: 'read_only',
    redirectUrl: dashboardTabUrl('interviews'),
  },
  {
    ago: 1 * DAY + 2 * HOUR,
    categoryTitle: 'Application update',
    message: 'Your application for Senior Controls Engineer has moved to the hiring manager review stage.',
    notificationType: 'read_only',
    redirectUrl: dashboardTabUrl('applications'),
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
    redirectUrl: dashboardTabUrl('interviews'),
    viewed: true,
    clicked: true,
  },
  {
    ago: 9 * DAY,
    categoryTitle: 'Forms',
    message: 'Upload proof of your work authorization so we can finish processing your application.',
    notificationType: 'action_required',
    redirectUrl: formsCentreUrl,
    viewed: true,
    clicked: true,
  },
  {
    ago: 21 * DAY,
    categoryTitle: 'Application update',
    message:
      'Your application for Junior Mechanical Designer was not selected to move forward. Thank you for your interest.',
    notificationType: 'read_only',
    redirectUrl: dashboardTabUrl('applications'),
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
    redirectUrl: dashboardTabUrl('applications'),
  },
  {
    ago: 2 * DAY,
    categoryTitle: 'Interview',
    message: 'Olive, your on-site interview for Warehouse Automation Lead is scheduled for Monday at 1:30 PM.',
    notificationType: 'action_required',
    redirectUrl: dashboardTabUrl('interviews'),
    viewed: true,
  },
];

/**
 * Fills an empty database with the demo employer (terms of service, saved searches, search page, job cart,
 * position details and page shell configured), four candidates (password `careers-demo`): Casey and Olive with
 * notifications and offers, Nora on her first visit, Ada the employer's administrator; dated relative to `now`. Does nothing when any employer exists. Returns
 * whether it seeded.
 */
export async function seedIfEmpty(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  if ((await createEmployerRepository(db).count()) > 0) return false;
  const [caseyHash, oliveHash, noraHash, adaHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
  ]);
  // PDFs are made before the transaction (pdf-lib work, no database).
  const demoOffers = await prepareDemoOffers(
    [
      { key: 'casey', name: 'Casey Jordan' },
      { key: 'olive', name: 'Olive Other' },
    ],
    DEMO_COMPANY,
    now,
  );

  return db.transaction().execute(async (trx) => {
    const employers = createEmployerRepository(trx);
    // Checked again inside the transaction, so two processes starting together cannot both seed.
    if ((await employers.count()) > 0) return false;
    await employers.create(
      {
        domain: DEMO_DOMAIN,
        companyName: DEMO_COMPANY,
        notificationsEnabled: true,
        actionRequiredConfigured: true,
        termsOfService: DEMO_TERMS,
        // Saved searches and their alerts (0006; off for other employers unless set).
        savedSearchNotificationEnabled: true,
        // Search page, job cart and position details (0007), and the page shell's branding (0015). A database
        // seeded before them gets them from those migrations. No maps key: it comes from GOOGLE_MAPS_API_KEY.
        // Its own texts (banner, footer, job-alert privacy note) in every language.
        pcsxConfig: withDemoConfigLanguages(DEMO_PCSX_CONFIG),
      },
      now,
    );
    // The host-demo served as a static page of its own calls the API from these origins (0017).
    const allowedOrigins = createAllowedOriginRepository(trx);
    for (const origin of DEMO_ALLOWED_ORIGINS) await allowedOrigins.add(DEMO_DOMAIN, origin, now);
    // The default application form and a shorter one (0009).
    await seedDemoForms(trx, DEMO_DOMAIN, now);

    const candidates = createCandidateRepository(trx);
    const notifications = createNotificationRepository(trx);
    const people = [
      {
        email: DEMO_CANDIDATE_EMAIL,
        firstName: 'Casey',
        lastName: 'Jordan',
        location: 'Toronto, ON',
        hasResume: true,
        hash: caseyHash,
        items: CASEY_NOTIFICATIONS,
      },
      {
        email: DEMO_OTHER_EMAIL,
        firstName: 'Olive',
        lastName: 'Other',
        location: 'Montréal, QC',
        hasResume: false,
        hash: oliveHash,
        items: OLIVE_NOTIFICATIONS,
      },
    ];
    const created = new Map<string, Awaited<ReturnType<typeof candidates.create>>>();
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
      created.set(person.email, candidate);
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

    // The forms centre (0010): Casey's assigned forms (their notifications open them) and Olive's completed one.
    await seedDemoFormAssignments(trx, DEMO_DOMAIN, { candidate: DEMO_CANDIDATE_EMAIL, other: DEMO_OTHER_EMAIL }, now);

    // First visit: the terms modal, then onboarding, then profile bootstrapping show.
    await candidates.create(
      {
        domain: DEMO_DOMAIN,
        email: DEMO_NEW_EMAIL,
        passwordHash: noraHash,
        firstName: 'Nora',
        lastName: 'New',
        tosAttestedAt: null,
        isOnboarded: false,
        isBootstrapped: false,
      },
      new Date(now.getTime() - 1 * HOUR),
    );

    // The employer's administrator (0015): onboarded, no offers or applications; the 500 page shows them the stack.
    await candidates.create(
      {
        domain: DEMO_DOMAIN,
        email: DEMO_ADMIN_EMAIL,
        passwordHash: adaHash,
        firstName: 'Ada',
        lastName: 'Admin',
        tosAttestedAt: new Date(now.getTime() - 30 * DAY).toISOString(),
        isOnboarded: true,
        isBootstrapped: true,
        isAdmin: true,
      },
      new Date(now.getTime() - 30 * DAY),
    );

    await insertDemoOffers(
      trx,
      demoOffers,
      [
        { key: 'casey', candidate: created.get(DEMO_CANDIDATE_EMAIL)! },
        { key: 'olive', candidate: created.get(DEMO_OTHER_EMAIL)! },
      ],
      now,
    );
    return true;
  });
}

/**
 * A database seeded before offers existed (before migration 0002) gets the newer demo data once: the demo
 * employer's terms of service, Nora (first visit) and Casey's and Olive's offers. Runs only when the demo
 * employer and both demo candidates exist and there is no offer at all. Returns whether it added anything.
 */
export async function topUpDemoData(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const employer = await createEmployerRepository(db).find(DEMO_DOMAIN);
  if (!employer) return false;
  // A database seeded before the demo's own texts spoke every language gets them (not reported as seeding either).
  await giveDemoConfigTextsEveryLanguage(db);
  // A database seeded before 0009 gets the demo forms; once the demo positions exist, one gets the shorter form
  // (not reported as seeding: that says whether the demo candidates' data was added).
  await seedDemoForms(db, DEMO_DOMAIN, now);
  // A database seeded before 0010 gets the forms centre's demo data once (when both demo candidates exist).
  await seedDemoFormAssignments(db, DEMO_DOMAIN, { candidate: DEMO_CANDIDATE_EMAIL, other: DEMO_OTHER_EMAIL }, now);
  const candidates = createCandidateRepository(db);
  const [casey, olive] = await Promise.all([
    candidates.findByEmail(DEMO_DOMAIN, DEMO_CANDIDATE_EMAIL),
    candidates.findByEmail(DEMO_DOMAIN, DEMO_OTHER_EMAIL),
  ]);
  const anyOffer = async (source: Kysely<Database>) =>
    (await source.selectFrom('offers').select('id').limit(1).executeTakeFirst()) !== undefined;
  if (!casey || !olive || (await anyOffer(db))) return false;

  const demoOffers = await prepareDemoOffers(
    [
      { key: 'casey', name: fullNameOf(casey) },
      { key: 'olive', name: fullNameOf(olive) },
    ],
    employer.companyName,
    now,
  );
  const noraHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    if (await anyOffer(trx)) return false;
    const terms = employer.termsOfService;
    if (!terms.enabled && Object.keys(terms).length === 1) {
      await trx
        .updateTable('employers')
        .set({
          tos_enabled: 1,
          tos_heading_text: DEMO_TERMS.headingText,
          tos_helper_text: DEMO_TERMS.helperText,
          tos_info_text: DEMO_TERMS.infoText,
          tos_disclaimer_text: DEMO_TERMS.disclaimerText,
          tos_submit_button_text: DEMO_TERMS.submitButtonText,
        })
        .where('domain', '=', DEMO_DOMAIN)
        .execute();
    }
    const repository = createCandidateRepository(trx);
    if (!(await repository.findByEmail(DEMO_DOMAIN, DEMO_NEW_EMAIL))) {
      await repository.create(
        {
          domain: DEMO_DOMAIN,
          email: DEMO_NEW_EMAIL,
          passwordHash: noraHash,
          firstName: 'Nora',
          lastName: 'New',
          isOnboarded: false,
          isBootstrapped: false,
        },
        now,
      );
    }
    await insertDemoOffers(
      trx,
      demoOffers,
      [
        { key: 'casey', candidate: casey },
        { key: 'olive', candidate: olive },
      ],
      now,
    );
    return true;
  });
}

/**
 * The demo employer's own texts (banner, footer, job-alert privacy note) in every language, for a database seeded
 * before they were (issue 26): each text still exactly as the demo wrote it becomes a language map; anything changed is
 * left alone (`withDemoConfigLanguages`). Returns whether it changed the configuration.
 */
export async function giveDemoConfigTextsEveryLanguage(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('employers')
    .select('pcsx_config_json')
    .where('domain', '=', DEMO_DOMAIN)
    .executeTakeFirst();
  if (!row?.pcsx_config_json) return false;
  const stored = JSON.parse(row.pcsx_config_json) as EmployerPcsxConfig;
  const json = serializeEmployerPcsxConfig(withDemoConfigLanguages(stored));
  if (json === serializeEmployerPcsxConfig(stored)) return false;
  await db
    .updateTable('employers')
    .set({ pcsx_config_json: json })
    .where('domain', '=', DEMO_DOMAIN)
    .where('pcsx_config_json', '=', row.pcsx_config_json)
    .execute();
  return true;
}
