import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  WithdrawApplicationBody,
  WithdrawApplicationResponse,
} from '../contract';
import { contentDisposition } from '../http/file-names';
import { candidateRoute } from '../http/candidate-route';
import { HttpError, ServerErrorCodes } from '../http/errors';
import { isTimeZone, viewerTimeZone } from '../http/time-zone';
import { sessionEmployer } from '../http/request-context';
import type { ServerDeps } from '../http/server-deps';
import { translator } from '../i18n';
import { applicationCard, applicationCards } from './cards/applications';
import type { CardContext } from './cards/context';
import { eventCard } from './cards/events';
import { interviewCards } from './cards/interviews';
import { nudgeCards } from './cards/nudges';
import { referralCards } from './cards/referrals';
import { cardDates } from './dates';
import { applicationsCsv, applicationsCsvName } from './export';

const csvDisposition = ({ name, ascii }: { name: string; ascii: string }) =>
  contentDisposition('attachment', name, 'csv', ascii);
import { ApplicationNotActiveError, createDashboardRepository } from './repository';
import { isActiveApplication } from './status';

const tags = ['dashboard'];

/** Error code of a withdrawal of an application that is not in progress. */
const APPLICATION_NOT_ACTIVE = 'application_not_active';

/** Options of a call that reads cards: the signed-in candidate's, with `hl` and `domain` in the query. */
const cardsCall = <R extends TSchema>(summary: string, response: R) =>
  candidateRoute('read', { summary, tags, querystring: DashboardQuery, response: { 200: response } });

/** The exported files are the candidate's own: never kept by caches, never sniffed or rendered on our origin. */
const EXPORT_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The dashboard's calls (docs/product/dashboard.md): the signed-in candidate's applications (from the apply
 * journey, with their status history), interviews, career events, referrals and nudges, each as generic cards in the
 * request's language (`request.language`), and withdrawing an application (not in the spec). The handlers read the
 * records (./repository) and hand them to the card builders (./cards); neither knows about the other's work.
 */
