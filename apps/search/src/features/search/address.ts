import {
  matchRoute,
  navigate,
  readSearchAddress,
  searchAddressOptions,
  searchAddressQuery,
  selectBoot,
  sitePath,
  specialLocation,
  type AppDispatch,
  type RootState,
  type SearchAddress,
  type SearchAddressOptions,
} from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import { FILTER_DEBOUNCE_MS } from './constants';
import { filtersPending, filtersSettled } from './slice';

/**
 * Whether the page is the search page with its state in the query (`/careers`, `/careers/search`, below the page's
 * base path); the path form `/careers/{query}/{location}` is read, not written.
 */
function onQuerySearchPath(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (!match) return false;
  return (
    match.route.path === '/careers/search' ||
    (match.route.path === '/careers/:query?/:location?' && !match.params.query)
  );
}

/** What reading and writing the address needs from the page's starting data (as the page server reads it). */
export const addressOptions: (boot: BootData | null | undefined) => SearchAddressOptions = searchAddressOptions;

/** The search the current address holds. */
function currentAddress(boot: BootData | null | undefined): SearchAddress {
  return readSearchAddress(window.location.pathname, window.location.search, addressOptions(boot));
}

/** Parameters the search owns; every other one (domain, microsite, hl, show_login_modal, utm_*) is kept as it is. */
const SEARCH_PARAMS = new Set(['query', 'location', 'start', 'pid', 'sort_by', 'map_bounds']);

/**
 * The address of a search: on `/careers/search` when the page is there, else on `/careers`, with the page's other
 * parameters kept (first) and the search's own after them.
 */
export function searchHref(state: SearchAddress, boot: BootData | null | undefined): string {
  const path = onQuerySearchPath(window.location.pathname)
    ? window.location.pathname
    : sitePath('/careers/:query?/:location?');
  const kept = new URLSearchParams(window.location.search);
  for (const key of [...kept.keys()]) {
    if (SEARCH_PARAMS.has(key) || key.startsWith('filter_')) kept.delete(key);
  }
  const query = [kept.toString(), searchAddressQuery(state, addressOptions(boot)).slice(1)].filter(Boolean).join('&');
  return `${path}${query ? `?${query}` : ''}`;
}

/** Remembers the scroll position in the current history entry (`careersSearchScroll`), before leaving it. */
export function rememberScroll(): void {
  const state = (window.history.state ?? {}) as Record<string, unknown>;
  window.history.replaceState({ ...state, careersSearchScroll: window.scrollY }, '');
}

/** Goes to a search (a new history entry unless `replace`). */
export function goToSearch(state: SearchAddress, boot: BootData | null | undefined, { replace = false } = {}): void {
  const href = searchHref(state, boot);
  if (href === `${window.location.pathname}${window.location.search}`) return;
  if (!replace) rememberScroll();
  navigate(href, { replace });
}

let filterTimer: ReturnType<typeof setTimeout> | undefined;

/** Cancels a filter change that is waiting for its pause. */
export function cancelPendingFilters(dispatch: AppDispatch): void {
  if (filterTimer !== undefined) clearTimeout(filterTimer);
  filterTimer = undefined;
  dispatch(filtersSettled());
}

/**
 * A filter change (docs/product/search.md#filters): the results show loading at once, the open position closes, and the
 * search runs after a 1,000 ms pause (with `start` back to 0); another change within the pause starts the pause again.
 */
export function changeFilters(filters: Record<string, string[]>) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    if (filterTimer !== undefined) clearTimeout(filterTimer);
    dispatch(filtersPending(filters));
    filterTimer = setTimeout(() => {
      filterTimer = undefined;
      const boot = selectBoot(getState());
      const current = currentAddress(boot);
      dispatch(filtersSettled());
      goToSearch({ ...current, filters, start: 0, pid: null }, boot);
    }, FILTER_DEBOUNCE_MS);
  };
}

/**
 * A new search, or clearing the filters (docs/product/search.md#new-search): runs at once with `start` 0 and no open
 * position. A new query or location drops the sort (a sort belongs to the search it was chosen for), and leaving a `Map
 * Location` drops the map's distance filter 0.
 */
export function runSearch(next: Partial<SearchAddress>) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    cancelPendingFilters(dispatch);
    const boot = selectBoot(getState());
    const current = currentAddress(boot);
    const merged: SearchAddress = { ...current, start: 0, pid: null, ...next };
    const newSearch = merged.query !== current.query || merged.location !== current.location;
    if (newSearch && next.sortBy === undefined) merged.sortBy = null;
    const leftMapLocation =
      specialLocation(current.location) === 'mapLocation' && specialLocation(merged.location) !== 'mapLocation';
    if (leftMapLocation && merged.filters.distance?.every((value) => value === '0')) {
      const { distance: _mapDistance, ...rest } = merged.filters;
      merged.filters = rest;
    }
    goToSearch(merged, boot);
  };
}
