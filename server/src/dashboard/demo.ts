import type { Kysely } from 'kysely';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../contract';
import type { Database, InterviewMode } from '../db/types';
import { DEMO_CANDIDATE_EMAIL, DEMO_OTHER_EMAIL } from '../db/seed';
import { positionIdsKey } from '../forms/repository';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo's time zone and places. */
const TORONTO = 'America/Toronto';
const HEAD_OFFICE = 'Acme Robotics, 100 King Street West, Toronto, ON M5X 1A9';
const MONTREAL_SITE = 'Acme Robotics, 1250 Rue Saint-Patrick, Montréal, QC';

/** Whose a demo record is: `candidate` (by default Casey) or `other` (Olive, never shown to the first). */
type Owner = 'candidate' | 'other';

/**
 * One demo application: whose, the position it is for (by preferred titles), and how many days ago it reached each
 * status. A demo application moves forward only, so its statuses come in the contract's order
 * (`APPLICATION_STATUSES`), the first one being when it was made and the last its status now.
 */
interface DemoApplication {
  key: string;
  owner: Owner;
  titles: string[];
  /** A closed (archived or expired) position instead of an open one. */
  closed?: boolean;
  daysAgo: Partial<Record<ApplicationStatus, number>>;
}

/**
 * Casey's applications in every state (submitted, in review, interview, offer, hired, rejected, withdrawn, closed),
 * and Olive's own (other titles, so a leak between candidates shows).
 */
const APPLICATIONS: DemoApplication[] = [
  { key: 'submitted', owner: 'candidate', titles: ['Field Service Technician'], daysAgo: { submitted: 3 } },
  {
    key: 'in_review',
    owner: 'candidate',
    titles: ['Senior Controls Engineer', 'Controls Engineer'],
    daysAgo: { submitted: 12, in_review: 1.1 },
  },
  {
    key: 'interview',
    owner: 'candidate',
    titles: ['Motion Planning Engineer', 'Perception Engineer'],
    daysAgo: { submitted: 20, in_review: 15, interview: 6 },
  },
  {
    key: 'offer',
    owner: 'candidate',
    titles: ['Robotics Software Engineer', 'Software Engineer'],
    daysAgo: { submitted: 35, in_review: 30, interview: 20, offer: 0.1 },
  },
  {
    key: 'hired',
    owner: 'candidate',
    titles: ['Manufacturing Engineer', 'Quality Engineer'],
    daysAgo: { submitted: 90, in_review: 84, interview: 75, offer: 65, hired: 60 },
  },
  {
    key: 'rejected',
    owner: 'candidate',
    titles: ['Product Designer', 'UX Researcher'],
    daysAgo: { submitted: 30, in_review: 25, rejected: 21 },
  },
  {
    key: 'withdrawn',
    owner: 'candidate',
    titles: ['Data Engineer', 'Data Scientist'],
    daysAgo: { submitted: 25, withdrawn: 10 },
  },
  { key: 'closed', owner: 'candidate', titles: [], closed: true, daysAgo: { submitted: 45, in_review: 40 } },
  {
    key: 'olive-interview',
    owner: 'other',
    titles: ['Warehouse Automation Lead', 'Production Supervisor'],
    daysAgo: { submitted: 9, interview: 2 },
  },
];

/** An application's history, oldest first. */
const historyOf = (demo: DemoApplication) =>
  APPLICATION_STATUSES.flatMap((status) => {
    const daysAgo = demo.daysAgo[status];
    return daysAgo === undefined ? [] : [{ status, daysAgo }];
  });

const PRIYA = { name: 'Priya Natarajan', title: 'Engineering Manager' };
const GRACE = { name: 'Grace Okafor', title: 'Director of Robotics' };

/**
 * When a demo interview or event is: it starts `days` from now at `hours` UTC (15:00 UTC is 10:00 or 11:00 in
 * Toronto) and lasts `minutes`.
 */
interface DemoTime {
  days: number;
  hours: number;
  minutes: number;
}

/** One demo interview, for the candidate of the application it belongs to (by key). */
interface DemoInterview {
  application: string;
  title: string;
  when: DemoTime;
  mode: InterviewMode;
  location?: string;
  videoUrl?: string;
  interviewers: Array<{ name: string; title: string }>;
  cancelled?: boolean;
}

