/* Test data of the dashboard feature (imported by tests only). */
import type {
  DashboardApplication,
  DashboardCard,
  DashboardEvent,
  DashboardInterview,
  DashboardNudge,
  DashboardReferral,
  DraftApplication,
  Offer,
  PositionSummary,
} from '@careers/shared/contract';
import { ok, type FakeResponseInit, type FakeServer } from '@careers/shared/testing';

export const card = (overrides: Partial<DashboardCard> & Pick<DashboardCard, 'id' | 'title'>): DashboardCard => ({
  subtitle: null,
  tags: [],
  href: null,
  icon: 'briefcase',
  status: null,
  texts: [],
  buttons: [],
  menu: [],
  ...overrides,
});

const applicationDetails = (id: number, title: string, status: string, active: boolean) => ({
  application_id: id,
  position: { id: 100 + id, title, location: 'Boston, MA', href: `/careers/job/${100 + id}`, closed: false },
  status,
  active,
  submitted_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-05T10:00:00.000Z',
  history: [],
  can_withdraw: active,
});

export const inReview: DashboardApplication = {
  card: card({
    id: 'application-1',
    title: 'Senior Robotics Engineer',
    subtitle: 'Boston, MA',
    href: '/careers/job/101?domain=acme.example',
    tags: [
      { label: 'Engineering', tone: 'neutral' },
      { label: 'Remote', tone: 'teal' },
    ],
    status: { code: 'in_review', label: 'In review', tone: 'violet' },
    texts: [{ label: 'Applied', text: 'Nov 1, 2026', datetime: '2026-11-01T10:00:00.000Z' }],
    buttons: [
      { label: 'View position', href: '/careers/job/101?domain=acme.example', external: false, variant: 'secondary' },
    ],
    menu: [
      {
        label: 'Copy link',
        action: { type: 'copy_link', href: '/careers/job/101?domain=acme.example' },
        variant: 'secondary',
      },
      {
        label: 'Withdraw application',
        action: { type: 'withdraw_application', application_id: 1 },
        confirm: {
          title: 'Withdraw this application?',
          message: 'Your application for Senior Robotics Engineer will be withdrawn.',
          confirmLabel: 'Withdraw',
          cancelLabel: 'Keep application',
        },
        variant: 'danger',
      },
    ],
  }),
  details: applicationDetails(1, 'Senior Robotics Engineer', 'in_review', true),
};

export const rejected: DashboardApplication = {
  card: card({
    id: 'application-2',
    title: 'Welder',
    status: { code: 'rejected', label: 'Not selected', tone: 'danger' },
    texts: [{ label: 'Applied', text: 'Oct 2, 2026', datetime: '2026-10-02T10:00:00.000Z' }],
  }),
  details: applicationDetails(2, 'Welder', 'rejected', false),
};

export const withdrawnInReview: DashboardApplication = {
  card: { ...inReview.card, status: { code: 'withdrawn', label: 'Withdrawn', tone: 'neutral' }, menu: [] },
  details: { ...inReview.details, status: 'withdrawn', active: false, can_withdraw: false },
};

const upcomingInterview: DashboardInterview = {
  card: card({
    id: 'interview-1',
    title: 'Technical interview',
    subtitle: 'Senior Robotics Engineer',
    icon: 'video',
    status: { code: 'upcoming', label: 'Upcoming', tone: 'info' },
    texts: [{ label: 'When', text: 'Dec 2, 2026, 10:00 AM EST', datetime: '2026-12-02T15:00:00.000Z' }],
    buttons: [{ label: 'Join video call', href: 'https://meet.example/abc', external: true, variant: 'primary' }],
  }),
  details: {
    interview_id: 1,
    application_id: 1,
    position: { id: 101, title: 'Senior Robotics Engineer', location: 'Boston, MA' },
    title: 'Technical interview',
    starts_at: '2026-12-02T15:00:00.000Z',
    ends_at: '2026-12-02T16:00:00.000Z',
    time_zone: 'America/New_York',
    mode: 'video',
    location: null,
    video_url: 'https://meet.example/abc',
    interviewers: [],
    status: 'upcoming',
  },
};

const pastInterview: DashboardInterview = {
  card: card({
    id: 'interview-2',
    title: 'Phone screen',
    icon: 'phone',
    status: { code: 'past', label: 'Done', tone: 'neutral' },
  }),
  details: { ...upcomingInterview.details, interview_id: 2, title: 'Phone screen', mode: 'phone', status: 'past' },
};

