import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { TFunction } from 'i18next';
import { candidateScope } from '../auth/access';
import {
  ApiErrorBody,
  DashboardApplicationsResponse,
  DashboardEventsResponse,
  DashboardExportQuery,
  DashboardInterviewsResponse,
  DashboardNudgesResponse,
  DashboardQuery,
  DashboardReferralsResponse,
  isProfileFieldShown,
  shownProfileSections,
  WithdrawApplicationBody,
  WithdrawApplicationResponse,
  type DashboardApplication,
  type DashboardCard,
  type DashboardCardControl,
  type DashboardEvent,
  type DashboardExportQuery as DashboardExportQueryType,
  type DashboardInterview,
  type DashboardNudge,
  type DashboardQuery as DashboardQueryType,
  type DashboardReferral,
  type DashboardTone,
  type WithdrawApplicationBody as WithdrawApplicationBodyType,
} from '../contract';
import type { Database } from '../db/types';
import { createEmployerRepository } from '../employers/repository';
import { assignedFormHref } from '../forms/demo-forms';
import { createFormRepository, positionIdsKey } from '../forms/repository';
import { languageOf } from '../forms/routes';
import { candidateRoute } from '../http/candidate-route';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';
import { isTimeZone, viewerTimeZone } from '../http/time-zone';
import { translator } from '../i18n';
import { csvDocument } from './csv';
import {
  ApplicationNotActiveError,
  createDashboardRepository,
  isActiveApplication,
  type DashboardPosition,
  type StoredApplication,
  type StoredEvent,
  type StoredInterview,
} from './repository';

const tags = ['dashboard'];

/** Error code of a withdrawal of an application that is not in progress. */
const APPLICATION_NOT_ACTIVE = 'application_not_active';

/** The colour of each status a card shows. */
const STATUS_TONES: Record<string, DashboardTone> = {
  submitted: 'info',
  in_review: 'violet',
  interview: 'warning',
  offer: 'teal',
  hired: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
  closed: 'neutral',
  not_applied: 'warning',
  referred: 'info',
};

const withDomain = (path: string, domain: string) =>
  `${path}${path.includes('?') ? '&' : '?'}domain=${encodeURIComponent(domain)}`;

/** Site paths of the pages a card leads to (spec 000 §2, spec 001 §2). */
const paths = {
  position: (id: number, domain: string) => withDomain(`/careers/job/${id}`, domain),
  apply: (ids: readonly number[], domain: string) =>
    `${withDomain('/careers/apply', domain)}&pid=${positionIdsKey(ids)}`,
  applications: (domain: string) => withDomain('/careers/applications', domain),
  interviews: (domain: string) => withDomain('/careers/interviews', domain),
  offers: (domain: string) => withDomain('/careers/offers', domain),
  offer: (encId: string, domain: string) => withDomain(`/careers/offer/${encodeURIComponent(encId)}`, domain),
  profile: (domain: string) => withDomain('/careers/profile', domain),
};

/** A day as `YYYY-MM-DD` in `zone` (what spreadsheets read as a date in every language); null for a non-date. */
function isoDay(iso: string, zone: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The exported files are the candidate's own: never kept by caches, never sniffed or rendered on our origin. */
const EXPORT_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
} as const;

type CardText = DashboardCard['texts'][number];

/**
 * A card's dated lines in one language. A stored value that is not a date (written by hand or by another tool:
 * `new Date()` of it is invalid and formatting throws) leaves its line out and is logged, so one bad row never
 * breaks the whole answer (issue 21); the record's own fields in `details` keep the value as stored.
 */
function formats(language: string, viewerZone: string, malformed: (value: string) => void) {
  const valid = (iso: string) => {
    if (!Number.isNaN(Date.parse(iso))) return true;
    malformed(iso);
    return false;
  };
  return {
    /** A day, for example "Nov 3, 2026", in the viewer's time zone; no line when `iso` is not a date. */
    dated: (label: string, iso: string): CardText[] =>
      valid(iso)
        ? [
            {
              label,
              text: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: viewerZone }).format(
                new Date(iso),
              ),
              datetime: iso,
            },
          ]
        : [],
    /** A start and end, in the zone the thing happens in, with that zone's name; no line when either is not a date. */
    during: (label: string, start: string, end: string, zone: string): CardText[] =>
      valid(start) && valid(end)
        ? [
            {
              label,
              text: new Intl.DateTimeFormat(language, {
                weekday: 'long',
                year: 'numeric',
                month: 'long',
                day: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
                timeZone: isTimeZone(zone) ? zone : 'UTC',
                timeZoneName: 'short',
              }).formatRange(new Date(start), new Date(end)),
              datetime: start,
            },
          ]
        : [],
  };
}

