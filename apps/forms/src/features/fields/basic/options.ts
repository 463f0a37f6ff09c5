import { useEffect, useState } from 'react';
import { getIn } from 'formik';
import { api, skipToken, useTranslation, type HttpQueryError } from '@careers/shared';
import { FORM_LIMITS } from '@careers/shared/forms';
import type { FormChoice, FormItem, FormValues } from '@careers/shared/contract';
import { useFieldState } from '../../renderer/fieldState';
import { RULE_TEXTS } from '../../renderer/ruleTexts';
import { sortedChoices } from './shared';
import { useQueryErrorNotice } from './queryError';
import { useCallerLoad } from '../../renderer/callerLoads';
import { useCallerLoads, useItemCode } from '../../renderer/itemCode';

/** The value of the only option that is chosen by itself ("Not Applicable"): docs/product/forms-toolkit.md#selects. */
export const NOT_APPLICABLE = 'N/A';

/** How many times a failed option call is made before giving up, and the pause before the next try (ms). */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 400;

/**
 * The options of an answer `{ data: { options } }` (entries without a string label and value are skipped; an icon
 * is kept).
 */
export function readOptions(body: unknown): FormChoice[] {
  const options = (body as { data?: { options?: unknown } } | null)?.data?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((entry) => {
    const { label, value, icon } = (entry ?? {}) as { label?: unknown; value?: unknown; icon?: unknown };
    if (typeof label !== 'string' || (typeof value !== 'string' && typeof value !== 'number')) return [];
    return [typeof icon === 'string' && icon ? { label, value: String(value), icon } : { label, value: String(value) }];
  });
}

/** The choices a caller's loader gave that have a string label and value (numbers are taken as text). */
function validChoices(answer: unknown): FormChoice[] {
  return readOptions({ data: { options: answer } });
}

/**
 * Option loading (docs/product/forms-toolkit.md#options): GET the item's endpoint, read `data.options`; a failure (no
 * answer or a server error) is tried again; the answer never goes stale and is not fetched again on window focus.
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

/** The first dependency's value as `{{parentValue}}` takes it; undefined while it is empty or there is none. */
function parentValueOf(item: FormItem, values: FormValues): string | undefined {
  const parent = item.dependencies?.[0];
  const value = parent ? getIn(values, parent) : undefined;
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  return String(value);
}

/** The item's endpoint with `{{parentValue}}` replaced by its first dependency's value; null while that is empty. */
function optionsUrl(item: FormItem, values: FormValues): string | null {
  if (!item.apiEndpoint) return null;
  if (!item.apiEndpoint.includes('{{parentValue}}')) return item.apiEndpoint;
  const value = parentValueOf(item, values);
  if (value === undefined) return null;
  return item.apiEndpoint.split('{{parentValue}}').join(encodeURIComponent(value));
}

export interface ItemOptions {
  options: FormChoice[];
  /** The options are not known yet (loading, or the fallback pause): do not reset or auto-select. */
  pending: boolean;
  failed: boolean;
}

/**
 * A select's options: its choices, or its loader's (`apiCall`) or endpoint's answer, in `choicesSortOrder`. None at
 * all becomes the one option "Not Applicable" (value "N/A") after a short pause
 * (docs/product/forms-toolkit.md#selects); a failed load does not (its notification says why, and the answer is kept).
 */
export function useItemOptions(item: FormItem): ItemOptions {
  const { t } = useTranslation(RULE_TEXTS.ns);
  const { dependencyValues } = useFieldState();
  // The caller's loader (`apiCall`, docs/product/forms-toolkit.md#options) comes before the item's endpoint.
  const apiCall = useItemCode(item)?.apiCall;
  const url = apiCall ? null : optionsUrl(item, dependencyValues);
  const endpoint = !apiCall && Boolean(item.apiEndpoint);
  const query = useFormOptionsQuery(url ?? skipToken, { refetchOnFocus: false, refetchOnReconnect: false });
  // A parent's value is waited for only when the item depends on one, as with `{{parentValue}}`.
  const parentValue = parentValueOf(item, dependencyValues);
  const waitsForParent = (item.dependencies?.length ?? 0) > 0 && parentValue === undefined;
  const called = useCallerLoad<FormChoice[]>(
    useCallerLoads(),
    apiCall && !waitsForParent ? `${item.name}\u0000options\u0000${parentValue ?? ''}` : null,
    apiCall ? (signal) => apiCall({ parentValue, signal }).then(validChoices) : undefined,
    ATTEMPTS,
  );
  // A failed load says why (docs/product/forms-toolkit.md#options), once: the error object is the cache entry's, shared
  // by its questions.
  useQueryErrorNotice(endpoint && query.isError && !query.isFetching ? query.error : null);
  useQueryErrorNotice(called.failure, called.failure?.error);
  const loaded = apiCall ? (called.data ?? []) : endpoint ? (query.currentData ?? []) : (item.choices ?? []);
  const loading = apiCall
    ? waitsForParent || called.status === 'pending' || called.status === 'idle'
    : endpoint && (url === null || query.isFetching);
  const failed = apiCall ? called.status === 'failed' : query.isError;
  const options = sortedChoices(loaded, item.choicesSortOrder);
  // A failed load is no list without options: "Not Applicable" would be chosen, and sent, in the candidate's name.
  const empty = !loading && !failed && options.length === 0;
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
      failed,
    };
  }
  return { options, pending: loading || empty, failed };
}
