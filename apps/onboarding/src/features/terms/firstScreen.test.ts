/**
 * The terms gate's first answer is used: on every page of a signed-in candidate of an employer with terms of service
 * the page server writes the answer of the gate's start call (`WIDGET_START_CALLS.onboarding`) into the page, and
 * the gate's status call reads exactly that address; no request leaves.
 */
import { createCareersStore } from '@careers/shared';
import { baseBootData, DOMAIN, setUpPageAnswerTests, writePageAnswers } from '@careers/shared/testing';
import { apiAddress, WIDGET_START_CALLS } from '../../../../../shared/src/contract/first-screen';
import { termsApi } from './endpoints';

const tests = setUpPageAnswerTests();

it('the terms status is answered from the page', async () => {
  const boot = baseBootData({ groupId: DOMAIN, pcsxConfig: { termsOfServiceConfig: { enabled: true } } });
  const planned = WIDGET_START_CALLS.onboarding!(boot).map(apiAddress);
  writePageAnswers(planned, { tosAttested: false });
  const result = await createCareersStore().dispatch(termsApi.endpoints.getTermsOfService.initiate({ domain: DOMAIN }));
  expect(planned).toHaveLength(1);
  expect(result.data).toMatchObject({ tosAttested: false });
  expect(tests.server.calls).toEqual([]);
});