const link = (label: string, href: string, variant: 'primary' | 'secondary' = 'secondary', external = false) =>
  ({ label, href, external, variant }) satisfies DashboardCardControl;

/**
 * The dashboard's calls (spec 001 §2 "Dashboard", §7): the signed-in candidate's applications (from the apply
 * journey, with their status history), interviews, career events, referrals and nudges, each as generic cards in the
 * candidate's language (`hl`, else `Accept-Language`), and withdrawing an application (not in the spec).
 */
export function registerDashboardRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const repository = createDashboardRepository(deps.db);
  // The employer's gates (the referrals' `referralWithCandidateApplicationGate`).
  const employers = createEmployerRepository(deps.db, { warn: (message) => app.log.warn(message) });
  const forms = createFormRepository(deps.db);

  /** What every GET call works with: the candidate, their language and formats, and now. */
  function context(request: FastifyRequest) {
    const query = request.query as DashboardQueryType;
    const language = languageOf(request, query.hl);
    const { candidateId, domain } = candidateScope(request);
    const now = new Date();
    return {
      candidateId,
      domain,
      language,
      t: translator(language),
      format: formats(language, viewerTimeZone(request), (value) =>
        request.log.warn({ value: value.slice(0, 64) }, 'dashboard: a stored date is not a date; its line is left out'),
      ),
      now,
      nowIso: now.toISOString(),
    };
  }
  type Context = ReturnType<typeof context>;

  const placeOf = (position: DashboardPosition, t: TFunction) =>
    position.location || (position.remote ? t('dashboard.remote') : '');

  const positionTags = (position: DashboardPosition, t: TFunction): DashboardCard['tags'] => [
    ...(position.department ? [{ label: position.department, tone: 'neutral' as const }] : []),
    ...(position.employmentType ? [{ label: position.employmentType, tone: 'neutral' as const }] : []),
    ...(position.remote ? [{ label: t('dashboard.remote'), tone: 'teal' as const }] : []),
  ];

  /** An application's status as a card shows it: `closed` when its position closed before a decision. */
  function shownStatus(application: StoredApplication, position: DashboardPosition, t: TFunction) {
    const active = isActiveApplication(application.status, position.closed);
    const code = !active && isActiveApplication(application.status, false) ? 'closed' : application.status;
    return { code, label: t(`dashboard.status.${code}`), tone: STATUS_TONES[code] ?? 'neutral', active };
  }

  function applicationView(
    application: StoredApplication,
    position: DashboardPosition,
    ctx: Context,
  ): DashboardApplication {
    const { t, domain, format } = ctx;
    const status = shownStatus(application, position, t);
    const positionHref = position.closed ? null : paths.position(position.id, domain);
    const buttons: DashboardCardControl[] = [];
    if (status.active && application.status === 'interview') {
      buttons.push(link(t('dashboard.buttons.viewInterviews'), paths.interviews(domain), 'primary'));
    } else if (status.active && application.status === 'offer') {
      buttons.push(link(t('dashboard.buttons.viewOffers'), paths.offers(domain), 'primary'));
    }
    if (positionHref) buttons.push(link(t('dashboard.buttons.viewPosition'), positionHref));
    const menu: DashboardCardControl[] = [];
    if (positionHref) {
      menu.push({
        label: t('dashboard.buttons.copyLink'),
        action: { type: 'copy_link', href: positionHref },
        variant: 'secondary',
      });
    }
    if (status.active) {
      menu.push({
        label: t('dashboard.buttons.withdraw'),
        action: { type: 'withdraw_application', application_id: application.id },
        confirm: {
          title: t('dashboard.withdrawConfirm.title'),
          message: t('dashboard.withdrawConfirm.message', { position: position.title }),
          confirmLabel: t('dashboard.withdrawConfirm.confirm'),
          cancelLabel: t('dashboard.withdrawConfirm.cancel'),
        },
        variant: 'danger',
      });
    }
    const texts: DashboardCard['texts'] = format.dated(t('dashboard.texts.applied'), application.createdAt);
    if (application.updatedAt !== application.createdAt) {
      texts.push(...format.dated(t('dashboard.texts.updated'), application.updatedAt));
    }
    const location = placeOf(position, t);
    return {
      card: {
        id: `application-${application.id}`,
        title: position.title,
        subtitle: location || null,
        tags: positionTags(position, t),
        href: positionHref,
        icon: 'briefcase',
        status: { code: status.code, label: status.label, tone: status.tone },
        texts,
        buttons,
        menu,
      },
      details: {
        application_id: application.id,
        position: { id: position.id, title: position.title, location, href: positionHref, closed: position.closed },
        status: application.status,
        active: status.active,
        submitted_at: application.createdAt,
        updated_at: application.updatedAt,
        history: application.history.map((event) => ({
          status: event.status,
          label: t(`dashboard.status.${event.status}`),
          at: event.at,
        })),
        can_withdraw: status.active,
      },
    };
  }

  /** The candidate's applications as cards, with their positions (applications of a deleted position are left out). */
  async function applicationViews(ctx: Context) {
    const applications = await repository.applications(ctx.domain, ctx.candidateId);
    const positions = await repository.positions(
      ctx.domain,
      applications.map((application) => application.positionId),
      ctx.nowIso,
    );
    return applications.flatMap((application) => {
      const position = positions.get(application.positionId);
      return position ? [applicationView(application, position, ctx)] : [];
    });
  }

  const notFound = (id: number, t: TFunction) =>
    new HttpError(404, ServerErrorCodes.notFound, t('dashboard.errors.notFound', { id }), { field: 'application_id' });

  function interviewView(interview: StoredInterview, position: DashboardPosition, ctx: Context): DashboardInterview {
    const { t, domain, format, nowIso } = ctx;
    const status =
      interview.status === 'cancelled' ? 'cancelled' : interview.endsAt <= nowIso ? 'past' : ('upcoming' as const);
    const tone: DashboardTone = status === 'upcoming' ? 'info' : status === 'cancelled' ? 'danger' : 'neutral';
    const modeLabel = t(`dashboard.${interview.mode}`);
    const where = interview.mode === 'video' ? modeLabel : (interview.location ?? modeLabel);
    const buttons: DashboardCardControl[] = [];
    if (status === 'upcoming' && interview.mode === 'video' && interview.videoUrl) {
      buttons.push(link(t('dashboard.buttons.joinVideo'), interview.videoUrl, 'primary', true));
    }
    if (status === 'upcoming' && interview.mode === 'onsite' && interview.location) {
      const maps = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(interview.location)}`;
      buttons.push(link(t('dashboard.buttons.directions'), maps, 'secondary', true));
    }
    const positionHref = position.closed ? null : paths.position(position.id, domain);
    const menu: DashboardCardControl[] = [];
    if (interview.applicationId !== null) {
      menu.push(link(t('dashboard.buttons.viewApplication'), paths.applications(domain)));
    }
    if (positionHref) menu.push(link(t('dashboard.buttons.viewPosition'), positionHref));
    const location = placeOf(position, t);
    return {
      card: {
        id: `interview-${interview.id}`,
        title: interview.title,
        subtitle: position.title,
        tags: [{ label: modeLabel, tone: 'neutral' }],
        href: positionHref,
        icon: interview.mode === 'video' ? 'video' : interview.mode === 'phone' ? 'phone' : 'map-pin',
        status: { code: status, label: t(`dashboard.interviewStatus.${status}`), tone },
        texts: [
          ...format.during(t('dashboard.texts.when'), interview.startsAt, interview.endsAt, interview.timeZone),
          { label: t('dashboard.texts.where'), text: where },
          ...(interview.interviewers.length > 0
            ? [
                {
                  label: t('dashboard.texts.with'),
                  text: interview.interviewers
                    .map((person) => t('dashboard.withInterviewer', { name: person.name, title: person.title }))
                    .join('; '),
                },
              ]
            : []),
        ],
        buttons,
        menu,
      },
      details: {
        interview_id: interview.id,
        application_id: interview.applicationId,
        position: { id: position.id, title: position.title, location },
        title: interview.title,
        starts_at: interview.startsAt,
        ends_at: interview.endsAt,
        time_zone: interview.timeZone,
        mode: interview.mode,
        location: interview.location,
        video_url: interview.videoUrl,
        interviewers: interview.interviewers,
        status,
      },
    };
  }

  function eventView(event: StoredEvent, ctx: Context): DashboardEvent {
    const { t, format } = ctx;
    const modeLabel = t(`dashboard.${event.mode}`);
    return {
      card: {
        id: `event-${event.id}`,
        title: event.name,
        subtitle: event.mode === 'online' ? modeLabel : (event.location ?? modeLabel),
        tags: [
          { label: modeLabel, tone: event.mode === 'online' ? 'teal' : 'neutral' },
          ...(event.invitation ? [{ label: t('dashboard.invitation'), tone: 'violet' as const }] : []),
        ],
        href: null,
        icon: 'calendar',
        status: null,
        texts: [
          ...format.during(t('dashboard.texts.when'), event.startsAt, event.endsAt, event.timeZone),
          {
            label: t('dashboard.texts.where'),
            text: event.mode === 'online' ? modeLabel : (event.location ?? modeLabel),
          },
        ],
        buttons: [link(t('dashboard.buttons.register'), event.registrationUrl, 'primary', true)],
        menu: [],
      },
      details: {
        event_id: event.id,
        name: event.name,
        description: event.description,
        starts_at: event.startsAt,
        ends_at: event.endsAt,
        time_zone: event.timeZone,
        mode: event.mode,
        location: event.location,
        registration_url: event.registrationUrl,
        invitation: event.invitation,
      },
    };
  }

  app.get(
    '/api/pcsx/dashboard/applications',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s applications (spec 001 §7), each as a dashboard card with its position, ' +
        'submitted date, status (label in the candidate’s language `hl`, and colour) and status history, most ' +
        'recently updated first. `applications`: in progress (`submitted`, `in_review`, `interview`, `offer`); ' +
        '`inactiveApplications`: over (`hired`, `rejected`, `withdrawn`, and `closed` for one still before an offer ' +
        'whose position closed). Dates in the browser’s time zone (`x-careers-timezone`), else UTC',
      tags,
      querystring: DashboardQuery,
      response: { 200: DashboardApplicationsResponse },
    }),
    async (request) => {
      const views = await applicationViews(context(request));
      return {
        data: {
          applications: views.filter((view) => view.details.active),
          inactiveApplications: views.filter((view) => !view.details.active),
        },
      };
    },
  );

  app.post(
    '/api/pcsx/dashboard/applications/withdraw',
    candidateRoute('write', {
      summary:
        'Withdraws one of the signed-in candidate’s applications in progress (not in the spec; the dashboard’s ' +
        'withdraw action): its status becomes `withdrawn`, recorded in its history; the answer is the application ' +
        'as the dashboard now lists it (among the inactive ones). A withdrawn application stays in the history; ' +
        'the candidate may apply to that position again. 404 naming `application_id` when the candidate has no such ' +
        'application (another candidate’s included); 409 `application_not_active` when it is not in progress ' +
        '(withdrawn already, hired, rejected, or its position closed). `hl` in the address: the language',
      tags,
      querystring: DashboardQuery,
      body: WithdrawApplicationBody,
      response: { 200: WithdrawApplicationResponse, 404: ApiErrorBody, 409: ApiErrorBody },
    }),
    async (request) => {
      const ctx = context(request);
      const { application_id: id } = request.body as WithdrawApplicationBodyType;
      const application = await repository.application(ctx.domain, ctx.candidateId, id);
      const position = application
        ? (await repository.positions(ctx.domain, [application.positionId], ctx.nowIso)).get(application.positionId)
        : undefined;
      if (!application || !position) throw notFound(id, ctx.t);
      try {
        await repository.withdraw(application, ctx.candidateId, position.closed, ctx.now);
      } catch (error) {
        if (!(error instanceof ApplicationNotActiveError)) throw error;
        const current = (await repository.application(ctx.domain, ctx.candidateId, id)) ?? application;
        const message =
          isActiveApplication(current.status, false) && position.closed
            ? ctx.t('dashboard.errors.closed')
            : ctx.t('dashboard.errors.notActive', { status: ctx.t(`dashboard.status.${current.status}`) });
        throw new HttpError(409, APPLICATION_NOT_ACTIVE, message, { field: 'application_id' });
      }
      const withdrawn = await repository.application(ctx.domain, ctx.candidateId, id);
      return { data: { application: applicationView(withdrawn!, position, ctx) } };
    },
  );

  app.get(
    '/api/pcsx/dashboard/applications/export',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s applications as a CSV download (spec 001 §5; the dashboard’s “Download CSV”): ' +
        'one row per application, in progress first, then over, most recently updated first (as the dashboard ' +
        'lists them), with the columns position, position id, location, status, applied on and last updated ' +
        '(headers and statuses in `hl`; dates as YYYY-MM-DD in the time zone `tz`, else UTC). UTF-8 with a byte ' +
        'order mark, CRLF, every cell quoted; a cell starting with =, +, -, @, a tab or a carriage return is ' +
        'prefixed with an apostrophe so that no spreadsheet runs it as a formula. 400 naming `tz` for an unknown ' +
        'time zone',
      tags,
      querystring: DashboardExportQuery,
      produces: ['text/csv'],
      response: { 200: { description: 'The applications, as an attachment', type: 'string' } },
    }),
    async (request, reply) => {
      const ctx = context(request);
      const { tz } = request.query as DashboardExportQueryType;
      if (tz !== undefined && !isTimeZone(tz)) {
        throw badRequest(ctx.t('dashboard.errors.badTimeZone', { zone: tz }), 'tz');
      }
      const zone = tz ?? 'UTC';
      const views = await applicationViews(ctx);
      const ordered = [...views.filter((view) => view.details.active), ...views.filter((view) => !view.details.active)];
      const day = (iso: string) => {
        const value = isoDay(iso, zone);
        if (value === null) {
          request.log.warn(
            { value: iso.slice(0, 64) },
            'dashboard export: a stored date is not a date; its cell is empty',
          );
        }
        return value ?? '';
      };
      const { t } = ctx;
      const rows = [
        [
          t('dashboard.export.position'),
          t('dashboard.export.positionId'),
          t('dashboard.export.location'),
          t('dashboard.export.status'),
          t('dashboard.export.applied'),
          t('dashboard.export.updated'),
        ],
        ...ordered.map(({ card, details }) => [
          details.position.title,
          String(details.position.id),
          details.position.location,
          card.status?.label ?? '',
          day(details.submitted_at),
          day(details.updated_at),
        ]),
      ];
      const fileName = `${t('dashboard.export.fileName')}-${isoDay(ctx.nowIso, zone) ?? ctx.nowIso.slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .headers(EXPORT_HEADERS)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csvDocument(rows));
    },
  );

  app.get(
    '/api/pcsx/dashboard/interviews',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s interviews (spec 001 §7) as dashboard cards: when (in the interview’s time ' +
        'zone, named), where (the address, or the video link), with whom, for which position. `interviews`: ' +
        'upcoming, soonest first; `pastInterviews`: ended or cancelled, latest first',
      tags,
      querystring: DashboardQuery,
      response: { 200: DashboardInterviewsResponse },
    }),
    async (request) => {
      const ctx = context(request);
      const interviews = await repository.interviews(ctx.domain, ctx.candidateId);
      const positions = await repository.positions(
        ctx.domain,
        interviews.map((interview) => interview.positionId),
        ctx.nowIso,
      );
      const views = interviews.flatMap((interview) => {
        const position = positions.get(interview.positionId);
        return position ? [interviewView(interview, position, ctx)] : [];
      });
      return {
        data: {
          interviews: views.filter((view) => view.details.status === 'upcoming'),
          pastInterviews: views.filter((view) => view.details.status !== 'upcoming').reverse(),
        },
      };
    },
  );

  app.get(
    '/api/pcsx/dashboard/events',
    candidateRoute('read', {
      summary:
        'Career events for the signed-in candidate (spec 001 §7): the employer’s events open to every candidate ' +
        'and the candidate’s own invitations, not over yet, soonest first, as dashboard cards (name, when in the ' +
        'event’s time zone, on site or online, the registration link)',
      tags,
      querystring: DashboardQuery,
      response: { 200: DashboardEventsResponse },
    }),
    async (request) => {
      const ctx = context(request);
      const events = await repository.events(ctx.domain, ctx.candidateId, ctx.nowIso);
      return { data: { events: events.map((event) => eventView(event, ctx)) } };
    },
  );

  app.get(
    '/api/pcsx/dashboard/referrals',
    candidateRoute('read', {
      summary:
        'Who referred the signed-in candidate to which position (spec 001 §7), most recent first, as dashboard ' +
        'cards. With the employer’s gate `referralWithCandidateApplicationGate` open, the status follows the ' +
        'candidate’s application to that position; without one it is `not_applied` (with an Apply button) or ' +
        '`closed` when the position closed. With the gate closed (the default) a referral is shown alone: ' +
        '`referred` (with Apply) or `closed`, and no application',
      tags,
      querystring: DashboardQuery,
      response: { 200: DashboardReferralsResponse },
    }),
    async (request) => {
      const ctx = context(request);
      const { t, domain, format } = ctx;
      // `gates.referralWithCandidateApplicationGate` (spec 001 §3): open, each referral is joined with the
      // candidate's application to its position; closed, a referral is shown alone (decision 023).
      const employer = await employers.find(domain);
      const withApplication = employer?.pcsxConfig.gates?.referralWithCandidateApplicationGate === true;
      const [referrals, applications] = await Promise.all([
        repository.referrals(domain, ctx.candidateId),
        withApplication ? repository.applications(domain, ctx.candidateId) : Promise.resolve([]),
      ]);
      const positions = await repository.positions(
        domain,
        referrals.map((referral) => referral.positionId),
        ctx.nowIso,
      );
      const byPosition = new Map(applications.map((application) => [application.positionId, application]));
      const views = referrals.flatMap((referral): DashboardReferral[] => {
        const position = positions.get(referral.positionId);
        if (!position) return [];
        const application = byPosition.get(position.id);
        const positionHref = position.closed ? null : paths.position(position.id, domain);
        const applied = application ? shownStatus(application, position, t) : null;
        const code = applied?.code ?? (position.closed ? 'closed' : withApplication ? 'not_applied' : 'referred');
        const buttons: DashboardCardControl[] = [];
        if (application) buttons.push(link(t('dashboard.buttons.viewApplication'), paths.applications(domain)));
        else if (!position.closed)
          buttons.push(link(t('dashboard.buttons.apply'), paths.apply([position.id], domain), 'primary'));
        const location = placeOf(position, t);
        return [
          {
            card: {
              id: `referral-${referral.id}`,
              title: position.title,
              subtitle: location || null,
              tags: positionTags(position, t),
              href: positionHref,
              icon: 'user-plus',
              status: { code, label: t(`dashboard.status.${code}`), tone: STATUS_TONES[code] ?? 'neutral' },
              texts: [
                { label: t('dashboard.texts.referredBy'), text: referral.referrerName },
                ...format.dated(t('dashboard.texts.referredOn'), referral.createdAt),
              ],
              buttons,
              menu: positionHref
                ? [
                    {
                      label: t('dashboard.buttons.copyLink'),
                      action: { type: 'copy_link', href: positionHref },
                      variant: 'secondary',
                    },
                  ]
                : [],
            },
            details: {
              referral_id: referral.id,
              referrer: { name: referral.referrerName, email: referral.referrerEmail },
              position: {
                id: position.id,
                title: position.title,
                location,
                href: positionHref,
                closed: position.closed,
              },
              referred_at: referral.createdAt,
              status: code,
              application_id: application?.id ?? null,
            },
          },
        ];
      });
      return { data: { referrals: views } };
    },
  );

  app.get(
    '/api/pcsx/dashboard/nudges',
    candidateRoute('read', {
      summary:
        'What the signed-in candidate can do next (spec 001 §7), computed from their records, each pointing to the ' +
        'page where they do it: review and sign an extended offer (not expired), complete an assigned form (open or ' +
        'in progress), finish a draft application (of a position still open), complete the profile (resume, ' +
        'location, skills); in that order (offers by expiry, the soonest first), as dashboard cards',
      tags,
      querystring: DashboardQuery,
      response: { 200: DashboardNudgesResponse },
    }),
    async (request) => {
      const ctx = context(request);
      const { t, domain, format, candidateId } = ctx;
      const [offers, assigned, drafts, gaps, employer] = await Promise.all([
        repository.openOffers(domain, candidateId, ctx.nowIso),
        repository.openForms(domain, candidateId),
        forms.drafts(domain, candidateId),
        repository.profileGaps(candidateId),
        deps.db.selectFrom('employers').select('company_name').where('domain', '=', domain).executeTakeFirst(),
      ]);
      const nudge = (
        id: string,
        kind: DashboardNudge['details']['kind'],
        subject: string,
        href: string,
        card: Pick<DashboardCard, 'title' | 'subtitle' | 'icon' | 'texts'> & { button: string },
      ): DashboardNudge => ({
        card: {
          id: `nudge-${id}`,
          title: card.title,
          subtitle: card.subtitle,
          tags: [],
          href,
          icon: card.icon,
          status: null,
          texts: card.texts,
          buttons: [link(card.button, href, 'primary')],
          menu: [],
        },
        details: { kind, href, subject },
      });
      const nudges: DashboardNudge[] = [];
      // The soonest deadline first (issue 22: an offer expiring tomorrow came last, after offers with weeks left);
      // offers without an expiry after those with one, then newest first as before (the sort is stable).
      const byDeadline = [...offers].sort(
        (a, b) =>
          Number(a.expires_at === null) - Number(b.expires_at === null) ||
          (a.expires_at ?? '').localeCompare(b.expires_at ?? ''),
      );
      for (const offer of byDeadline) {
        nudges.push(
          nudge(`offer-${offer.enc_id}`, 'sign_offer', offer.enc_id, paths.offer(offer.enc_id, domain), {
            title: t('dashboard.nudges.signOffer.title'),
            subtitle: t('dashboard.nudges.signOffer.subtitle', { position: offer.position_name }),
            icon: 'award',
            texts: offer.expires_at ? format.dated(t('dashboard.texts.expires'), offer.expires_at) : [],
            button: t('dashboard.nudges.signOffer.button'),
          }),
        );
      }
      for (const form of assigned) {
        nudges.push(
          nudge(`form-${form.id}`, 'complete_form', String(form.id), assignedFormHref(form.id, form.domain), {
            title: t('dashboard.nudges.completeForm.title', { form: form.title }),
            subtitle:
              form.status === 'in_progress'
                ? t('dashboard.nudges.completeForm.subtitleInProgress')
                : t('dashboard.nudges.completeForm.subtitle', { company: employer?.company_name ?? domain }),
            icon: 'file',
            texts: [],
            button: t('dashboard.nudges.completeForm.button'),
          }),
        );
      }
      const draftPositions = await repository.positions(
        domain,
        drafts.flatMap((draft) => draft.positionIds),
        ctx.nowIso,
      );
      for (const draft of drafts) {
        const open = draft.positionIds.map((id) => draftPositions.get(id)).filter((p) => p !== undefined && !p.closed);
        if (open.length === 0) continue;
        nudges.push(
          nudge(`draft-${draft.id}`, 'finish_draft', String(draft.id), paths.apply(draft.positionIds, domain), {
            title: t('dashboard.nudges.finishDraft.title'),
            subtitle: t('dashboard.nudges.finishDraft.subtitle', {
              position: open.map((position) => position!.title).join(', '),
            }),
            icon: 'edit',
            texts: format.dated(t('dashboard.texts.lastSaved'), draft.updatedAt),
            button: t('dashboard.nudges.finishDraft.button'),
          }),
        );
      }
      // Only what the employer's profile page shows (`profileConfig.own`): a nudge never leads to a missing card.
      const own = (await employers.find(domain))?.pcsxConfig.profileConfig?.own;
      const shownGap = (gap: (typeof gaps)[number]) =>
        gap === 'location'
          ? isProfileFieldShown(own, 'basic_info', 'location')
          : shownProfileSections(own).includes(gap === 'resume' ? 'resumes' : 'skills');
      for (const gap of gaps.filter(shownGap)) {
        nudges.push(
          nudge(`profile-${gap}`, 'complete_profile', gap, paths.profile(domain), {
            title: t(`dashboard.nudges.profile.${gap}.title`),
            subtitle: t(`dashboard.nudges.profile.${gap}.subtitle`),
            icon: 'user',
            texts: [],
            button: t(`dashboard.nudges.profile.${gap}.button`),
          }),
        );
      }
      return { data: { nudges } };
    },
  );
}
