/** i18next namespace that holds the HTTP layer's texts (under the `http.` key prefix). */
export const HTTP_MESSAGES_NAMESPACE = 'common';

/**
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
  'http.requestProblem': 'There was a problem with the request',
  'http.forbidden': 'User does not have permissions to perform this action',
} as const;

/** An i18n key of one of the HTTP layer's messages. */
export type HttpMessageKey = keyof typeof httpMessages;