/** Casey's upcoming interviews (video, on site) and past ones (phone, on site, one cancelled); one of Olive's. */
const INTERVIEWS: DemoInterview[] = [
  {
    application: 'interview',
    title: 'Technical interview with the Motion Planning team',
    when: { days: 3, hours: 15, minutes: 60 },
    mode: 'video',
    videoUrl: 'https://meet.acme.example/j/motion-planning-4821',
    interviewers: [PRIYA, { name: 'Tomás Álvarez', title: 'Senior Motion Planning Engineer' }],
  },
  {
    application: 'interview',
    title: 'On-site panel interview',
    when: { days: 8, hours: 14, minutes: 180 },
    mode: 'onsite',
    location: HEAD_OFFICE,
    interviewers: [PRIYA, GRACE],
  },
  {
    application: 'in_review',
    title: 'Phone screen with a recruiter',
    when: { days: -5, hours: 18, minutes: 30 },
    mode: 'phone',
    location: '+1 416 555 0147',
    interviewers: [{ name: 'Morgan Chen', title: 'Technical Recruiter' }],
  },
  {
    application: 'offer',
    title: 'Final interview',
    when: { days: -21, hours: 15, minutes: 90 },
    mode: 'onsite',
    location: HEAD_OFFICE,
    interviewers: [GRACE],
  },
  {
    application: 'rejected',
    title: 'Portfolio review',
    when: { days: -22, hours: 19, minutes: 45 },
    mode: 'video',
    videoUrl: 'https://meet.acme.example/j/portfolio-1187',
    interviewers: [{ name: 'Alex Martin', title: 'Design Lead' }],
    cancelled: true,
  },
  {
    application: 'olive-interview',
    title: 'On-site interview',
    when: { days: 4, hours: 17.5, minutes: 60 },
    mode: 'onsite',
    location: MONTREAL_SITE,
    interviewers: [{ name: 'Louis Tremblay', title: 'Operations Manager' }],
  },
];

/**
 * Career events: the employer's (online, on site, one already over) and invitations (`invited`); an event without
 * a location is online. `slug`: its registration page on the employer's site.
 */
const EVENTS: Array<{
  name: string;
  description: string;
  invited?: Owner;
  when: DemoTime;
  location: string | null;
  slug: string;
}> = [
  {
    name: 'Acme Robotics virtual career fair',
    description: 'Meet our engineering and operations teams, and ask recruiters about open roles.',
    when: { days: 10, hours: 17, minutes: 120 },
    location: null,
    slug: 'virtual-career-fair',
  },
  {
    name: 'Robotics open house, Toronto',
    description: 'Tour our Toronto lab, see the robots at work and meet the people who build them.',
    when: { days: 20, hours: 22, minutes: 180 },
    location: HEAD_OFFICE,
    slug: 'toronto-open-house',
  },
  {
    name: 'Women in Robotics breakfast',
    description: 'An invitation-only breakfast with Acme Robotics engineering leaders.',
    invited: 'candidate',
    when: { days: 14, hours: 12.5, minutes: 90 },
    location: HEAD_OFFICE,
    slug: 'women-in-robotics-breakfast',
  },
  {
    name: 'Spring hiring webinar',
    description: 'How we hire, and what to expect at each step.',
    when: { days: -30, hours: 17, minutes: 60 },
    location: null,
    slug: 'spring-hiring-webinar',
  },
  {
    name: 'Montréal warehouse tour',
    description: 'An invitation to tour our Montréal automation site.',
    invited: 'other',
    when: { days: 6, hours: 14, minutes: 120 },
    location: MONTREAL_SITE,
    slug: 'montreal-warehouse-tour',
  },
];

/**
 * Referrals, `daysAgo`: to the position of an application (by key), or (`notApplied`) to a position the candidate
 * has not applied to (by preferred titles), for which the demo also saves a draft application she started.
 */
const REFERRALS: Array<
  { name: string; email: string; daysAgo: number } & ({ application: string } | { notApplied: string[] })
> = [
  { name: 'Jordan Lee', email: 'jordan.lee@acme.example', daysAgo: 14, application: 'in_review' },
  {
    name: 'Sam Rivera',
    email: 'sam.rivera@acme.example',
    daysAgo: 2,
    notApplied: ['Perception Engineer', 'Embedded Software Engineer'],
  },
  { name: 'Nadia Haddad', email: 'nadia.haddad@acme.example', daysAgo: 10, application: 'olive-interview' },
];

/** The start and end of `when`: the start of the day `days` from now (UTC) plus `hours`, and `minutes` later. */
const startAndEnd = (now: Date, { days, hours, minutes }: DemoTime) => {
  const day = new Date(now.getTime() + days * DAY);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + hours * HOUR;
  return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + minutes * MINUTE).toISOString() };
};

/**
 * The dashboard's demo data for `domain`, once (when the employer has positions and no interview yet, and both
 * candidates exist; by default Casey and Olive): for `candidate` applications in every state with their histories,
 * upcoming interviews (video and on site) and past ones (phone, on site, one cancelled), career events (online, on
 * site, an invitation and one already over), referrals (one applied, one not) and a draft application; for `other`
 * her own application, interview, invitation and referral, never shown to the first. Positions are the employer's
 * (the demo positions), picked by title. Returns whether it added anything.
 */
