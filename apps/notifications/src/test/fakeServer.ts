/** The notifications tests' fake API and viewport: the shared test support, with this app's error default. */
import { fail as apiFail, type FakeResponseInit } from '../../../../shared/src/testing';

export { deferred, installFakeServer, mockViewport, ok } from '../../../../shared/src/testing';
export type { FakeResponseInit, FakeServer, RecordedCall, RouteHandler } from '../../../../shared/src/testing';

/** An error answer as the API sends it; the message is 'Boom' unless the test gives one. */
export const fail = (status = 500, message = 'Boom'): FakeResponseInit => apiFail(status, message);
