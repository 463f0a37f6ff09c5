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
import { candidateRoute } from '../http/candidate-route';
import { HttpError, notFound, ServerErrorCodes } from '../http/errors';
import type { NotificationOwner, NotificationRepository } from './repository';

export interface NotificationRouteDeps {
  config: Config;
  employers: EmployerRepository;
  notifications: NotificationRepository;
}

const tags = ['notifications'];

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
    candidateRoute('read', {
      summary: 'Notifications of the signed-in candidate, newest first (at most 100)',
      tags,
      querystring: NotificationsQuery,
      response: { 200: NotificationsResponse },
    }),
    async (request) => {
      const { type_filter: type } = request.query as ListQuery;
      return { data: { notifications: await notifications.list(await ownerOf(request), { type }) } };
    },
  );

  app.get(
    '/api/pcsx/notification_badge',
    candidateRoute('read', {
      summary: 'Number of notifications not yet viewed',
      tags,
      querystring: DomainQuery,
      response: { 200: NotificationBadgeResponse },
    }),
    async (request) => ({ data: { count: await notifications.countUnviewed(await ownerOf(request)) } }),
  );

  app.post(
    '/api/pcsx/notifications/mark_all_viewed',
    candidateRoute('write', {
      summary: 'Marks every notification viewed (opening the bell)',
      tags,
      body: DomainBody,
      response: { 200: MarkResponse },
    }),
    async (request) => ({ data: { updated: await notifications.markAllViewed(await ownerOf(request), new Date()) } }),
  );

  app.post(
    '/api/pcsx/notifications/mark_all_clicked',
    candidateRoute('write', {
      summary: 'Marks every notification clicked (and viewed)',
      tags,
      body: DomainBody,
      response: { 200: MarkResponse },
    }),
    async (request) => ({ data: { updated: await notifications.markAllClicked(await ownerOf(request), new Date()) } }),
  );

  app.post(
    '/api/pcsx/notifications/:id/mark_clicked',
    candidateRoute('write', {
      summary: 'Marks one notification clicked (and viewed); idempotent',
      tags,
      params: NotificationIdParams,
      body: DomainBody,
      response: { 200: MarkResponse, 404: ApiErrorBody },
    }),
    async (request) => {
      const { id } = request.params as IdParams;
      const updated = await notifications.markClicked(await ownerOf(request), id, new Date());
      if (updated === null) throw notFound(`Notification ${id} not found.`);
      return { data: { updated } };
    },
  );
}
