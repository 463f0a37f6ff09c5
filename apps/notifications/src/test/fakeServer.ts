/** The notifications tests' fake API and viewport: the shared test support, with this app's error default. */
import { fail as apiFail, type FakeResponseInit } from '@careers/shared/testing';

export { deferred, installFakeServer, mockViewport, ok } from '@careers/shared/testing';
export type { FakeResponseInit, FakeServer } from '@careers/shared/testing';

/** An error answer as the API sends it; the message is 'Boom' unless the test gives one. */
export const fail = (status = 500, message = 'Boom'): FakeResponseInit => apiFail(status, message);
