/**
 * The dashboard's calls (docs/product/dashboard.md: `dashboard/applications`, `/nudges`, `/events`,
 * `/interviews`, `/referrals`). Every item is a `DashboardCard` the dashboard widget renders generically (title,
 * subtitle, tags, link, icon, coloured status, texts, buttons and a kebab menu; texts in the candidate's language),
 * next to the record's own fields (`details`) for anything a card does not say.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CandidateDomain, Envelope } from './common';

/** The colour of a status or tag: the design system's tones (`Tag`, `StatusLabel`). */
export const DashboardTone = Type.Union([
  Type.Literal('neutral'),
  Type.Literal('info'),
  Type.Literal('success'),
  Type.Literal('warning'),
  Type.Literal('danger'),
  Type.Literal('teal'),
  Type.Literal('violet'),
]);
export type DashboardTone = Static<typeof DashboardTone>;

/** The icon of a card, by name (the widget draws it; the meaning is always in the card's text too). */
export const DashboardIcon = Type.Union([
  Type.Literal('briefcase'),
  Type.Literal('calendar'),
  Type.Literal('video'),
  Type.Literal('map-pin'),
  Type.Literal('phone'),
  Type.Literal('users'),
  Type.Literal('user-plus'),
  Type.Literal('file'),
  Type.Literal('edit'),
  Type.Literal('award'),
  Type.Literal('user'),
]);
export type DashboardIcon = Static<typeof DashboardIcon>;

/**
 * Something a card's button or menu item does in the page (rather than follow a link):
 * - `withdraw_application`: asks to confirm (`confirm`), then POST /api/pcsx/dashboard/applications/withdraw;
 * - `copy_link`: copies `href` (an absolute or site path) to the clipboard.
 */
export const DashboardAction = Type.Union([
  Type.Object({ type: Type.Literal('withdraw_application'), application_id: Type.Integer() }),
  Type.Object({ type: Type.Literal('copy_link'), href: Type.String() }),
]);
export type DashboardAction = Static<typeof DashboardAction>;

/** The texts of a confirmation dialog, in the candidate's language. */
export const DashboardConfirm = Type.Object({
  title: Type.String(),
  message: Type.String(),
  confirmLabel: Type.String(),
  cancelLabel: Type.String(),
});
export type DashboardConfirm = Static<typeof DashboardConfirm>;

/**
 * A card's button or kebab-menu item: a link (`href`; `external`: another site, opened in a new tab) or an action
 * (`action`, with `confirm` when it must be confirmed first).
 */
export const DashboardCardControl = Type.Union([
  Type.Object({
    label: Type.String(),
    href: Type.String(),
    external: Type.Boolean(),
    variant: Type.Union([Type.Literal('primary'), Type.Literal('secondary')]),
  }),
  Type.Object({
    label: Type.String(),
    action: DashboardAction,
    confirm: Type.Optional(DashboardConfirm),
    variant: Type.Union([Type.Literal('primary'), Type.Literal('secondary'), Type.Literal('danger')]),
  }),
]);
export type DashboardCardControl = Static<typeof DashboardCardControl>;

/** A line of a card: a label and its text; `datetime` (ISO 8601) when the text is a date or time. */
export const DashboardCardText = Type.Object({
  label: Type.String(),
  text: Type.String(),
  datetime: Type.Optional(Type.String()),
});
export type DashboardCardText = Static<typeof DashboardCardText>;

/** What every dashboard list holds: one card, rendered the same way whatever it shows. */
export const DashboardCard = Type.Object({
  /** Unique in the answer, stable across calls: `application-12`, `interview-3`, `nudge-form-7`... */
  id: Type.String(),
  title: Type.String(),
  subtitle: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.Object({ label: Type.String(), tone: DashboardTone })),
  /** Where the card's title leads (a site path), or null. */
  href: Type.Union([Type.String(), Type.Null()]),
  icon: DashboardIcon,
  /** `code`: the status as data (for example `in_review`); `label` in the candidate's language; `tone` its colour. */
  status: Type.Union([Type.Object({ code: Type.String(), label: Type.String(), tone: DashboardTone }), Type.Null()]),
  texts: Type.Array(DashboardCardText),
  buttons: Type.Array(DashboardCardControl),
  /** The kebab menu's items (empty: no menu). */
  menu: Type.Array(DashboardCardControl),
});
export type DashboardCard = Static<typeof DashboardCard>;

/* ---------------------------------------------------------------- applications */

