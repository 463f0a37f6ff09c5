import { useEffect, useRef, useState } from 'react';
import { LOCATION_COORDINATES_SEPARATOR, notify, skipToken, useTranslation } from '@careers/shared';
import { NAMESPACE } from './namespace';
import { FAILURE_TOAST_MS, SUGGESTION_DEBOUNCE_MS } from './constants';
import { useLocationSuggestionsQuery, useSearchSuggestionsQuery } from './endpoints';

/** `value`, once it has stopped changing for `delayMs`. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Shows the suggestion failure toast once per failed request (docs/product/search.md#suggestions). */
function useFailureToast(isError: boolean, requestId: string | undefined) {
  const { t } = useTranslation(NAMESPACE);
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (isError && requestId && shown.current !== requestId) {
      shown.current = requestId;
      notify.error(t('errors.suggestions'), { autoClose: FAILURE_TOAST_MS });
    }
  }, [isError, requestId, t]);
}

/**
 * Search-term suggestions (docs/product/search.md#suggestions): the term trimmed, asked for 500 ms after typing stops
 * and only from the minimum length; each term's answer is kept two minutes.
 */
export function useQuerySuggestions(domain: string, text: string, minLength: number, enabled: boolean) {
  const term = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const ask = enabled && term.length >= minLength && term === text.trim();
  const result = useSearchSuggestionsQuery(ask ? { domain, query: term } : skipToken);
  useFailureToast(result.isError, result.requestId);
  return { suggestions: ask ? (result.currentData ?? []) : [], loading: ask && result.isFetching };
}

/**
 * Location suggestions from the gazetteer, with the same pause, minimum length and cache; for the page's employer,
 * whose cities with open positions come first.
 */
export function useLocationSuggestions(domain: string, text: string, minLength: number, enabled: boolean) {
  const term = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const ask =
    enabled && term.length >= minLength && term === text.trim() && !term.includes(LOCATION_COORDINATES_SEPARATOR);
  const result = useLocationSuggestionsQuery(ask ? { domain, query: term } : skipToken);
  useFailureToast(result.isError, result.requestId);
  return { suggestions: ask ? (result.currentData ?? []) : [], loading: ask && result.isFetching };
}