export async function seedDemoDashboard(
  db: Kysely<Database>,
  domain: string,
  emails: { candidate: string; other: string } = { candidate: DEMO_CANDIDATE_EMAIL, other: DEMO_OTHER_EMAIL },
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const anyInterview = await trx
      .selectFrom('interviews')
      .select('id')
      .where('domain', '=', domain)
      .limit(1)
      .executeTakeFirst();
    if (anyInterview) return false;
    const people = await trx
      .selectFrom('candidates')
      .select(['id', 'email'])
      .where('domain', '=', domain)
      .where('email', 'in', [emails.candidate, emails.other])
      .execute();
    const found = (owner: Owner) => people.find((person) => person.email === emails[owner]);
    const [casey, olive] = [found('candidate'), found('other')];
    if (!casey || !olive) return false;
    const owners: Record<Owner, { id: number; email: string }> = { candidate: casey, other: olive };

    const nowIso = now.toISOString();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    const positions = await trx
      .selectFrom('positions')
      .select(['id', 'title', 'archived_at', 'valid_through', 'posted_at'])
      .where('domain', '=', domain)
      .orderBy('id')
      .execute();
    if (positions.length === 0) return false;
    const applied = new Set(
      (
        await trx
          .selectFrom('applications')
          .select(['position_id', 'candidate_id'])
          .where('domain', '=', domain)
          .where('candidate_id', 'in', [casey.id, olive.id])
          .execute()
      ).map((row) => `${row.candidate_id}:${row.position_id}`),
    );
    const isOpen = (row: (typeof positions)[number]) =>
      row.archived_at === null && row.posted_at <= nowIso && (row.valid_through === null || row.valid_through > nowIso);
    const used = new Set<number>();
    /** An unused position: open with one of the titles (else any open one), or a closed one. */
    const pick = (candidateId: number, titles: string[], closed = false) => {
      const free = positions.filter(
        (row) => !used.has(row.id) && !applied.has(`${candidateId}:${row.id}`) && isOpen(row) !== closed,
      );
      const chosen =
        titles.map((title) => free.find((row) => row.title === title)).find((row) => row !== undefined) ?? free[0];
      if (chosen) used.add(chosen.id);
      return chosen;
    };

    const applications = new Map<string, { id: number; candidateId: number; positionId: number }>();
    for (const demo of APPLICATIONS) {
      const candidate = owners[demo.owner];
      const position = pick(candidate.id, demo.titles, demo.closed);
      if (!position) continue;
      const history = historyOf(demo);
      const row = await trx
        .insertInto('applications')
        .values({
          domain,
          position_id: position.id,
          candidate_id: candidate.id,
          email: candidate.email,
          answers_json: '{}',
          status: history[history.length - 1]!.status,
          created_at: daysAgo(history[0]!.daysAgo),
          updated_at: daysAgo(history[history.length - 1]!.daysAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const event of history) {
        await trx
          .insertInto('application_events')
          .values({ application_id: row.id, status: event.status, at: daysAgo(event.daysAgo) })
          .execute();
      }
      applications.set(demo.key, { id: row.id, candidateId: candidate.id, positionId: position.id });
    }

    for (const demo of INTERVIEWS) {
      const application = applications.get(demo.application);
      if (!application) continue;
      await trx
        .insertInto('interviews')
        .values({
          domain,
          candidate_id: application.candidateId,
          application_id: application.id,
          position_id: application.positionId,
          title: demo.title,
          ...startAndEnd(now, demo.when),
          time_zone: TORONTO,
          mode: demo.mode,
          location: demo.location ?? null,
          video_url: demo.videoUrl ?? null,
          interviewers_json: JSON.stringify(demo.interviewers),
          status: demo.cancelled ? 'cancelled' : 'scheduled',
          created_at: nowIso,
        })
        .execute();
    }

    for (const { when, invited, slug, ...event } of EVENTS) {
      await trx
        .insertInto('career_events')
        .values({
          ...event,
          domain,
          candidate_id: invited ? owners[invited].id : null,
          mode: event.location === null ? 'online' : 'onsite',
          registration_url: `https://acme.example/events/${slug}`,
          ...startAndEnd(now, when),
          time_zone: TORONTO,
          created_at: nowIso,
        })
        .execute();
    }

    /** A position Casey has not applied to, for a referral. */
    const notApplied = (titles: string[]) => {
      const position = pick(casey.id, titles);
      return position && { candidateId: casey.id, positionId: position.id };
    };
    for (const referral of REFERRALS) {
      const target =
        'application' in referral ? applications.get(referral.application) : notApplied(referral.notApplied);
      if (!target) continue;
      await trx
        .insertInto('referrals')
        .values({
          domain,
          candidate_id: target.candidateId,
          position_id: target.positionId,
          referrer_name: referral.name,
          referrer_email: referral.email,
          created_at: daysAgo(referral.daysAgo),
        })
        .execute();
      if ('notApplied' in referral) {
        // The draft she started for it (the dashboard's "Finish your application").
        await trx
          .insertInto('draft_applications')
          .values({
            domain,
            candidate_id: target.candidateId,
            position_ids: positionIdsKey([target.positionId]),
            values_json: '{}',
            created_at: daysAgo(1),
            updated_at: daysAgo(1),
          })
          .onConflict((oc) => oc.columns(['domain', 'candidate_id', 'position_ids']).doNothing())
          .execute();
      }
    }
    return true;
  });
}
