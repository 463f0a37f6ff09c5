/**
 * Test support for the shared library and every widget: fake `fetch`/API server, `Response` and `Cache` fakes,
 * a fake XMLHttpRequest, a `matchMedia` mock, rendering with store and i18n, locale-file helpers, and a fake of the
 * forms toolkit's renderer (loaded through Module Federation in the product).
 * Test-only: import it from test files (and apps' `src/test/` helpers) only, never from product code, so that it
 * stays out of every bundle. `@careers/shared`'s index does not export it.
 */
export * from './fakeWeb';
export * from './fakeServer';
export * from './fakeXhr';
export * from './viewport';
export * from './render';
export * from './locales';
export * from './widget';
export * from './fakeFormRenderer';
export * from './pageAnswers';
