/**
 * The bell's first answers are used: on every page of a signed-in candidate the page server writes the answers of
 * the bell's start calls (`WIDGET_START_CALLS.notifications`: its boot data and the unread count) into the page, and
 * the bell's calls read exactly those addresses; no request leaves.
 */
import { createCareersStore } from '@careers/shared';
import { baseBootData, DOMAIN, setUpPageAnswerTests, writePageAnswers } from '@careers/shared/testing';
import { apiAddress, WIDGET_START_CALLS } from '../../../../../shared/src/contract/first-screen';
import { notificationsApi } from './endpoints';

const tests = setUpPageAnswerTests();

it('the boot data and the unread count are answered from the page', async () => {
  const boot = baseBootData({
    groupId: DOMAIN,
    notificationsConfig: { enabled: true, hasActionRequiredNotificationsConfigured: true },
  });
  const planned = WIDGET_START_CALLS.notifications!(boot).map(apiAddress);
  writePageAnswers(planned, { count: 3 });
  const store = createCareersStore();
  const [bootData, badge] = await Promise.all([
    store.dispatch(notificationsApi.endpoints.getNotificationBootData.initiate()),
    store.dispatch(notificationsApi.endpoints.getBadge.initiate({ domain: DOMAIN })),
  ]);
  expect(planned).toHaveLength(2);
  expect(bootData.data).toMatchObject({ address: planned[0] });
  expect(badge.data).toBe(3);
  expect(tests.server.calls).toEqual([]);
});
