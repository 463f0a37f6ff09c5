import type { Kysely } from 'kysely';
import type { ApplicationStatus } from '../contract';
import type { Database, InterviewMode } from '../db/types';
import { DEMO_CANDIDATE_EMAIL, DEMO_OTHER_EMAIL } from '../db/seed';
import { positionIdsKey } from '../forms/repository';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The demo's time zone and place. */
const TORONTO = 'America/Toronto';
const HEAD_OFFICE = 'Acme Robotics, 100 King Street West, Toronto, ON M5X 1A9';

/** One demo application: the position it is for (by preferred titles), and its history (days ago, oldest first). */
interface DemoApplication {
  key: string;
  titles: string[];
  /** A closed (archived or expired) position instead of an open one. */
  closed?: boolean;
  history: Array<{ status: ApplicationStatus; daysAgo: number }>;
}

/** Casey's applications: every state (submitted, in review, interview, offer, hired, rejected, withdrawn, closed). */
const CASEY_APPLICATIONS: DemoApplication[] = [
  { key: 'submitted', titles: ['Field Service Technician'], history: [{ status: 'submitted', daysAgo: 3 }] },
  {
    key: 'in_review',
    titles: ['Senior Controls Engineer', 'Controls Engineer'],
    history: [
      { status: 'submitted', daysAgo: 12 },
      { status: 'in_review', daysAgo: 1.1 },
    ],
  },
  {
    key: 'interview',
    titles: ['Motion Planning Engineer', 'Perception Engineer'],
    history: [
      { status: 'submitted', daysAgo: 20 },
      { status: 'in_review', daysAgo: 15 },
      { status: 'interview', daysAgo: 6 },
    ],
  },
  {
    key: 'offer',
    titles: ['Robotics Software Engineer', 'Software Engineer'],
    history: [
      { status: 'submitted', daysAgo: 35 },
      { status: 'in_review', daysAgo: 30 },
      { status: 'interview', daysAgo: 20 },
      { status: 'offer', daysAgo: 0.1 },
    ],
  },
  {
    key: 'hired',
    titles: ['Manufacturing Engineer', 'Quality Engineer'],
    history: [
      { status: 'submitted', daysAgo: 90 },
      { status: 'in_review', daysAgo: 84 },
      { status: 'interview', daysAgo: 75 },
      { status: 'offer', daysAgo: 65 },
      { status: 'hired', daysAgo: 60 },
    ],
  },
  {
    key: 'rejected',
    titles: ['Product Designer', 'UX Researcher'],
    history: [
      { status: 'submitted', daysAgo: 30 },
      { status: 'in_review', daysAgo: 25 },
      { status: 'rejected', daysAgo: 21 },
    ],
  },
  {
    key: 'withdrawn',
    titles: ['Data Engineer', 'Data Scientist'],
    history: [
      { status: 'submitted', daysAgo: 25 },
      { status: 'withdrawn', daysAgo: 10 },
    ],
  },
  {
    key: 'closed',
    titles: [],
    closed: true,
    history: [
      { status: 'submitted', daysAgo: 45 },
      { status: 'in_review', daysAgo: 40 },
    ],
  },
];

/** Olive's own (other titles, so a leak between candidates shows). */
const OLIVE_APPLICATIONS: DemoApplication[] = [
  {
    key: 'olive-interview',
    titles: ['Warehouse Automation Lead', 'Production Supervisor'],
    history: [
      { status: 'submitted', daysAgo: 9 },
      { status: 'interview', daysAgo: 2 },
    ],
  },
];

/** The start of the day `days` from now (UTC) plus `hours`: 15:00 UTC is 10:00 or 11:00 in Toronto. */
const at = (now: Date, days: number, hours: number) => {
  const day = new Date(now.getTime() + days * DAY);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + hours * HOUR).toISOString();
};

