/**
 * The search page's state in its address (docs/product/search.md#search-address,
 * docs/product/search.md#special-locations), and the search call it makes. Written once for the search widget and for
 * the page server, which answers the first search in the page: both read the address with `readSearchAddress` and build
 * the call with `searchCall`, so the answer in the page is the one the widget asks for.
 *
 * - Parameters: `query`, `location`, `start`, `pid`, `sort_by`, `filter_{name}` (several values comma-joined;
 *   with `behaviourFlags.enableCommaInFilterValues` a value holding a comma is percent-encoded), and `map_bounds`
 *   for a `Map Area` search. Empty values are left out.
 * - `/careers/{query}/{location}`: hyphens and underscores in the path's query and location become spaces.
 * - Filter names may arrive as their display names, and values as their labels (`searchOptionsMap`); they are
 *   mapped to keys and values. Filters that are not among the configured `smartFilters` or `allFilters` are
 *   dropped (when the employer configures neither list, every filter the API knows is kept).
 * - The map's location names (`Map Location`, `Map Area`) are blanked when the page boots from an address: a map
 *   pick is only meaningful while the map it was picked on is open.
 */
import type { ApiCall } from './first-screen';
import type { SearchConfig } from './index';
import { matchRoute } from './routes';
import {
  decodeFilterValue,
  FILTER_PARAMETER_PREFIX,
  filterValueParts,
  joinFilterValues,
  specialLocation,
} from './search-grammar';
import { SEARCH_FILTERS, SEARCH_MAX_START, SORT_OPTIONS, type SortOption } from './search-constants';

export { joinFilterValues, locationName, specialLocation } from './search-grammar';

export const SEARCH_CALL_PATH = '/api/pcsx/search';

/** What a search page's address says. */
export interface SearchAddress {
  query: string;
  location: string;
  /** Index of the first result shown (0, 10, 20, ...). */
  start: number;
  /** The position open beside the results; null: the first result. */
  pid: number | null;
  sortBy: SortOption | null;
  /** Filter values by filter name (keys, not display names), in the order given, without duplicates. */
  filters: Record<string, string[]>;
  /** `south,west,north,east` of a `Map Area` search, else null. */
  mapBounds: string | null;
}

/** What reading and writing an address depends on: the employer's configuration and flags. */
export interface SearchAddressOptions {
  searchConfig?: SearchConfig | undefined;
  /** `behaviourFlags.enableCommaInFilterValues`. */
  commaInFilterValues?: boolean | undefined;
}

export const EMPTY_SEARCH: SearchAddress = {
  query: '',
  location: '',
  start: 0,
  pid: null,
  sortBy: null,
  filters: {},
  mapBounds: null,
};

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The filter names the employer offers (smart and all filters); every API filter when neither is configured. */
export function allowedFilters(config: SearchConfig | undefined): Set<string> {
  const configured = [...(config?.smartFilters ?? []), ...(config?.allFilters ?? [])];
  return new Set(configured.length > 0 ? configured : SEARCH_FILTERS);
}

/** The filter key a parameter name or display name stands for (`searchOptionsMap[key].displayName`). */
function filterKey(name: string, config: SearchConfig | undefined): string {
  const map = config?.searchOptionsMap ?? {};
  if (Object.prototype.hasOwnProperty.call(map, name)) return name;
  for (const [key, entry] of Object.entries(map)) {
    if (entry.displayName && sameText(entry.displayName, name)) return key;
  }
  return name;
}

/** The value a label stands for (`searchOptionsMap[key].options.labelMap`, value → label). */
function filterValue(key: string, label: string, config: SearchConfig | undefined): string {
  const labels = config?.searchOptionsMap?.[key]?.options?.labelMap ?? {};
  if (Object.prototype.hasOwnProperty.call(labels, label)) return label;
  for (const [value, shown] of Object.entries(labels)) if (sameText(shown, label)) return value;
  return label;
}

/** A filter's values from one parameter value: comma-joined, each percent-encoded only with the flag. */
function splitValues(raw: string, commaInFilterValues: boolean): string[] {
  return filterValueParts(raw)
    .map((part) => (commaInFilterValues ? (decodeFilterValue(part) ?? part) : part).trim())
    .filter((value) => value !== '');
}

const pathText = (value: string | undefined) => (value ?? '').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();

