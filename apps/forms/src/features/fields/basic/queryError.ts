import { useEffect } from 'react';
import { findErrorMessage, isHttpAlert, notify, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../../forms/namespace';

/**
 * The message a failed query carries of its own (docs/product/forms-toolkit.md#failure-texts), or undefined when it has
 * none:
 * - a failed call of the HTTP layer (`HttpQueryError`, `ApiError`): the server's message; a message of the layer
 *   itself (it has an i18n key: "There was a problem with the request") says nothing about this query;
 * - a string thrown by a caller's loader (`apiCall`, `searchCall`): the caller's own text.
 * Any other error (a `TypeError` of the caller's code) is no text for a candidate. Markup is never used.
 */
export function ownErrorMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return findErrorMessage(error);
  if (typeof error !== 'object' || error === null) return undefined;
  const { kind, status, messageKey, message } = error as Record<string, unknown>;
  const fromHttpLayer = typeof kind === 'string' && typeof status === 'number';
  if (!fromHttpLayer || messageKey !== undefined) return undefined;
  return findErrorMessage(undefined, message);
}

/** Whether someone has been told of this failure already, or nobody needs to be (a cancelled call). */
function alreadyToldOrCancelled(error: object): boolean {
  return isHttpAlert(error) || (error as { kind?: unknown }).kind === 'aborted';
}

/** Failures already announced: the questions sharing one option call share its error object, and say it once. */
const announced = new WeakSet<object>();

/**
 * Announces a failed option query (docs/product/forms-toolkit.md#options): an error notification with the error's own
 * message, else "An error occurred while loading the results". Once per failure, however many questions show its
 * options. The HTTP layer's alerts ("Server error. Please try again.", "Session timed out.") already told the
 * candidate: nothing more is said then. `failure` is the failed call's error object (a new object for each failure).
 */
export function useQueryErrorNotice(failure: object | null | undefined, error: unknown = failure): void {
  const { t } = useTranslation(NAMESPACE);
  useEffect(() => {
    if (!failure || announced.has(failure)) return;
    announced.add(failure);
    if (typeof error === 'object' && error !== null && alreadyToldOrCancelled(error)) return;
    notify.error(ownErrorMessage(error) ?? t('fields.options.loadFailed'));
  }, [failure, error, t]);
}
