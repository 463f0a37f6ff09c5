/** The onboarding tests' fake API: the shared fake server, with this app's error default. */
import { fail as apiFail, type ApiErrorFields, type FakeResponseInit } from '@careers/shared/testing';

export { deferred, installFakeServer, ok } from '@careers/shared/testing';
export type { FakeResponseInit, FakeServer } from '@careers/shared/testing';

/** An error answer as the API sends it (with `code`/`field` when given); the message is 'Boom' unless given. */
export const fail = (status = 500, message = 'Boom', fields: ApiErrorFields = {}): FakeResponseInit =>
  apiFail(status, message, fields);
