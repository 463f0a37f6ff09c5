/**
 * The profile page's first answers are used: the page server writes the answers of the profile and its analysis
 * in the page's language (`PAGE_FIRST_CALLS.profile`) into the page, and the dashboard's calls, with the arguments
 * the profile page passes, read exactly those addresses; no request leaves.
 */
import { createCareersStore } from '@careers/shared';
import { baseBootData, DOMAIN, setUpPageAnswerTests, writePageAnswers } from '@careers/shared/testing';
import { apiAddress, PAGE_FIRST_CALLS } from '../../../../../shared/src/contract/first-screen';
import { profileApi } from './endpoints';

const tests = setUpPageAnswerTests();

it.each(['en', 'fr-CA'])('the profile and its analysis (%s) are answered from the page', async (language) => {
  const boot = baseBootData({ language });
  const planned = PAGE_FIRST_CALLS.profile!({}, { domain: DOMAIN, pathname: '/careers/profile', search: '', boot });
  writePageAnswers(planned.map(apiAddress));
  const store = createCareersStore();
  const results = await Promise.all([
    store.dispatch(profileApi.endpoints.profileDetails.initiate({ domain: DOMAIN })),
    // The page's language, as the profile page passes it (i18n follows the boot data's language).
    store.dispatch(profileApi.endpoints.profileAnalysis.initiate({ domain: DOMAIN, hl: language })),
  ]);
  expect(planned).toHaveLength(2);
  expect(results.map((result) => result.data)).toEqual(planned.map((call) => ({ address: apiAddress(call) })));
  expect(tests.server.calls).toEqual([]);
});
