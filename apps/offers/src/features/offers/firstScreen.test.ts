/**
 * The offers pages' first answers are used: the page server writes the answers of the calls it plans for the page
 * (`PAGE_FIRST_CALLS`: the list, or one offer) into the page, and the offers widget's calls, with the arguments its
 * pages pass, read exactly those addresses; no request leaves.
 */
import { createCareersStore } from '@careers/shared';
import { baseBootData, DOMAIN, setUpPageAnswerTests, writePageAnswers } from '@careers/shared/testing';
import { apiAddress, PAGE_FIRST_CALLS } from '../../../../../shared/src/contract/first-screen';
import { offersApi } from './endpoints';

const boot = baseBootData();
const context = (pathname: string) => ({ domain: DOMAIN, pathname, search: '', boot });

const tests = setUpPageAnswerTests();

it('the offers list is answered from the page', async () => {
  const planned = PAGE_FIRST_CALLS.offers!({}, context('/careers/offers')).map(apiAddress);
  writePageAnswers(planned, { offers: [] });
  const result = await createCareersStore().dispatch(offersApi.endpoints.getOffers.initiate({ domain: DOMAIN }));
  expect(planned).toHaveLength(1);
  expect(result.isSuccess).toBe(true);
  expect(tests.server.calls).toEqual([]);
});

it.each([
  ['offer', '/careers/offer/AbC_12-x'],
  ['offerLetter', '/careers/offer-letter/AbC_12-x'],
] as const)('the %s page’s offer is answered from the page', async (page, pathname) => {
  const planned = PAGE_FIRST_CALLS[page]!({ id: 'AbC_12-x' }, context(pathname)).map(apiAddress);
  writePageAnswers(planned, { offer: { enc_id: 'AbC_12-x' } });
  const result = await createCareersStore().dispatch(
    offersApi.endpoints.getOffer.initiate({ encId: 'AbC_12-x', domain: DOMAIN }),
  );
  expect(planned).toHaveLength(1);
  expect(result.data).toEqual({ enc_id: 'AbC_12-x' });
  expect(tests.server.calls).toEqual([]);
});
