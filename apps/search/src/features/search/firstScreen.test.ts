/**
 * The search page's first answer is used: the page server writes the answer of the search its address holds
 * (`PAGE_FIRST_CALLS.jobs`) into the page, and the search widget's first search — the call SearchPage makes from the
 * address as it boots — reads exactly that address; no request leaves.
 */
import { createCareersStore, readSearchAddress, searchCall } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import { baseBootData, DOMAIN, setUpPageAnswerTests, writePageAnswers } from '@careers/shared/testing';
import { apiAddress, PAGE_FIRST_CALLS } from '../../../../../shared/src/contract/first-screen';
import { addressOptions } from './address';
import { searchApi } from './endpoints';

const boot: BootData = baseBootData({
  behaviourFlags: { enableCommaInFilterValues: true },
  pcsxConfig: { searchConfig: { smartFilters: ['department'], allFilters: ['department', 'employment_type'] } },
});

const tests = setUpPageAnswerTests();

it.each([
  ['/careers', ''],
  ['/careers/search', '?query=robotics&location=Boston%2C%20MA&start=10'],
  ['/careers/registered-nurse/new_york', ''],
  ['/careers', '?filter_department=Engineering&filter_department=R%26D&filter_employment_type=Full-time'],
  ['/careers/search', '?query=nurse&sort_by=timestamp&pid=12'],
])('the first search of %s%s is answered from the page', async (pathname, search) => {
  const planned = PAGE_FIRST_CALLS.jobs!({}, { domain: DOMAIN, pathname, search, boot }).map(apiAddress);
  writePageAnswers(planned, { positions: [], count: 0 });
  const options = addressOptions(boot);
  const call = searchCall(readSearchAddress(pathname, search, options, { boot: true }), DOMAIN, options);

  const result = await createCareersStore().dispatch(searchApi.endpoints.searchPositions.initiate(call));

  expect(planned).toHaveLength(1);
  expect(result.isSuccess).toBe(true);
  expect(result.data).toMatchObject({ address: planned[0] });
  expect(tests.server.calls).toEqual([]);
});
