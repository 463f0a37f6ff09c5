/** The offers tests' XMLHttpRequest stand-in (uploads with progress): the shared one. */
export { installFakeXhr } from '@careers/shared/testing';
