/** The offers tests' fake API: the shared fake server (an error answer has no message unless the test gives one). */
export { deferred, fail, installFakeServer, ok } from '@careers/shared/testing';
export type { FakeResponseInit, FakeServer } from '@careers/shared/testing';
