import { createCareersStore } from '@careers/shared';
import type { Notification } from '@careers/shared/contract';
import { fail, installFakeServer, ok, type FakeServer } from '../../test/fakeServer';
import { notificationsApi } from './endpoints';

const DOMAIN = 'acme.example';
const item = (id: number, isClicked = false): Notification => ({
  id,
  categoryTitle: 'Offer',
  message: `m${id}`,
  createdAt: '2025-01-01T00:00:00Z',
  isClicked,
  isViewed: false,
  redirectUrl: null,
  notificationType: 'read_only',
});

let server: FakeServer;
let store: ReturnType<typeof createCareersStore>;

beforeEach(() => {
  server = installFakeServer();
  store = createCareersStore();
});

const listArgs = { domain: DOMAIN, tab: 'all' as const };
const actionArgs = { domain: DOMAIN, tab: 'action_required' as const };

async function loadLists() {
  server.on('GET', '/api/pcsx/notifications', ({ query }) =>
    ok({ notifications: query.get('type_filter') ? [item(2)] : [item(1), item(2)] }),
  );
  await store.dispatch(notificationsApi.endpoints.getNotifications.initiate(listArgs));
  await store.dispatch(notificationsApi.endpoints.getNotifications.initiate(actionArgs));
}

const listOf = (args: typeof listArgs | typeof actionArgs) =>
  notificationsApi.endpoints.getNotifications.select(args)(apiState()).data;

/** The store's state as the notification endpoints see it (with this widget's own tag types added). */
const apiState = () =>
  store.getState() as unknown as Parameters<ReturnType<typeof notificationsApi.endpoints.getBadge.select>>[0];

describe('notification endpoints', () => {
  it('reads the notifications and the badge from the { data } envelope', async () => {
    server.on('GET', '/api/pcsx/notifications', ok({ notifications: [item(1)] }));
    server.on('GET', '/api/pcsx/notification_badge', ok({ count: 4 }));
    const list = await store.dispatch(notificationsApi.endpoints.getNotifications.initiate(listArgs));
    const badge = await store.dispatch(notificationsApi.endpoints.getBadge.initiate({ domain: DOMAIN }));
    expect(list.data).toEqual([item(1)]);
    expect(badge.data).toBe(4);
    expect(server.calls.map((c) => `${c.path}?${c.query}`)).toEqual([
      '/api/pcsx/notifications?domain=acme.example',
      '/api/pcsx/notification_badge?domain=acme.example',
    ]);
  });

  it('turns list and badge failures into an empty list and 0', async () => {
    server.on('GET', '/api/pcsx/notifications', fail(503));
    server.on('GET', '/api/pcsx/notification_badge', fail(401));
    const list = await store.dispatch(notificationsApi.endpoints.getNotifications.initiate(listArgs));
    const badge = await store.dispatch(notificationsApi.endpoints.getBadge.initiate({ domain: DOMAIN }));
    expect(list.isSuccess && list.data).toEqual([]);
    expect(badge.isSuccess && badge.data).toBe(0);
  });

  it('sends type_filter only for the action-required tab', async () => {
    await loadLists();
    expect(server.calls.map((c) => c.query.get('type_filter'))).toEqual([null, 'action_required']);
  });

  it('markClicked updates every cached list at once and rolls back on failure', async () => {
    await loadLists();
    let release!: () => void;
    server.on(
      'POST',
      '/api/pcsx/notifications/:id/mark_clicked',
      () => new Promise((r) => (release = () => r(fail(500)))),
    );
    const pending = store.dispatch(notificationsApi.endpoints.markClicked.initiate({ id: 2, domain: DOMAIN }));
    await Promise.resolve();
    expect(listOf(listArgs)?.find((n) => n.id === 2)?.isClicked).toBe(true);
    expect(listOf(actionArgs)?.[0]?.isClicked).toBe(true);
    expect(listOf(listArgs)?.find((n) => n.id === 1)?.isClicked).toBe(false);
    release();
    await pending;
    expect(listOf(listArgs)?.find((n) => n.id === 2)?.isClicked).toBe(false);
    expect(listOf(actionArgs)?.[0]?.isClicked).toBe(false);
  });

  it('markAllClicked marks every cached notification and posts the domain', async () => {
    await loadLists();
    server.on('POST', '/api/pcsx/notifications/mark_all_clicked', ok({ updated: 2 }));
    await store.dispatch(notificationsApi.endpoints.markAllClicked.initiate({ domain: DOMAIN }));
    expect(listOf(listArgs)?.every((n) => n.isClicked)).toBe(true);
    expect(listOf(actionArgs)?.every((n) => n.isClicked)).toBe(true);
    expect(server.callsTo('POST', '/api/pcsx/notifications/mark_all_clicked')[0]?.body).toEqual({ domain: DOMAIN });
  });

  it('markAllViewed sets the badge to 0 at once and restores it when the call fails', async () => {
    server.on('GET', '/api/pcsx/notification_badge', ok({ count: 6 }));
    await store.dispatch(notificationsApi.endpoints.getBadge.initiate({ domain: DOMAIN }));
    let release!: () => void;
    server.on(
      'POST',
      '/api/pcsx/notifications/mark_all_viewed',
      () => new Promise((r) => (release = () => r(fail(500)))),
    );
    const pending = store.dispatch(notificationsApi.endpoints.markAllViewed.initiate({ domain: DOMAIN }));
    const badge = () => notificationsApi.endpoints.getBadge.select({ domain: DOMAIN })(apiState()).data;
    expect(badge()).toBe(0);
    release();
    await pending;
    expect(badge()).toBe(6);
  });
});
