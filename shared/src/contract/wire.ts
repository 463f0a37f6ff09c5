/**
 * Wire constants shared by the reference server and the browser HTTP layer. Kept apart from the schemas in
 * `index.ts` (which re-exports them) so browser code can import these values without pulling in TypeBox.
 */

/** Error codes the server sends in `ApiErrorBody.code`; the client maps some to product copy. */
export const ErrorCodes = {
  invalidCsrf: 'invalid_csrf',
  loginRequired: 'login_required',
  forbiddenDomain: 'forbidden_domain',
  notFound: 'not_found',
  validation: 'validation',
  rateLimited: 'rate_limited',
  conflict: 'conflict',
} as const;

/** Request and response header names shared by the server and the HTTP layer. */
export const Headers = {
  csrf: 'x-csrf-token',
  login: 'x-login',
  user: 'x-careers-user',
  group: 'x-careers-group',
  timezone: 'x-careers-timezone',
  debug: 'x-careers-debug',
} as const;