/**
 * Statuses of an application. Active (in progress): `submitted`, `in_review`, `interview`, `offer`. Inactive (the
 * process is over): `hired`, `rejected`, `withdrawn`, and `closed` — shown, never stored — for an application
 * still at `submitted`, `in_review` or `interview` whose position closed (archived or past its closing date).
 */
export const APPLICATION_STATUSES = [
  'submitted',
  'in_review',
  'interview',
  'offer',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const ACTIVE_APPLICATION_STATUSES: readonly ApplicationStatus[] = [
  'submitted',
  'in_review',
  'interview',
  'offer',
];

export const DashboardApplicationDetails = Type.Object({
  application_id: Type.Integer(),
  position: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    location: Type.String(),
    /** The position's page (null once it closed). */
    href: Type.Union([Type.String(), Type.Null()]),
    closed: Type.Boolean(),
  }),
  /** The stored status (see APPLICATION_STATUSES); `card.status.code` is `closed` for a closed position's. */
  status: Type.String(),
  active: Type.Boolean(),
  submitted_at: Type.String(),
  updated_at: Type.String(),
  /** Every status the application reached, oldest first, with its label in the candidate's language. */
  history: Type.Array(Type.Object({ status: Type.String(), label: Type.String(), at: Type.String() })),
  can_withdraw: Type.Boolean(),
});
export type DashboardApplicationDetails = Static<typeof DashboardApplicationDetails>;

export const DashboardApplication = Type.Object({ card: DashboardCard, details: DashboardApplicationDetails });
export type DashboardApplication = Static<typeof DashboardApplication>;

