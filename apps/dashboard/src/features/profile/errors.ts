import { isHttpAlert, notify } from '@careers/shared';
import type { HttpQueryError } from '@careers/shared';
import { sectionQuestionOf, type FormSectionName, type Translate } from './forms';

/** How long the 422 toast stays (docs/product/profile-and-resume.md#editing: 3 s). */
const INVALID_TOAST_MS = 3000;

/** The HTTP status of a failed call (what `.unwrap()` rejects with), or null when it is not an HTTP error. */
export function errorStatus(error: unknown): number | null {
  const status = (error as Partial<HttpQueryError> | null | undefined)?.status;
  return typeof status === 'number' ? status : null;
}

/** The request field a failed call names (`ApiErrorBody.field`), if any. */
export function errorField(error: unknown): string | undefined {
  const field = (error as Partial<HttpQueryError> | null | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
}

/** Whether the call was cancelled (the page left): nothing to tell. */
export const isAborted = (error: unknown): boolean =>
  (error as Partial<HttpQueryError> | null | undefined)?.kind === 'aborted';

/**
 * The toast of a failed profile edit (docs/product/profile-and-resume.md#editing): "Invalid request received. Please
 * try again" for 3 s on a 422, "Something went wrong. Please try again" for any other failure, except one the HTTP
 * layer has already announced with its own alert ("Session timed out.", "Invalid CSRF.", "Please try again in a few
 * minutes"): one failure, one message.
 */
export function notifyEditFailure(error: unknown, t: Translate): void {
  if (isAborted(error) || isHttpAlert(error)) return;
  if (errorStatus(error) === 422) notify.error(t('profile.toasts.invalid'), { autoClose: INVALID_TOAST_MS });
  else notify.error(t('profile.toasts.failed'));
}

/**
 * The server's message of a 422 on the question its `field` names, for the form to show on that question (until
 * changed), or undefined when it names none. The message starts with the field's path (`op_data.value.phone: enter
 * a valid phone number.`): the question's label takes its place ("Phone: enter a valid phone number.").
 */
export function editFieldErrors(
  error: unknown,
  section: FormSectionName,
  t: Translate,
): Record<string, string> | undefined {
  if (errorStatus(error) !== 422) return undefined;
  const { field, message } = error as Partial<HttpQueryError>;
  const question = sectionQuestionOf(section, field);
  if (!question || !field || !message) return undefined;
  const text = message.startsWith(field) ? `${t(`profile.fields.${question}`)}${message.slice(field.length)}` : message;
  return { [question]: text };
}
