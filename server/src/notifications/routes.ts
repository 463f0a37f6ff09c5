import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateScope } from '../auth/access';
import type { Config } from '../config';
import {
  ApiErrorBody,
  DomainBody,
  DomainQuery,
  MarkResponse,
  NotificationBadgeResponse,
  NotificationBootDataResponse,
  NotificationIdParams,
  NotificationsBootDataQuery,
  NotificationsQuery,
  NotificationsResponse,
  type NotificationIdParams as IdParams,
  type NotificationsBootDataQuery as BootDataQuery,
  type NotificationsQuery as ListQuery,
} from '../contract';
import type { EmployerRepository } from '../employers/repository';
import { resolveEmployer } from '../employers/resolve';
import { HttpError, notFound, ServerErrorCodes } from '../http/errors';
import type { NotificationOwner, NotificationRepository } from './repository';

export interface NotificationRouteDeps {
  config: Config;
  employers: EmployerRepository;
  notifications: NotificationRepository;
}

const protectedErrors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody };
const tags = ['notifications'];
/** OpenAPI: reads need the session cookie; writes also the CSRF header. */
const readSecurity = [{ session: [] }];
const writeSecurity = [{ session: [], csrf: [] }];

/** The in-app notification calls (spec 000 section 7), each scoped to the signed-in candidate and employer. */
export function registerNotificationRoutes(app: FastifyInstance, deps: NotificationRouteDeps): void {
  const { config, employers, notifications } = deps;

  /** The candidate's scope, once the employer is known to have in-app notifications switched on. */
  async function ownerOf(request: FastifyRequest): Promise<NotificationOwner> {
    const scope = candidateScope(request);
    const employer = await employers.find(scope.domain);
    if (!employer?.notificationsEnabled) {
      throw new HttpError(
        403,
        ServerErrorCodes.notificationsDisabled,
        `In-app notifications are not enabled for "${scope.domain}".`,
      );
    }
    return scope;
  }

  app.get(
    '/api/pcsx/notifications_boot_data',
    {
      schema: {
        summary: 'Notification boot data; answers for signed-out visitors too',
        tags,
        querystring: NotificationsBootDataQuery,
        response: { 200: NotificationBootDataResponse, 400: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { kind: 'api' },
    },
    async (request) => {
      const { domain } = request.query as BootDataQuery;
      const session = request.session;
      const employer = await resolveEmployer(employers, domain, session?.domain, config.defaultDomain);
      return {
        data: {
          groupId: employer.domain,
          isLoggedIn: session?.candidateId != null && session.domain === employer.domain,
          enableCandidateInappNotifications: employer.notificationsEnabled,
          hasActionRequiredNotificationsConfigured: employer.actionRequiredConfigured,
        },
      };
    },
  );

  app.get(
    '/api/pcsx/notifications',
    {
      schema: {
        summary: 'Notifications of the signed-in candidate, newest first (at most 100)',
        tags,
        security: readSecurity,
        querystring: NotificationsQuery,
        response: { 200: NotificationsResponse, ...protectedErrors },
      },
      config: { kind: 'api', auth: 'candidate' },
    },
    async (request) => {
      const { type_filter: type } = request.query as ListQuery;
      return { data: { notifications: await notifications.list(await ownerOf(request), { type }) } };
    },
  );

  app.get(
    '/api/pcsx/notification_badge',
    {
      schema: {
        summary: 'Number of notifications not yet viewed',
        tags,
        security: readSecurity,
        querystring: DomainQuery,
        response: { 200: NotificationBadgeResponse, ...protectedErrors },
      },
      config: { kind: 'api', auth: 'candidate' },
    },
    async (request) => ({ data: { count: await notifications.countUnviewed(await ownerOf(request)) } }),
  );

  app.post(
    '/api/pcsx/notifications/mark_all_viewed',
    {
      schema: {
        summary: 'Marks every notification viewed (opening the bell)',
        tags,
        security: writeSecurity,
        body: DomainBody,
        response: { 200: MarkResponse, ...protectedErrors },
      },
      config: { kind: 'api', auth: 'candidate' },
    },
    async (request) => ({ data: { updated: await notifications.markAllViewed(await ownerOf(request), new Date()) } }),
  );

  app.post(
    '/api/pcsx/notifications/mark_all_clicked',
    {
      schema: {
        summary: 'Marks every notification clicked (and viewed)',
        tags,
        security: writeSecurity,
        body: DomainBody,
        response: { 200: MarkResponse, ...protectedErrors },
      },
      config: { kind: 'api', auth: 'candidate' },
    },
    async (request) => ({ data: { updated: await notifications.markAllClicked(await ownerOf(request), new Date()) } }),
  );

  app.post(
    '/api/pcsx/notifications/:id/mark_clicked',
    {
      schema: {
        summary: 'Marks one notification clicked (and viewed); idempotent',
        tags,
        security: writeSecurity,
        params: NotificationIdParams,
        body: DomainBody,
        response: { 200: MarkResponse, ...protectedErrors, 404: ApiErrorBody },
      },
      config: { kind: 'api', auth: 'candidate' },
    },
    async (request) => {
      const { id } = request.params as IdParams;
      const updated = await notifications.markClicked(await ownerOf(request), id, new Date());
      if (updated === null) throw notFound(`Notification ${id} not found.`);
      return { data: { updated } };
    },
  );
}