/** Query of the dashboard's GET calls: the optional domain and `hl`, the language of the cards' texts. */
export const DashboardQuery = Type.Object(
  {
    domain: CandidateDomain,
    hl: Type.Optional(Type.String({ minLength: 1, maxLength: 35, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuery>;

/** GET /api/pcsx/dashboard/applications: active applications, most recently updated first, then inactive ones. */
export const DashboardApplicationsResponse = Envelope(
  Type.Object({
    applications: Type.Array(DashboardApplication),
    inactiveApplications: Type.Array(DashboardApplication),
  }),
);
export type DashboardApplicationsResponse = Static<typeof DashboardApplicationsResponse>;

/** POST /api/pcsx/dashboard/applications/withdraw (not in the spec): withdraws one of the candidate's applications. */
export const WithdrawApplicationBody = Type.Object(
  {
    domain: CandidateDomain,
    application_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  },
  { additionalProperties: false },
);
export type WithdrawApplicationBody = Static<typeof WithdrawApplicationBody>;

/**
 * GET /api/pcsx/dashboard/applications/export (docs/product/dashboard.md#applications-csv): the candidate's
 * applications as a CSV download. It is opened as a plain link (no custom headers reach it), so the browser's time zone
 * comes in the address (`tz`, an IANA name such as `America/Toronto`); without it the dates are UTC days.
 */
export const DashboardExportQuery = Type.Object(
  {
    ...DashboardQuery.properties,
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' })),
  },
  { additionalProperties: false },
);
export type DashboardExportQuery = Static<typeof DashboardExportQuery>;

/** The withdrawn application, as the applications call now lists it (among the inactive ones). */
export const WithdrawApplicationResponse = Envelope(Type.Object({ application: DashboardApplication }));
export type WithdrawApplicationResponse = Static<typeof WithdrawApplicationResponse>;

/* ------------------------------------------------------------------ interviews */

export const DashboardInterviewDetails = Type.Object({
  interview_id: Type.Integer(),
  application_id: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Object({ id: Type.Integer(), title: Type.String(), location: Type.String() }),
  /** What the interview is, for example "Technical interview". */
  title: Type.String(),
  starts_at: Type.String(),
  ends_at: Type.String(),
  /** The IANA time zone it is held in (the card's times are shown in it). */
  time_zone: Type.String(),
  mode: Type.Union([Type.Literal('onsite'), Type.Literal('video'), Type.Literal('phone')]),
  /** The address (on site) or the number to call (phone). */
  location: Type.Union([Type.String(), Type.Null()]),
  video_url: Type.Union([Type.String(), Type.Null()]),
  interviewers: Type.Array(Type.Object({ name: Type.String(), title: Type.String() })),
  /** `upcoming`, `past` (ended) or `cancelled`. */
  status: Type.Union([Type.Literal('upcoming'), Type.Literal('past'), Type.Literal('cancelled')]),
});
export type DashboardInterviewDetails = Static<typeof DashboardInterviewDetails>;

export const DashboardInterview = Type.Object({ card: DashboardCard, details: DashboardInterviewDetails });
export type DashboardInterview = Static<typeof DashboardInterview>;

/** GET /api/pcsx/dashboard/interviews: upcoming ones soonest first; past and cancelled ones latest first. */
export const DashboardInterviewsResponse = Envelope(
  Type.Object({ interviews: Type.Array(DashboardInterview), pastInterviews: Type.Array(DashboardInterview) }),
);
export type DashboardInterviewsResponse = Static<typeof DashboardInterviewsResponse>;

/* ---------------------------------------------------------------------- events */

export const DashboardEventDetails = Type.Object({
  event_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  starts_at: Type.String(),
  ends_at: Type.String(),
  time_zone: Type.String(),
  mode: Type.Union([Type.Literal('onsite'), Type.Literal('online')]),
  location: Type.Union([Type.String(), Type.Null()]),
  registration_url: Type.String(),
  /** Only this candidate is invited (else: open to every candidate of the employer). */
  invitation: Type.Boolean(),
});
export type DashboardEventDetails = Static<typeof DashboardEventDetails>;

export const DashboardEvent = Type.Object({ card: DashboardCard, details: DashboardEventDetails });
export type DashboardEvent = Static<typeof DashboardEvent>;

/** GET /api/pcsx/dashboard/events: the events not over yet, soonest first. */
export const DashboardEventsResponse = Envelope(Type.Object({ events: Type.Array(DashboardEvent) }));
export type DashboardEventsResponse = Static<typeof DashboardEventsResponse>;

/* ------------------------------------------------------------------- referrals */

export const DashboardReferralDetails = Type.Object({
  referral_id: Type.Integer(),
  referrer: Type.Object({ name: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }),
  position: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    location: Type.String(),
    href: Type.Union([Type.String(), Type.Null()]),
    closed: Type.Boolean(),
  }),
  referred_at: Type.String(),
  /** `not_applied` (the candidate can apply), `closed` (not applied, the position closed), else the application's. */
  status: Type.String(),
  application_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type DashboardReferralDetails = Static<typeof DashboardReferralDetails>;

export const DashboardReferral = Type.Object({ card: DashboardCard, details: DashboardReferralDetails });
export type DashboardReferral = Static<typeof DashboardReferral>;

/** GET /api/pcsx/dashboard/referrals: most recent first. */
export const DashboardReferralsResponse = Envelope(Type.Object({ referrals: Type.Array(DashboardReferral) }));
export type DashboardReferralsResponse = Static<typeof DashboardReferralsResponse>;

/* ---------------------------------------------------------------------- nudges */

/** What a nudge asks: sign an offer, complete an assigned form, finish a draft, complete the profile. */
export const NudgeKind = Type.Union([
  Type.Literal('sign_offer'),
  Type.Literal('complete_form'),
  Type.Literal('finish_draft'),
  Type.Literal('complete_profile'),
]);
export type NudgeKind = Static<typeof NudgeKind>;

export const DashboardNudge = Type.Object({
  card: DashboardCard,
  details: Type.Object({
    kind: NudgeKind,
    /** The page where the candidate does it (a site path). */
    href: Type.String(),
    /** What it is about: the offer, assigned form or draft id; for the profile, the missing part. */
    subject: Type.String(),
  }),
});
export type DashboardNudge = Static<typeof DashboardNudge>;

/** GET /api/pcsx/dashboard/nudges: offers first, then forms, drafts and the profile. Computed, never stored. */
export const DashboardNudgesResponse = Envelope(Type.Object({ nudges: Type.Array(DashboardNudge) }));
export type DashboardNudgesResponse = Static<typeof DashboardNudgesResponse>;

/* ----------------------------------------------------------------------- gates */

/**
 * `gates` of the boot data (docs/product/dashboard.md#referrals-tab, `gates.referralWithCandidateApplicationGate`):
 * product features an employer turns on by name; a gate absent or false is closed. Stored in the employer's
 * `pcsx_config_json` like `behaviourFlags`.
 *
 * - `referralWithCandidateApplicationGate`: a referral card of the dashboard is joined with the candidate's own
 *   application to the referred position (its status, "View application"). Closed: the card shows the referral
 *   alone (who referred the candidate, to which position, when; Apply while the position is open), whatever the
 *   candidate did with it.
 */
export const Gates = Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.Boolean());
export type Gates = Static<typeof Gates>;
