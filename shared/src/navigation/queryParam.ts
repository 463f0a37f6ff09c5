import { useCallback } from 'react';
import { navigate } from './navigate';
import { useLocation } from './useLocation';

/** How a query parameter's change enters the browser's history: a new entry (Back returns), or in place. */
export type QueryParamMode = 'push' | 'replace';

/**
 * One named query parameter of the page address (the toolkit's URL helper): its value, or null when the address
 * has none. `search` is the address's query (`?a=1`), the page's by default.
 *
 * @example readQueryParam('tab') // 'completed' on /careers/forms/center?tab=completed
 */
export function readQueryParam(name: string, search: string = window.location.search): string | null {
  return new URLSearchParams(search).get(name);
}

/**
 * Sets one named query parameter of the page address, or removes it (`null`, `undefined` or `''`), keeping the
 * path, the other parameters and the hash; through {@link navigate}, so single-spa and every `useLocation` follow.
 * `push` (the default) adds a history entry, `replace` changes the current one. Setting the value the address
 * already has does nothing (no second history entry for the same address).
 *
 * @example setQueryParam('tab', 'completed', 'replace')
 */
export function setQueryParam(name: string, value: string | null | undefined, mode: QueryParamMode = 'push'): void {
  const url = new URL(window.location.href);
  const next = value ?? '';
  if ((url.searchParams.get(name) ?? '') === next) return;
  if (next === '') url.searchParams.delete(name);
  else url.searchParams.set(name, next);
  navigate(`${url.pathname}${url.search}${url.hash}`, { replace: mode === 'replace' });
}

/**
 * One named query parameter as React state: its value (re-rendering when the address changes: Back, another
 * widget's navigation) and its setter ({@link setQueryParam}, `push` unless told `replace`).
 *
 * @example const [tab, setTab] = useQueryParam('tab'); setTab('completed', 'replace');
 */
export function useQueryParam(
  name: string,
): [value: string | null, set: (value: string | null | undefined, mode?: QueryParamMode) => void] {
  const { searchParams } = useLocation();
  const set = useCallback(
    (value: string | null | undefined, mode: QueryParamMode = 'push') => setQueryParam(name, value, mode),
    [name],
  );
  return [searchParams.get(name), set];
}
