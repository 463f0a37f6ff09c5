/**
 * The position page's first answers are used: the page server writes each first-screen call's answer into the page
 * under the address it plans (`PAGE_FIRST_CALLS`, as server/src/web/page-plan.ts does), and the search widget's
 * calls, made with the arguments its position page passes, read exactly those addresses — no request leaves.
 */
import { createCareersStore } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import { baseBootData, DOMAIN, setUpPageAnswerTests, writePageAnswers } from '@careers/shared/testing';
import { apiAddress, PAGE_FIRST_CALLS } from '../../../../../shared/src/contract/first-screen';
import { positionApi } from './endpoints';

const ID = 42;

/** The addresses the page server plans for /careers/job/{ID}, for this visitor. */
function plannedAddresses(boot: BootData): string[] {
  const calls = PAGE_FIRST_CALLS.singlePosition!(
    { pid: String(ID) },
    { domain: DOMAIN, pathname: `/careers/job/${ID}`, search: '', boot },
  );
  return calls.map(apiAddress);
}

const tests = setUpPageAnswerTests();

describe.each([
  ['a visitor', baseBootData({ isLoggedIn: false, user: null, language: 'fr-CA' })],
  ['a signed-in candidate', baseBootData({ isLoggedIn: true, language: 'en' })],
])("the position page's first calls for %s", (_who, boot) => {
  it('are answered from the page, each at the address the page server wrote', async () => {
    const addresses = plannedAddresses(boot);
    writePageAnswers(addresses, { insights: [], overrides: {} });
    const store = createCareersStore();
    // The arguments PositionDetails passes on /careers/job/{id}: the page's language, no searched location.
    const hl = boot.language;
    const args = { positionId: ID, domain: DOMAIN, hl };
    const { positionDetails, positionOverrides, positionInsights, matchDetails } = positionApi.endpoints;
    const requests = [
      store.dispatch(positionDetails.initiate({ ...args, queriedLocation: undefined })),
      store.dispatch(positionOverrides.initiate({ positionId: ID, domain: DOMAIN })),
      store.dispatch(positionInsights.initiate(args)),
      ...(boot.isLoggedIn ? [store.dispatch(matchDetails.initiate(args))] : []),
    ];
    const results = await Promise.all(requests);

    expect(results).toHaveLength(addresses.length);
    expect(results.every((result) => result.isSuccess)).toBe(true);
    expect(tests.server.calls).toEqual([]);
    expect(results[0]!.data).toMatchObject({ data: { address: addresses[0] } });
    requests.forEach((request) => request.unsubscribe());
  });
});
