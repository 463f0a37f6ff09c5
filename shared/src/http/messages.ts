/** i18next namespace that holds the HTTP layer's texts (under the `http.` key prefix). */
export const HTTP_MESSAGES_NAMESPACE = 'common';

/**
 * Which failure gets which text (docs/product/errors-and-limits.md#request-texts; docs/decisions/022):
 * - `http.apiError`: the API answered with an error status and no message of its own;
 * - `http.responseError`: an answer came but broke off before its body was read;
 * - `http.unexpected`: a successful answer that is not JSON;
 * - `http.fetchFailed`: a GET that got no answer at all, logged;
 * - `http.requestProblem`: a call that changes data (POST...) and got no answer, and `extractErrorMessage`'s last
 *   resort (docs/product/forms-toolkit.md#failure-texts).
 *
 * English source texts of every message the HTTP layer produces, keyed by their i18n key in the `common`
 * namespace. Errors and notices carry both the key (translate it at display time) and this English text
 * (the fallback, and what logs show).
 */
export const httpMessages = {
  'http.sessionTimedOut': 'Session timed out.',
  'http.invalidCsrf': 'Invalid CSRF.',
  'http.rateLimited': 'Please try again in a few minutes',
  'http.serverError': 'Server error. Please try again.',
  'http.unexpected': 'Unexpected error occurred.',
  'http.apiError': 'Error in api response',
  'http.responseError': 'Error with response',
  'http.fetchFailed': 'Failed to fetch data',
  'http.requestProblem': 'There was a problem with the request',
  'http.forbidden': 'User does not have permissions to perform this action',
} as const;

/** An i18n key of one of the HTTP layer's messages. */
export type HttpMessageKey = keyof typeof httpMessages;