function leadingInteger(value: string | null | undefined): number | null {
  const match = /^\s*(\d{1,10})/.exec(value ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= 2147483647 ? id : null;
}

/**
 * Reads a search page address. `boot`: the page is starting from this address (map names are blanked, with the
 * map's distance filter and bounds).
 */
export function readSearchAddress(
  pathname: string,
  search: string,
  options: SearchAddressOptions = {},
  { boot = false }: { boot?: boolean } = {},
): SearchAddress {
  const params = new URLSearchParams(search);
  const config = options.searchConfig;
  const comma = options.commaInFilterValues === true;
  const match = matchRoute(pathname);
  const fromPath = match?.route.path === '/careers/:query?/:location?' ? match.params : {};

  const startValue = Number(params.get('start') ?? '0');
  const start = Number.isInteger(startValue) && startValue > 0 ? Math.min(startValue, SEARCH_MAX_START) : 0;
  const sort = params.get('sort_by');

  const allowed = allowedFilters(config);
  const filters: Record<string, string[]> = {};
  for (const [name, raw] of params) {
    if (!name.startsWith(FILTER_PARAMETER_PREFIX)) continue;
    const key = filterKey(name.slice(FILTER_PARAMETER_PREFIX.length), config);
    if (!allowed.has(key)) continue;
    const values = splitValues(raw, comma).map((value) => filterValue(key, value, config));
    const list = (filters[key] ??= []);
    for (const value of values) if (!list.includes(value)) list.push(value);
    if (list.length === 0) delete filters[key];
  }

  let location = (params.get('location') ?? pathText(fromPath.location)).trim();
  let mapBounds = params.get('map_bounds')?.trim() || null;
  const special = specialLocation(location);
  if (boot && (special === 'mapLocation' || special === 'mapArea')) {
    location = '';
    mapBounds = null;
    if (filters.distance?.every((value) => value === '0')) delete filters.distance;
  }
  if (specialLocation(location) !== 'mapArea') mapBounds = null;

  return {
    query: (params.get('query') ?? pathText(fromPath.query)).trim(),
    location,
    start,
    pid: leadingInteger(params.get('pid')),
    sortBy: sort && (SORT_OPTIONS as readonly string[]).includes(sort) ? (sort as SortOption) : null,
    filters,
    mapBounds,
  };
}

/** The query string of a search address (`?query=...`, or '' when it is the empty search). */
export function searchAddressQuery(state: SearchAddress, options: SearchAddressOptions = {}): string {
  const comma = options.commaInFilterValues === true;
  const params = new URLSearchParams();
  if (state.query.trim()) params.set('query', state.query.trim());
  if (state.location.trim()) params.set('location', state.location.trim());
  if (state.start > 0) params.set('start', String(state.start));
  if (state.pid !== null) params.set('pid', String(state.pid));
  if (state.sortBy) params.set('sort_by', state.sortBy);
  for (const [name, values] of Object.entries(state.filters)) {
    if (values.length > 0) params.set(`${FILTER_PARAMETER_PREFIX}${name}`, joinFilterValues(values, comma));
  }
  if (state.mapBounds && specialLocation(state.location) === 'mapArea') params.set('map_bounds', state.mapBounds);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The search call for an address: `domain`, `query`, `location` (none for a `Map Area` search, which sends
 * `map_bounds`), `start`, `sort_by` when `withSort`, and `filter_{name}` repeated per value (the
 * address keeps them comma-joined, docs/product/search.md#filters). Values are sorted, so the same filters in another
 * order are the same call (one cached answer); a value holding a comma is percent-encoded inside it with the flag, as
 * in the address. The selected position (`pid`) is not part of the search.
 */
export function searchCall(
  state: SearchAddress,
  domain: string,
  options: SearchAddressOptions & { withSort?: boolean } = {},
): ApiCall {
  const params: Record<string, string | string[]> = { domain };
  if (state.query.trim()) params.query = state.query.trim();
  const special = specialLocation(state.location);
  if (special === 'mapArea') {
    if (state.mapBounds) params.map_bounds = state.mapBounds;
  } else if (state.location.trim()) {
    params.location = state.location.trim();
  }
  if (state.start > 0) params.start = String(state.start);
  if (options.withSort !== false && state.sortBy) params.sort_by = state.sortBy;
  for (const name of Object.keys(state.filters).sort()) {
    const values = state.filters[name]!;
    if (values.length > 0) {
      params[`${FILTER_PARAMETER_PREFIX}${name}`] = values
        .map((value) => joinFilterValues([value], options.commaInFilterValues === true))
        .sort((a, b) => (a === b ? 0 : a < b ? -1 : 1));
    }
  }
  return { url: SEARCH_CALL_PATH, params };
}