const event: DashboardEvent = {
  card: card({
    id: 'event-1',
    title: 'Robotics open house',
    icon: 'calendar',
    texts: [{ label: 'Starts', text: 'Dec 10, 2026', datetime: '2026-12-10T17:00:00.000Z' }],
    buttons: [{ label: 'Register', href: 'https://events.example/1', external: true, variant: 'primary' }],
  }),
  details: {
    event_id: 1,
    name: 'Robotics open house',
    description: 'Meet the team',
    starts_at: '2026-12-10T17:00:00.000Z',
    ends_at: '2026-12-10T19:00:00.000Z',
    time_zone: 'America/New_York',
    mode: 'onsite',
    location: 'Boston',
    registration_url: 'https://events.example/1',
    invitation: false,
  },
};

const referral: DashboardReferral = {
  card: card({
    id: 'referral-1',
    title: 'Firmware Engineer',
    icon: 'user-plus',
    subtitle: 'Referred by Sam Lee',
    status: { code: 'not_applied', label: 'Not applied yet', tone: 'warning' },
    buttons: [
      { label: 'Apply', href: '/careers/apply?domain=acme.example&pid=7', external: false, variant: 'primary' },
    ],
  }),
  details: {
    referral_id: 1,
    referrer: { name: 'Sam Lee', email: null },
    position: { id: 7, title: 'Firmware Engineer', location: 'Austin', href: '/careers/job/7', closed: false },
    referred_at: '2026-11-02T10:00:00.000Z',
    status: 'not_applied',
    application_id: null,
  },
};

export const nudge: DashboardNudge = {
  card: card({
    id: 'nudge-profile-resume',
    title: 'Add your resume',
    icon: 'file',
    buttons: [
      { label: 'Go to profile', href: '/careers/profile?domain=acme.example', external: false, variant: 'primary' },
    ],
  }),
  details: { kind: 'complete_profile', href: '/careers/profile?domain=acme.example', subject: 'resume' },
};

export const savedPosition = (id: number, name: string, overrides: Partial<PositionSummary> = {}): PositionSummary => ({
  id,
  name,
  department: 'Engineering',
  employment_type: 'Full time',
  location: 'Boston, MA',
  locations: [],
  is_remote: false,
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  skills: [],
  posted_at: '2026-11-03T10:00:00.000Z',
  valid_through: null,
  archived_at: null,
  distance_km: null,
  positionUserActions: { isSaved: true, inCart: false },
  ...overrides,
});

export const offer = (overrides: Partial<Offer> = {}): Offer => ({
  id: 5,
  enc_id: 'demoOfferId1',
  status: 'Extended',
  position: { name: 'Senior Robotics Engineer' },
  updated_at: '2026-11-10T10:00:00.000Z',
  expires_at: '2099-01-01T00:00:00.000Z',
  acceptance: 'documents',
  offer_documents: [],
  ...overrides,
});

export const draft = (id: number, name: string, archivedAt = -1): DraftApplication => ({
  id,
  position_ids: [200 + id],
  position: { id: 200 + id, name, location: 'Austin, TX', archived_at: archivedAt },
  updated_at: '2026-11-12T10:00:00.000Z',
  href: `/careers/apply?domain=acme.example&pid=${200 + id}`,
});

/** Every dashboard call answering with the data above (tests override what they look at). */
export function answerAll(server: FakeServer, overrides: Partial<Record<string, FakeResponseInit>> = {}) {
  const answers: Record<string, FakeResponseInit> = {
    '/api/pcsx/dashboard/applications': ok({ applications: [inReview], inactiveApplications: [rejected] }),
    '/api/pcsx/dashboard/interviews': ok({ interviews: [upcomingInterview], pastInterviews: [pastInterview] }),
    '/api/pcsx/dashboard/events': ok({ events: [event] }),
    '/api/pcsx/dashboard/referrals': ok({ referrals: [referral] }),
    '/api/pcsx/dashboard/nudges': ok({ nudges: [nudge] }),
    '/api/pcsx/positions/saved': ok({ positions: [savedPosition(31, 'Controls Engineer')] }),
    '/api/offer/offers': ok({ offers: [offer()] }),
    '/api/pcsx/draft_applications': ok({
      draft_applications: [draft(1, 'Firmware Engineer'), draft(2, 'Welding Inspector', 1_700_000_000)],
    }),
    ...overrides,
  };
  for (const [path, answer] of Object.entries(answers)) if (answer) server.on('GET', path, answer);
}
