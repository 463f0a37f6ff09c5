import { useEffect, useState } from 'react';
import { getIn } from 'formik';
import { api, skipToken, useTranslation, type HttpQueryError } from '@careers/shared';
import { FORM_LIMITS } from '@careers/shared/forms';
import type { FormChoice, FormItem, FormValues } from '@careers/shared/contract';
import { useFieldState } from '../../renderer/fieldState';
import { RULE_TEXTS } from '../../renderer/ruleTexts';
import { sortedChoices } from './shared';
import { useQueryErrorNotice } from './queryError';

/** The value of the only option that is chosen by itself ("Not Applicable"), spec 002 §4. */
export const NOT_APPLICABLE = 'N/A';

/** How many times a failed option call is made before giving up, and the pause before the next try (ms). */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 400;

/** The options of an answer `{ data: { options } }` (entries without a string label and value are skipped). */
export function readOptions(body: unknown): FormChoice[] {
  const options = (body as { data?: { options?: unknown } } | null)?.data?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((entry) => {
    const { label, value } = (entry ?? {}) as { label?: unknown; value?: unknown };
    if (typeof label !== 'string' || (typeof value !== 'string' && typeof value !== 'number')) return [];
    return [{ label, value: String(value) }];
  });
}

/**
 * Option loading (spec 002 §7): GET the item's endpoint, read `data.options`; a failure (no answer or a server
 * error) is tried again; the answer never goes stale and is not fetched again on window focus.
 */
const optionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    formOptions: build.query<FormChoice[], string>({
      async queryFn(url, _api, _extra, baseQuery) {
        let error: HttpQueryError | undefined;
        for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
          const result = await baseQuery({ url, silent: true });
          if (!result.error) return { data: readOptions(result.data) };
          error = result.error as HttpQueryError;
          if (error.kind === 'aborted' || (error.status >= 400 && error.status < 500)) break;
        }
        return { error: error as HttpQueryError };
      },
      keepUnusedDataFor: Infinity,
    }),
  }),
});

const { useFormOptionsQuery } = optionsApi;

/** The item's endpoint with `{{parentValue}}` replaced by its first dependency's value; null while that is empty. */
function optionsUrl(item: FormItem, values: FormValues): string | null {
  if (!item.apiEndpoint) return null;
  if (!item.apiEndpoint.includes('{{parentValue}}')) return item.apiEndpoint;
  const parent = item.dependencies?.[0];
  const value = parent ? getIn(values, parent) : undefined;
  if (value === undefined || value === null || String(value).trim() === '') return null;
  return item.apiEndpoint.split('{{parentValue}}').join(encodeURIComponent(String(value)));
}

export interface ItemOptions {
  options: FormChoice[];
  /** The options are not known yet (loading, or the fallback pause): do not reset or auto-select. */
  pending: boolean;
  failed: boolean;
}

/**
 * A select's options: its choices, or its endpoint's answer, in `choicesSortOrder`. None at all becomes the one
 * option "Not Applicable" (value "N/A") after a short pause (spec 002 §4, §9).
 */
export function useItemOptions(item: FormItem): ItemOptions {
  const { t } = useTranslation(RULE_TEXTS.ns);
  const { dependencyValues } = useFieldState();
  const url = optionsUrl(item, dependencyValues);
  const remote = Boolean(item.apiEndpoint);
  const query = useFormOptionsQuery(url ?? skipToken, { refetchOnFocus: false, refetchOnReconnect: false });
  // A failed load says why (spec 002 §8), once: the error object is the cache entry's, shared by its questions.
  useQueryErrorNotice(remote && query.isError && !query.isFetching ? query.error : null);
  const loaded = remote ? (query.currentData ?? []) : (item.choices ?? []);
  const loading = remote && (url === null || query.isFetching);
  const options = sortedChoices(loaded, item.choicesSortOrder);
  const empty = !loading && options.length === 0;
  const [fallback, setFallback] = useState(false);
  useEffect(() => {
    if (!empty) {
      setFallback(false);
      return undefined;
    }
    const timer = setTimeout(() => setFallback(true), FORM_LIMITS.selectOptionsFallbackMs);
    return () => clearTimeout(timer);
  }, [empty]);
  if (empty && fallback) {
    return {
      options: [{ label: t(RULE_TEXTS.notApplicable), value: NOT_APPLICABLE }],
      pending: false,
      failed: query.isError,
    };
  }
  return { options, pending: loading || empty, failed: query.isError };
}