export function registerDashboardRoutes(app: FastifyInstance, deps: Pick<ServerDeps, 'db' | 'forms'>): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  // The dashboard's own reads; the drafts are the apply journey's (`deps.forms`, shared with its routes).
  const repository = createDashboardRepository(deps.db);
  const { forms } = deps;

  /** What every call works with: the candidate, now, and the cards' context in the request's language. */
  function context(request: FastifyRequest) {
    const { candidateId, domain } = candidateScope(request);
    const t = translator(request.language);
    const now = new Date();
    const cards: CardContext = {
      t,
      dates: cardDates(request.language, viewerTimeZone(request), (value) =>
        request.log.warn({ value: value.slice(0, 64) }, 'dashboard: a stored date is not a date; its line is left out'),
      ),
      domain,
      now,
    };
    return { candidateId, domain, t, now, nowIso: now.toISOString(), cards };
  }
  type Context = ReturnType<typeof context>;

  /** The employer's positions among `ids`, closed or not at this call's now (a deleted one is missing). */
  const positionsOf = (ctx: Context, ids: readonly number[]) => repository.positions(ctx.domain, ids, ctx.nowIso);

  /** The candidate's applications, most recently updated first, with their positions. */
  async function applications(ctx: Context) {
    const stored = await repository.applications(ctx.domain, ctx.candidateId);
    const positions = await positionsOf(
      ctx,
      stored.map((application) => application.positionId),
    );
    return { stored, positions };
  }

  routes.get(
    '/api/pcsx/dashboard/applications',
    cardsCall(
      'The signed-in candidate’s applications (docs/product/dashboard.md#applications-tab), each as a dashboard card with its position, ' +
        'submitted date, status (label in the candidate’s language `hl`, and colour) and status history, most ' +
        'recently updated first. `applications`: in progress (`submitted`, `in_review`, `interview`, `offer`); ' +
        '`inactiveApplications`: over (`hired`, `rejected`, `withdrawn`, and `closed` for one still before an offer ' +
        'whose position closed). Dates in the browser’s time zone (`x-careers-timezone`), else UTC',
      DashboardApplicationsResponse,
    ),
    async (request) => {
      const ctx = context(request);
      const { stored, positions } = await applications(ctx);
      const cards = applicationCards(stored, positions, ctx.cards);
      return {
        data: {
          applications: cards.filter((card) => card.details.active),
          inactiveApplications: cards.filter((card) => !card.details.active),
        },
      };
    },
  );

  routes.post(
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
      const { domain, candidateId, t } = ctx;
      const { application_id: id } = request.body;
      const application = await repository.application(domain, candidateId, id);
      const position = application
        ? (await positionsOf(ctx, [application.positionId])).get(application.positionId)
        : undefined;
      if (!application || !position) {
        throw new HttpError(404, ServerErrorCodes.notFound, t('dashboard.errors.notFound', { id }), {
          field: 'application_id',
          localized: true,
        });
      }
      try {
        await repository.withdraw(application, candidateId, position.closed, ctx.now);
      } catch (error) {
        if (!(error instanceof ApplicationNotActiveError)) throw error;
        const current = (await repository.application(domain, candidateId, id)) ?? application;
        const message =
          isActiveApplication(current.status, false) && position.closed
            ? t('dashboard.errors.closed')
            : t('dashboard.errors.notActive', { status: t(`dashboard.status.${current.status}`) });
        throw new HttpError(409, APPLICATION_NOT_ACTIVE, message, { field: 'application_id', localized: true });
      }
      const withdrawn = await repository.application(domain, candidateId, id);
      return { data: { application: applicationCard(withdrawn!, position, ctx.cards) } };
    },
  );

  routes.get(
    '/api/pcsx/dashboard/applications/export',
    candidateRoute('read', {
      summary:
        'The signed-in candidate’s applications as a CSV download (docs/product/dashboard.md#applications-csv; the dashboard’s “Download CSV”): ' +
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
      const { tz } = request.query;
      if (tz !== undefined && !isTimeZone(tz)) {
        throw new HttpError(400, ServerErrorCodes.validation, ctx.t('dashboard.errors.badTimeZone', { zone: tz }), {
          field: 'tz',
          localized: true,
        });
      }
      const zone = tz ?? 'UTC';
      const { stored, positions } = await applications(ctx);
      const csv = applicationsCsv(applicationCards(stored, positions, ctx.cards), zone, ctx.t, (value) =>
        request.log.warn(
          { value: value.slice(0, 64) },
          'dashboard export: a stored date is not a date; its cell is empty',
        ),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .headers(EXPORT_HEADERS)
        .header('content-disposition', csvDisposition(applicationsCsvName(ctx.now, zone, ctx.t)))
        .send(csv);
    },
  );

  routes.get(
    '/api/pcsx/dashboard/interviews',
    cardsCall(
      'The signed-in candidate’s interviews (docs/product/dashboard.md#interviews-tab) as dashboard cards: when (in the interview’s time ' +
        'zone, named), where (the address, or the video link), with whom, for which position. `interviews`: ' +
        'upcoming, soonest first; `pastInterviews`: ended or cancelled, latest first',
      DashboardInterviewsResponse,
    ),
    async (request) => {
      const ctx = context(request);
      const interviews = await repository.interviews(ctx.domain, ctx.candidateId);
      const positions = await positionsOf(
        ctx,
        interviews.map((interview) => interview.positionId),
      );
      return { data: interviewCards(interviews, positions, ctx.cards) };
    },
  );

  routes.get(
    '/api/pcsx/dashboard/events',
    cardsCall(
      'Career events for the signed-in candidate (docs/product/dashboard.md#events-tab): the employer’s events open to every candidate ' +
        'and the candidate’s own invitations, not over yet, soonest first, as dashboard cards (name, when in the ' +
        'event’s time zone, on site or online, the registration link)',
      DashboardEventsResponse,
    ),
    async (request) => {
      const ctx = context(request);
      const events = await repository.events(ctx.domain, ctx.candidateId, ctx.nowIso);
      return { data: { events: events.map((event) => eventCard(event, ctx.cards)) } };
    },
  );

  routes.get(
    '/api/pcsx/dashboard/referrals',
    cardsCall(
      'Who referred the signed-in candidate to which position (docs/product/dashboard.md#referrals-tab), most recent first, as dashboard ' +
        'cards. With the employer’s gate `referralWithCandidateApplicationGate` open, the status follows the ' +
        'candidate’s application to that position; without one it is `not_applied` (with an Apply button) or ' +
        '`closed` when the position closed. With the gate closed (the default) a referral is shown alone: ' +
        '`referred` (with Apply) or `closed`, and no application',
      DashboardReferralsResponse,
    ),
    async (request) => {
      const ctx = context(request);
      const { domain, candidateId } = ctx;
      // `gates.referralWithCandidateApplicationGate` (docs/product/dashboard.md#referrals-tab): open, each referral
      // is joined with the candidate's application to its position; closed, a referral is shown alone.
      const withApplication = sessionEmployer(request)?.pcsxConfig.gates?.referralWithCandidateApplicationGate === true;
      const [referrals, applied] = await Promise.all([
        repository.referrals(domain, candidateId),
        withApplication ? repository.applications(domain, candidateId) : Promise.resolve([]),
      ]);
      const positions = await positionsOf(
        ctx,
        referrals.map((referral) => referral.positionId),
      );
      return { data: { referrals: referralCards(referrals, positions, applied, withApplication, ctx.cards) } };
    },
  );

  routes.get(
    '/api/pcsx/dashboard/nudges',
    cardsCall(
      'What the signed-in candidate can do next (docs/product/dashboard.md#nudges), computed from their records, each pointing to the ' +
        'page where they do it: review and sign an extended offer (not expired), complete an assigned form (open or ' +
        'in progress), finish a draft application (of a position still open), complete the profile (resume, ' +
        'location, skills); in that order (offers by expiry, the soonest first), as dashboard cards',
      DashboardNudgesResponse,
    ),
    async (request) => {
      const ctx = context(request);
      const { domain, candidateId } = ctx;
      const employer = sessionEmployer(request);
      const [offers, assigned, drafts, gaps] = await Promise.all([
        repository.openOffers(domain, candidateId, ctx.nowIso),
        repository.openForms(domain, candidateId),
        forms.drafts(domain, candidateId),
        repository.profileGaps(candidateId),
      ]);
      const draftPositions = await positionsOf(
        ctx,
        drafts.flatMap((draft) => draft.positionIds),
      );
      const nudges = nudgeCards(
        {
          offers,
          forms: assigned,
          drafts,
          draftPositions,
          gaps,
          own: employer?.pcsxConfig.profileConfig?.own,
          company: employer?.companyName ?? domain,
        },
        ctx.cards,
      );
      return { data: { nudges } };
    },
  );
}
