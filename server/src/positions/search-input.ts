import type { SortOption } from '../contract';
import type { AppliedFilters } from './filters';
import type { Bounds, Origin } from './geometry-sql';

/** One search, checked and read (service.ts `prepare`): what both engines take. */
export interface SearchInput {
  domain: string;
  /** ISO 8601: positions open at this instant. */
  now: string;
  query: string;
  /** The applied filters (filters.ts); `distance` only with an `origin`. */
  filters: AppliedFilters;
  /** A typed place name without coordinates: positions with a location whose name contains it. */
  placeName: string | null;
  /** A place with coordinates (the distance filter's centre). */
  origin: Origin | null;
  bounds: Bounds | null;
  sort: SortOption;
  start: number;
  num: number;
}
