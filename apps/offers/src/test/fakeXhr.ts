/** The offers tests' XMLHttpRequest stand-in (uploads with progress): the shared one. */
export { FakeXhr, installFakeXhr, type InstalledFakeXhr } from '../../../../shared/src/testing';