/**
 * The dashboard's demo data for `domain`, once (when the employer has positions and no interview yet, and both
 * candidates exist; by default Casey and Olive): for `candidate` applications in every state with their histories, upcoming interviews
 * (video and on site) and past ones (phone, on site, one cancelled), career events (online, on site, an invitation
 * and one already over), referrals (one applied, one not) and a draft application; for `other` her own
 * application, interview, invitation and referral, never shown to the first. Positions are the employer's (the
 * demo positions), picked by title. Returns whether it added anything.
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
    const casey = people.find((person) => person.email === emails.candidate);
    const olive = people.find((person) => person.email === emails.other);
    if (!casey || !olive) return false;

    const nowIso = now.toISOString();
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
      const found =
        titles.map((title) => free.find((row) => row.title === title)).find((row) => row !== undefined) ?? free[0];
      if (found) used.add(found.id);
      return found;
    };

    const applicationIds = new Map<string, { id: number; positionId: number }>();
    const insertApplication = async (candidate: { id: number; email: string }, demo: DemoApplication) => {
      const position = pick(candidate.id, demo.titles, demo.closed);
      if (!position) return;
      const first = new Date(now.getTime() - demo.history[0]!.daysAgo * DAY).toISOString();
      const last = demo.history[demo.history.length - 1]!;
      const row = await trx
        .insertInto('applications')
        .values({
          domain,
          position_id: position.id,
          candidate_id: candidate.id,
          email: candidate.email,
          answers_json: '{}',
          status: last.status,
          created_at: first,
          updated_at: new Date(now.getTime() - last.daysAgo * DAY).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const event of demo.history) {
        await trx
          .insertInto('application_events')
          .values({
            application_id: row.id,
            status: event.status,
            at: new Date(now.getTime() - event.daysAgo * DAY).toISOString(),
          })
          .execute();
      }
      applicationIds.set(demo.key, { id: row.id, positionId: position.id });
    };
    for (const demo of CASEY_APPLICATIONS) await insertApplication(casey, demo);
    for (const demo of OLIVE_APPLICATIONS) await insertApplication(olive, demo);

    const interview = async (
      candidateId: number,
      key: string,
      values: {
        title: string;
        days: number;
        hours: number;
        minutes: number;
        mode: InterviewMode;
        location?: string;
        videoUrl?: string;
        interviewers: Array<{ name: string; title: string }>;
        cancelled?: boolean;
      },
    ) => {
      const application = applicationIds.get(key);
      if (!application) return;
      const startsAt = at(now, values.days, values.hours);
      await trx
        .insertInto('interviews')
        .values({
          domain,
          candidate_id: candidateId,
          application_id: application.id,
          position_id: application.positionId,
          title: values.title,
          starts_at: startsAt,
          ends_at: new Date(Date.parse(startsAt) + values.minutes * 60 * 1000).toISOString(),
          time_zone: TORONTO,
          mode: values.mode,
          location: values.location ?? null,
          video_url: values.videoUrl ?? null,
          interviewers_json: JSON.stringify(values.interviewers),
          status: values.cancelled ? 'cancelled' : 'scheduled',
          created_at: nowIso,
        })
        .execute();
    };
    await interview(casey.id, 'interview', {
      title: 'Technical interview with the Motion Planning team',
      days: 3,
      hours: 15,
      minutes: 60,
      mode: 'video',
      videoUrl: 'https://meet.acme.example/j/motion-planning-4821',
      interviewers: [
        { name: 'Priya Natarajan', title: 'Engineering Manager' },
        { name: 'Tomás Álvarez', title: 'Senior Motion Planning Engineer' },
      ],
    });
    await interview(casey.id, 'interview', {
      title: 'On-site panel interview',
      days: 8,
      hours: 14,
      minutes: 180,
      mode: 'onsite',
      location: HEAD_OFFICE,
      interviewers: [
        { name: 'Priya Natarajan', title: 'Engineering Manager' },
        { name: 'Grace Okafor', title: 'Director of Robotics' },
      ],
    });
    await interview(casey.id, 'in_review', {
      title: 'Phone screen with a recruiter',
      days: -5,
      hours: 18,
      minutes: 30,
      mode: 'phone',
      location: '+1 416 555 0147',
      interviewers: [{ name: 'Morgan Chen', title: 'Technical Recruiter' }],
    });
    await interview(casey.id, 'offer', {
      title: 'Final interview',
      days: -21,
      hours: 15,
      minutes: 90,
      mode: 'onsite',
      location: HEAD_OFFICE,
      interviewers: [{ name: 'Grace Okafor', title: 'Director of Robotics' }],
    });
    await interview(casey.id, 'rejected', {
      title: 'Portfolio review',
      days: -22,
      hours: 19,
      minutes: 45,
      mode: 'video',
      videoUrl: 'https://meet.acme.example/j/portfolio-1187',
      interviewers: [{ name: 'Alex Martin', title: 'Design Lead' }],
      cancelled: true,
    });
    await interview(olive.id, 'olive-interview', {
      title: 'On-site interview',
      days: 4,
      hours: 17.5,
      minutes: 60,
      mode: 'onsite',
      location: 'Acme Robotics, 1250 Rue Saint-Patrick, Montréal, QC',
      interviewers: [{ name: 'Louis Tremblay', title: 'Operations Manager' }],
    });

    const events = [
      {
        candidate_id: null,
        name: 'Acme Robotics virtual career fair',
        description: 'Meet our engineering and operations teams, and ask recruiters about open roles.',
        starts: at(now, 10, 17),
        hours: 2,
        mode: 'online' as const,
        location: null,
        registration_url: 'https://acme.example/events/virtual-career-fair',
      },
      {
        candidate_id: null,
        name: 'Robotics open house, Toronto',
        description: 'Tour our Toronto lab, see the robots at work and meet the people who build them.',
        starts: at(now, 20, 22),
        hours: 3,
        mode: 'onsite' as const,
        location: HEAD_OFFICE,
        registration_url: 'https://acme.example/events/toronto-open-house',
      },
      {
        candidate_id: casey.id,
        name: 'Women in Robotics breakfast',
        description: 'An invitation-only breakfast with Acme Robotics engineering leaders.',
        starts: at(now, 14, 12.5),
        hours: 1.5,
        mode: 'onsite' as const,
        location: HEAD_OFFICE,
        registration_url: 'https://acme.example/events/women-in-robotics-breakfast',
      },
      {
        candidate_id: null,
        name: 'Spring hiring webinar',
        description: 'How we hire, and what to expect at each step.',
        starts: at(now, -30, 17),
        hours: 1,
        mode: 'online' as const,
        location: null,
        registration_url: 'https://acme.example/events/spring-hiring-webinar',
      },
      {
        candidate_id: olive.id,
        name: 'Montréal warehouse tour',
        description: 'An invitation to tour our Montréal automation site.',
        starts: at(now, 6, 14),
        hours: 2,
        mode: 'onsite' as const,
        location: 'Acme Robotics, 1250 Rue Saint-Patrick, Montréal, QC',
        registration_url: 'https://acme.example/events/montreal-warehouse-tour',
      },
    ];
    for (const { starts, hours, ...event } of events) {
      await trx
        .insertInto('career_events')
        .values({
          ...event,
          domain,
          starts_at: starts,
          ends_at: new Date(Date.parse(starts) + hours * HOUR).toISOString(),
          time_zone: TORONTO,
          created_at: nowIso,
        })
        .execute();
    }

    // Referrals: Casey's to a position she applied to, and to one she has not (yet): a draft she started.
    const referral = async (candidateId: number, positionId: number, name: string, email: string, daysAgo: number) =>
      trx
        .insertInto('referrals')
        .values({
          domain,
          candidate_id: candidateId,
          position_id: positionId,
          referrer_name: name,
          referrer_email: email,
          created_at: new Date(now.getTime() - daysAgo * DAY).toISOString(),
        })
        .execute();
    const inReview = applicationIds.get('in_review');
    if (inReview) await referral(casey.id, inReview.positionId, 'Jordan Lee', 'jordan.lee@acme.example', 14);
    const notApplied = pick(casey.id, ['Perception Engineer', 'Embedded Software Engineer']);
    if (notApplied) {
      await referral(casey.id, notApplied.id, 'Sam Rivera', 'sam.rivera@acme.example', 2);
      const draftAt = new Date(now.getTime() - 1 * DAY).toISOString();
      await trx
        .insertInto('draft_applications')
        .values({
          domain,
          candidate_id: casey.id,
          position_ids: positionIdsKey([notApplied.id]),
          values_json: '{}',
          created_at: draftAt,
          updated_at: draftAt,
        })
        .onConflict((oc) => oc.columns(['domain', 'candidate_id', 'position_ids']).doNothing())
        .execute();
    }
    const oliveApplication = applicationIds.get('olive-interview');
    if (oliveApplication) {
      await referral(olive.id, oliveApplication.positionId, 'Nadia Haddad', 'nadia.haddad@acme.example', 10);
    }
    return true;
  });
}
