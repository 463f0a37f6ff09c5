import fs from 'node:fs';
import path from 'node:path';
import { PAGE_FIRST_CALLS, WIDGET_START_CALLS } from './first-screen';

/**
 * Each first-screen call has a test in its widget proving the widget reads the answer the page server writes for it
 * (the same address): a page or a start call added here needs its own there.
 */
const WIDGET_TESTS = {
  offers: 'apps/offers/src/features/offers/firstScreen.test.ts',
  offer: 'apps/offers/src/features/offers/firstScreen.test.ts',
  offerLetter: 'apps/offers/src/features/offers/firstScreen.test.ts',
  jobs: 'apps/search/src/features/search/firstScreen.test.ts',
  singlePosition: 'apps/search/src/features/position/firstScreen.test.ts',
  profile: 'apps/dashboard/src/features/profile/firstScreen.test.ts',
  notifications: 'apps/notifications/src/features/notifications/firstScreen.test.ts',
  onboarding: 'apps/onboarding/src/features/terms/firstScreen.test.ts',
};

it('every first-screen call is proved to be read by its widget', () => {
  const planned = [...Object.keys(PAGE_FIRST_CALLS), ...Object.keys(WIDGET_START_CALLS)].sort();
  expect(planned).toEqual(Object.keys(WIDGET_TESTS).sort());
  const root = path.resolve(__dirname, '../../..');
  for (const file of new Set(Object.values(WIDGET_TESTS)))
    expect([file, fs.existsSync(path.join(root, file))]).toEqual([file, true]);
});
