import { api, notificationBadgeCall, notificationsBootDataCall } from '@careers/shared';
import type {
  MarkResponse,
  Notification,
  NotificationBadgeResponse,
  NotificationBootData,
  NotificationBootDataResponse,
  NotificationsResponse,
} from '@careers/shared/contract';
import type { NotificationTab } from './constants';

export interface DomainArgs {
  domain: string;
}

export interface NotificationsArgs extends DomainArgs {
  tab: NotificationTab;
}

export interface MarkClickedArgs extends DomainArgs {
  id: number;
}

/**
 * Notification calls (docs/product/notifications.md#panel, docs/product/notifications.md#badge). List and badge
 * failures are silent and read as an empty list and 0; clicks are optimistic and rolled back when the call fails
 * (docs/product/notifications.md#clicking-a-notification).
 */
export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['NotificationBoot'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotificationBootData: build.query<NotificationBootData, void>({
      query: () => ({ ...notificationsBootDataCall(), silent: true }),
      transformResponse: (response: NotificationBootDataResponse) => response.data,
      providesTags: ['NotificationBoot'],
    }),

    getNotifications: build.query<Notification[], NotificationsArgs>({
      async queryFn({ domain, tab }, _api, _extra, baseQuery) {
        const params: Record<string, string> = { domain };
        if (tab === 'action_required') params.type_filter = 'action_required';
        const result = await baseQuery({ url: '/api/pcsx/notifications', params, silent: true });
        if (result.error) return { data: [] };
        const notifications = (result.data as NotificationsResponse | undefined)?.data?.notifications;
        return { data: Array.isArray(notifications) ? notifications : [] };
      },
      providesTags: (_result, _error, { tab }) => [{ type: 'Notifications', id: tab }, 'Notifications'],
    }),

    getBadge: build.query<number, DomainArgs>({
      async queryFn({ domain }, _api, _extra, baseQuery) {
        const result = await baseQuery({ ...notificationBadgeCall(domain), silent: true });
        if (result.error) return { data: 0 };
        const count = (result.data as NotificationBadgeResponse | undefined)?.data?.count;
        return { data: typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0 };
      },
      providesTags: ['NotificationBadge'],
    }),

    markAllViewed: build.mutation<number, DomainArgs>({
      query: ({ domain }) => ({
        url: '/api/pcsx/notifications/mark_all_viewed',
        method: 'POST',
        body: { domain },
        silent: true,
      }),
      transformResponse: (response: MarkResponse) => response.data.updated,
      async onQueryStarted({ domain }, { dispatch, queryFulfilled }) {
        const patch = dispatch(notificationsApi.util.updateQueryData('getBadge', { domain }, () => 0));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),

    markClicked: build.mutation<number, MarkClickedArgs>({
      query: ({ id, domain }) => ({
        url: `/api/pcsx/notifications/${encodeURIComponent(String(id))}/mark_clicked`,
        method: 'POST',
        body: { domain },
      }),
      transformResponse: (response: MarkResponse) => response.data.updated,
      async onQueryStarted({ id, domain }, { dispatch, getState, queryFulfilled }) {
        const patches = notificationsApi.util
          .selectCachedArgsForQuery(getState(), 'getNotifications')
          .filter((args) => args.domain === domain)
          .map((args) =>
            dispatch(
              notificationsApi.util.updateQueryData('getNotifications', args, (list) => {
                for (const item of list) if (item.id === id) item.isClicked = true;
              }),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),

    markAllClicked: build.mutation<number, DomainArgs>({
      query: ({ domain }) => ({
        url: '/api/pcsx/notifications/mark_all_clicked',
        method: 'POST',
        body: { domain },
      }),
      transformResponse: (response: MarkResponse) => response.data.updated,
      async onQueryStarted({ domain }, { dispatch, getState, queryFulfilled }) {
        const patches = notificationsApi.util
          .selectCachedArgsForQuery(getState(), 'getNotifications')
          .filter((args) => args.domain === domain)
          .map((args) =>
            dispatch(
              notificationsApi.util.updateQueryData('getNotifications', args, (list) => {
                for (const item of list) item.isClicked = true;
              }),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetNotificationBootDataQuery,
  useGetNotificationsQuery,
  useGetBadgeQuery,
  useMarkAllViewedMutation,
  useMarkClickedMutation,
} = notificationsApi;
