/** The offers tests' fake API: the shared fake server (an error answer has no message unless the test gives one). */
export { deferred, fail, installFakeServer, ok } from '../../../../shared/src/testing';
export type { FakeResponseInit, FakeServer, RecordedCall, RouteHandler } from '../../../../shared/src/testing';
