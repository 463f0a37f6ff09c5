/**
 * The search's plain constants (no schema code), for the browser bundles: search.ts and geo.ts re-export them
 * beside their schemas, and the address helpers (search-url.ts) use them directly.
 */

/** Results per page (`num`, docs/product/search.md#results). */
export const SEARCH_PAGE_SIZE = 10;
/** Largest page a client may ask for. */
export const SEARCH_MAX_PAGE_SIZE = 50;
/** Largest `start`: deeper pages are refused (use filters instead). */
export const SEARCH_MAX_START = 10_000;
/** Radius (km) of a search around a place with coordinates when no `filter_distance` is given. */
export const DEFAULT_DISTANCE_KM = 100;

/** Filter names, as `filter_{name}` query parameters and as `filterDef.allFilters[].filterName`. */
export const SEARCH_FILTERS = ['department', 'employment_type', 'location', 'remote', 'skills', 'distance'] as const;
export type SearchFilterName = (typeof SEARCH_FILTERS)[number];

/** Sort options of the search (`sort_by`). */
export const SORT_OPTIONS = ['relevance', 'date', 'distance'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/**
 * The location names the search box treats as instructions, not places (compared ignoring case and surrounding
 * spaces): `remote` positions, the browser's `current location`, a point picked on the map (`Map Location`,
 * sent with its coordinates) and the visible map area (`Map Area`, sent as `map_bounds` instead of a location).
 */
export const SpecialLocations = {
  remote: 'remote',
  currentLocation: 'current location',
  mapLocation: 'Map Location',
  mapArea: 'Map Area',
} as const;
export type SpecialLocation = keyof typeof SpecialLocations;

/**
 * Separates a location's name from its coordinates in a location string: `name:::lat,long`
 * (docs/product/search.md#special-locations).
 */
export const LOCATION_COORDINATES_SEPARATOR = ':::';
