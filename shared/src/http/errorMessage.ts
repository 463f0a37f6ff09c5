import { httpMessages } from './messages';

/** An opening, closing or self-closing tag, a comment or a doctype: text like this is markup, not a message. */
const HTML_PATTERN = /<\/?[a-z][^>]*>|<!--|<!doctype/i;

function usable(candidate: unknown): candidate is string {
  return typeof candidate === 'string' && candidate.trim() !== '' && !HTML_PATTERN.test(candidate);
}

function property(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * Finds a message a person can read, or `undefined` when there is none. Candidates, in order:
 * `body.message`, `body.error.message`, the body itself when it is a string, `error.message`, the error itself
 * when it is a string. Empty strings and strings that contain HTML tags are skipped.
 */
export function findErrorMessage(bodyOrResponseData: unknown, error?: unknown): string | undefined {
  const candidates: unknown[] = [
    property(bodyOrResponseData, 'message'),
    property(property(bodyOrResponseData, 'error'), 'message'),
    bodyOrResponseData,
    property(error, 'message'),
    error,
  ];
  const found = candidates.find(usable);
  return found?.trim();
}

/**
 * The message to show for a failed request: taken from the response body (`message`, then `error.message`,
 * then the body itself if it is a string) or else from the error (`error.message`). A string containing HTML
 * is never used (an error page is not a message). With nothing usable: "There was a problem with the request"
 * (i18n key `http.requestProblem`).
 *
 * @example extractErrorMessage({ statusCode: 400, error: 'Bad Request', message: 'domain is required' })
 * // 'domain is required'
 */
export function extractErrorMessage(bodyOrResponseData: unknown, error?: unknown): string {
  return findErrorMessage(bodyOrResponseData, error) ?? httpMessages['http.requestProblem'];
}
