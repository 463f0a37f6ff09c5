import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candidateScope } from '../auth/access';
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
} from '../contract';
import { candidateRoute } from '../http/candidate-route';
import { sessionEmployer } from '../http/request-context';
import { HttpError, notFound, ServerErrorCodes } from '../http/errors';
import type { NotificationOwner, NotificationRepository } from './repository';

export interface NotificationRouteDeps {
  notifications: NotificationRepository;
}

const tags = ['notifications'];

/**
 * The in-app notification calls (docs/product/notifications.md), each scoped to the signed-in candidate and employer.
 */
export function registerNotificationRoutes(app: FastifyInstance, { notifications }: NotificationRouteDeps): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The candidate's scope, once the employer is known to have in-app notifications switched on. */
  function ownerOf(request: FastifyRequest): NotificationOwner {
    const scope = candidateScope(request);
    if (!sessionEmployer(request)?.notificationsEnabled) {
      throw new HttpError(
        403,
        ServerErrorCodes.notificationsDisabled,
        `In-app notifications are not enabled for "${scope.domain}".`,
      );
    }
    return scope;
  }

  routes.get(
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
      const { employer, candidateId } = request.visitor;
      return {
        data: {
          groupId: employer.domain,
          isLoggedIn: candidateId !== null,
          enableCandidateInappNotifications: employer.notificationsEnabled,
          hasActionRequiredNotificationsConfigured: employer.actionRequiredConfigured,
        },
      };
    },
  );

  routes.get(
    '/api/pcsx/notifications',
    candidateRoute('read', {
      summary: 'Notifications of the signed-in candidate, newest first (at most 100)',
      tags,
      querystring: NotificationsQuery,
      response: { 200: NotificationsResponse },
    }),
    async (request) => {
      const { type_filter: type } = request.query;
      return { data: { notifications: await notifications.list(ownerOf(request), { type }) } };
    },
  );

  routes.get(
    '/api/pcsx/notification_badge',
    candidateRoute('read', {
      summary: 'Number of notifications not yet viewed',
      tags,
      querystring: DomainQuery,
      response: { 200: NotificationBadgeResponse },
    }),
    async (request) => ({ data: { count: await notifications.countUnviewed(ownerOf(request)) } }),
  );

  routes.post(
    '/api/pcsx/notifications/mark_all_viewed',
    candidateRoute('write', {
      summary: 'Marks every notification viewed (opening the bell)',
      tags,
      body: DomainBody,
      response: { 200: MarkResponse },
    }),
    async (request) => ({ data: { updated: await notifications.markAllViewed(ownerOf(request), new Date()) } }),
  );

  routes.post(
    '/api/pcsx/notifications/mark_all_clicked',
    candidateRoute('write', {
      summary: 'Marks every notification clicked (and viewed)',
      tags,
      body: DomainBody,
      response: { 200: MarkResponse },
    }),
    async (request) => ({ data: { updated: await notifications.markAllClicked(ownerOf(request), new Date()) } }),
  );

  routes.post(
    '/api/pcsx/notifications/:id/mark_clicked',
    candidateRoute('write', {
      summary: 'Marks one notification clicked (and viewed); idempotent',
      tags,
      params: NotificationIdParams,
      body: DomainBody,
      response: { 200: MarkResponse, 404: ApiErrorBody },
    }),
    async (request) => {
      const { id } = request.params;
      const updated = await notifications.markClicked(ownerOf(request), id, new Date());
      if (updated === null) throw notFound(`Notification ${id} not found.`);
      return { data: { updated } };
    },
  );
}
