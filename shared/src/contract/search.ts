/**
 * Job search and positions (docs/product/search.md, docs/product/positions-and-map.md, docs/product/cart-and-saved.md).
 *
 * - Search is public: a signed-out visitor searches and reads positions; `positionUserActions` says what the
 *   signed-in candidate did with each one (saved, in the cart), all false when signed out.
 * - Filters are query parameters `filter_{name}`; a parameter may repeat, and each value may be a comma-joined
 *   list (values holding a comma are percent-encoded by the widget, so they arrive as one value).
 * - `location` is a place name (positions with a location of that name), `remote`, or `name:::lat,long` (a place
 *   with coordinates: positions within `filter_distance` km, default 100, sorted by distance when asked).
 * - `map_bounds` is `south,west,north,east` in decimal degrees (the south-west and north-east corners);
 *   west > east crosses the antimeridian.
 */
import { Type, type Static, type TOptional } from '@sinclair/typebox';
import { CandidateDomain, Domain, Envelope } from './common';

import { SEARCH_FILTERS, SEARCH_MAX_PAGE_SIZE, SEARCH_MAX_START, type SearchFilterName } from './search-constants';
import { FILTER_PARAMETER_PREFIX } from './search-grammar';
/** The grammar of `location` and `filter_{name}` (plain code the browser bundles import directly). */
export * from './search-grammar';

export {
  SEARCH_PAGE_SIZE,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_MAX_START,
  DEFAULT_DISTANCE_KM,
  SEARCH_FILTERS,
  type SearchFilterName,
} from './search-constants';

export const SortOption = Type.Union([Type.Literal('relevance'), Type.Literal('date'), Type.Literal('distance')]);
export type SortOption = Static<typeof SortOption>;

/** One `filter_{name}` parameter: one value (maybe comma-joined) or the parameter repeated. */
const FilterParam = Type.Union([
  Type.String({ maxLength: 1000 }),
  Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 }),
]);

/** The `filter_{name}` parameter of every filter (`SEARCH_FILTERS`), each optional. */
const FilterParams = Object.fromEntries(
  SEARCH_FILTERS.map((name) => [`${FILTER_PARAMETER_PREFIX}${name}`, Type.Optional(FilterParam)]),
) as { [Name in SearchFilterName as `filter_${Name}`]: TOptional<typeof FilterParam> };

/** `south,west,north,east` in decimal degrees. */
export const MAP_BOUNDS_PATTERN = '^-?[0-9]{1,3}(\\.[0-9]+)?(,-?[0-9]{1,3}(\\.[0-9]+)?){3}$';

/** Query of GET /api/pcsx/search (docs/product/search.md#search-address). */
export const SearchQuery = Type.Object(
  {
    domain: Type.Optional(Domain),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    location: Type.Optional(Type.String({ maxLength: 300 })),
    start: Type.Optional(Type.Integer({ minimum: 0, maximum: SEARCH_MAX_START })),
    num: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_MAX_PAGE_SIZE })),
    sort_by: Type.Optional(SortOption),
    map_bounds: Type.Optional(
      Type.String({
        maxLength: 200,
        pattern: MAP_BOUNDS_PATTERN,
        description:
          'The map area: `south,west,north,east` in decimal degrees (south-west and north-east corners); ' +
          'south <= north, latitudes within ±90, longitudes within ±180; west > east crosses the antimeridian',
      }),
    ),
    ...FilterParams,
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const PositionLocation = Type.Object({
  name: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
});
export type PositionLocation = Static<typeof PositionLocation>;

export const PositionUserActions = Type.Object({
  isSaved: Type.Boolean(),
  inCart: Type.Boolean(),
});

/** A position as search results, the saved list and the cart show it. */
export const PositionSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  department: Type.String(),
  employment_type: Type.String(),
  /** The first location's name, or "Remote" for a remote position without one. */
  location: Type.String(),
  locations: Type.Array(PositionLocation),
  is_remote: Type.Boolean(),
  salary_min: Type.Union([Type.Integer(), Type.Null()]),
  salary_max: Type.Union([Type.Integer(), Type.Null()]),
  salary_currency: Type.Union([Type.String(), Type.Null()]),
  skills: Type.Array(Type.String()),
  /** ISO 8601. */
  posted_at: Type.String(),
  valid_through: Type.Union([Type.String(), Type.Null()]),
  archived_at: Type.Union([Type.String(), Type.Null()]),
  /** Kilometres from the searched place, when the search had coordinates. */
  distance_km: Type.Union([Type.Number(), Type.Null()]),
  positionUserActions: PositionUserActions,
});
export type PositionSummary = Static<typeof PositionSummary>;

export const PositionDetails = Type.Object({
  ...PositionSummary.properties,
  /** HTML as the employer wrote it: the widget sanitises it. */
  description: Type.String(),
});
export type PositionDetails = Static<typeof PositionDetails>;

export const FilterOption = Type.Object({ label: Type.String(), value: Type.String(), count: Type.Integer() });
export const FilterDefinition = Type.Object({
  filterName: Type.String(),
  options: Type.Array(FilterOption),
});
export type FilterDefinition = Static<typeof FilterDefinition>;

/** A map marker: the open positions at one place (docs/product/positions-and-map.md#pins-and-clusters). */
export const MapMarker = Type.Object({
  id: Type.String(),
  latlong: Type.Object({ lat: Type.Number(), lng: Type.Number() }),
  count: Type.Integer({ minimum: 1 }),
  location: Type.String(),
  is_remote: Type.Boolean(),
});
export type MapMarker = Static<typeof MapMarker>;

/** Saved searches a candidate may keep at one employer. */
export const SAVED_SEARCH_LIMIT = 20;

/**
 * Positions a candidate's job cart holds: as many as one application names (`position_ids` of apply, `pid` of
 * apply_form), so "Apply" on a full cart still works. Past it, adding answers 409 `conflict` naming `pids`.
 */
export const JOB_CART_LIMIT = 20;

/** Positions a candidate may keep saved (the saved list is answered whole). Past it, 409 naming `position_id`. */
export const SAVED_POSITIONS_LIMIT = 100;

/** A search's parameters in canonical form (trimmed, filter values split and de-duplicated): what a saved search keeps. */
export const SavedSearchParameters = Type.Object({
  query: Type.String(),
  location: Type.String(),
  filters: Type.Record(Type.String(), Type.Array(Type.String())),
  sort_by: SortOption,
});
export type SavedSearchParameters = Static<typeof SavedSearchParameters>;

/**
 * For a signed-in candidate whose employer offers saved searches (the `savedSearchNotification` flag and
 * candidate login both on): the search's parameters, the id of the candidate's saved search with exactly these
 * parameters (null when not saved) and whether saving it is offered (not saved yet and under the limit). Null
 * for signed-out visitors and when the employer does not offer saved searches.
 */
export const SavedSearchMetadata = Type.Union([
  Type.Object({
    ...SavedSearchParameters.properties,
    savedSearchId: Type.Union([Type.Integer(), Type.Null()]),
    canSave: Type.Boolean(),
  }),
  Type.Null(),
]);
export type SavedSearchMetadata = Static<typeof SavedSearchMetadata>;

export const SearchData = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  positions: Type.Array(PositionSummary),
  filterDef: Type.Object({ allFilters: Type.Array(FilterDefinition) }),
  sortBy: SortOption,
  appliedFilters: Type.Record(Type.String(), Type.Array(Type.String())),
  /** Engine and timing, with the page's `debug` parameter; else null. */
  debug: Type.Union([Type.Object({ engine: Type.String(), tookMs: Type.Number() }), Type.Null()]),
  savedSearchMetadata: SavedSearchMetadata,
  resultsMetaData: Type.Object({
    start: Type.Integer(),
    num: Type.Integer(),
    query: Type.String(),
    location: Type.String(),
    /** The searched place with coordinates, or null. */
    origin: Type.Union([PositionLocation, Type.Null()]),
    /** Radius in km around `origin`, or null. */
    distanceKm: Type.Union([Type.Number(), Type.Null()]),
    sortOptions: Type.Array(SortOption),
  }),
  /** Markers of every matching position (not only this page), at most 1,000 places. */
  markers: Type.Array(MapMarker),
});
export type SearchData = Static<typeof SearchData>;
export const SearchResponse = Envelope(SearchData);
export type SearchResponse = Static<typeof SearchResponse>;

/** GET /api/pcsx/search_suggestions (path not in the spec): titles and skills by word prefix. */
export const SuggestionsQuery = Type.Object(
  {
    domain: Type.Optional(Domain),
    query: Type.String({ minLength: 1, maxLength: 100 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  },
  { additionalProperties: false },
);
export type SuggestionsQuery = Static<typeof SuggestionsQuery>;

export const Suggestion = Type.Object({
  term: Type.String(),
  kind: Type.Union([Type.Literal('title'), Type.Literal('skill')]),
});
export const SuggestionsResponse = Envelope(Type.Object({ suggestions: Type.Array(Suggestion) }));
export type SuggestionsResponse = Static<typeof SuggestionsResponse>;

const PositionId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** Language of the texts in an answer (insights, match explanation); unsupported tags fall back to English. */
const TextLanguage = Type.Optional(Type.String({ minLength: 1, maxLength: 35, pattern: '^[A-Za-z0-9_-]+$' }));

/** Query of position_details, position_insights and overrides (public). */
export const PositionQuery = Type.Object(
  {
    domain: Type.Optional(Domain),
    position_id: PositionId,
    queried_location: Type.Optional(Type.String({ maxLength: 300 })),
    hl: TextLanguage,
  },
  { additionalProperties: false },
);
export type PositionQuery = Static<typeof PositionQuery>;

/** Query of match_details (signed in). */
export const MatchPositionQuery = Type.Object(
  { domain: CandidateDomain, position_id: PositionId, hl: TextLanguage },
  { additionalProperties: false },
);
export type MatchPositionQuery = Static<typeof MatchPositionQuery>;

export const PositionDetailsResponse = Type.Object({
  data: PositionDetails,
  /** `isFallback`: true when the answer is not the live position (never for this server: it reads the database). */
  metadata: Type.Object({ isFallback: Type.Boolean() }),
});
export type PositionDetailsResponse = Static<typeof PositionDetailsResponse>;

/** Match details: which of the position's skills the candidate's profile has, which are missing, and the score. */
export const MatchDetailsResponse = Envelope(
  Type.Object({
    positionId: Type.Integer(),
    /** Percentage of the position's skills the profile has (0 to 100), rounded. */
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    matchedSkills: Type.Array(Type.String()),
    missingSkills: Type.Array(Type.String()),
    /** False when the profile lists no skills yet (then the score is 0 and `explanation` says so). */
    profileHasSkills: Type.Boolean(),
    explanation: Type.String(),
  }),
);
export type MatchDetailsResponse = Static<typeof MatchDetailsResponse>;

export const Insight = Type.Object({
  key: Type.Union([Type.Literal('posted'), Type.Literal('similar_openings'), Type.Literal('team_skills')]),
  text: Type.String(),
  value: Type.Union([Type.Number(), Type.Array(Type.String())]),
});
export const PositionInsightsResponse = Envelope(Type.Object({ insights: Type.Array(Insight) }));
export type PositionInsightsResponse = Static<typeof PositionInsightsResponse>;

/** Per-position configuration overrides (merged into pcsxConfig by the widget); `{}` when none. */
export const OverridesResponse = Envelope(Type.Object({ overrides: Type.Record(Type.String(), Type.Unknown()) }));
export type OverridesResponse = Static<typeof OverridesResponse>;

/** Position ids as the cart sends them: digits. */
const PositionIdText = Type.String({ minLength: 1, maxLength: 10, pattern: '^[0-9]+$' });

export const JobCartBody = Type.Object(
  {
    domain: CandidateDomain,
    pids: Type.Array(PositionIdText, { minItems: 1, maxItems: 100 }),
    operation: Type.Union([Type.Literal('add'), Type.Literal('remove')]),
  },
  { additionalProperties: false },
);
export type JobCartBody = Static<typeof JobCartBody>;

export const JobCartResponse = Envelope(
  Type.Object({
    jobCartData: Type.Array(PositionSummary),
    /** Ids in the request or the cart that are unknown, archived or expired (they are not in the cart). */
    invalidPositionIds: Type.Array(Type.String()),
  }),
);
export type JobCartResponse = Static<typeof JobCartResponse>;

export const SavedPositionsResponse = Envelope(Type.Object({ positions: Type.Array(PositionSummary) }));
export type SavedPositionsResponse = Static<typeof SavedPositionsResponse>;

/** Body of POST /api/pcsx/positions/save and /unsave (paths not in the spec). */
export const SavePositionBody = Type.Object(
  { domain: CandidateDomain, position_id: PositionId },
  { additionalProperties: false },
);
export type SavePositionBody = Static<typeof SavePositionBody>;

export const SavePositionResponse = Envelope(
  Type.Object({ positionId: Type.Integer(), positionUserActions: PositionUserActions }),
);
export type SavePositionResponse = Static<typeof SavePositionResponse>;

/** Body of POST /api/pcsx/saved_searches (path not in the spec): the search parameters as GET /api/pcsx/search takes them. */
export const SaveSearchBody = Type.Object(
  {
    domain: CandidateDomain,
    query: Type.Optional(Type.String({ maxLength: 200 })),
    location: Type.Optional(Type.String({ maxLength: 300 })),
    sort_by: Type.Optional(SortOption),
    ...FilterParams,
    /** The candidate's language: the alerts of this search are written in it. */
    hl: TextLanguage,
  },
  { additionalProperties: false },
);
export type SaveSearchBody = Static<typeof SaveSearchBody>;

export const SavedSearch = Type.Object({
  id: Type.Integer(),
  ...SavedSearchParameters.properties,
  /** The search on the careers site (a same-site path). */
  url: Type.String(),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type SavedSearch = Static<typeof SavedSearch>;

export const SavedSearchResponse = Envelope(SavedSearch);
export type SavedSearchResponse = Static<typeof SavedSearchResponse>;

export const SavedSearchesResponse = Envelope(
  Type.Object({ savedSearches: Type.Array(SavedSearch), limit: Type.Integer() }),
);
export type SavedSearchesResponse = Static<typeof SavedSearchesResponse>;

/** Body of POST /api/pcsx/saved_searches/delete (path not in the spec). */
export const DeleteSavedSearchBody = Type.Object(
  { domain: CandidateDomain, saved_search_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);
export type DeleteSavedSearchBody = Static<typeof DeleteSavedSearchBody>;

export const DeleteSavedSearchResponse = Envelope(
  Type.Object({ savedSearchId: Type.Integer(), deleted: Type.Literal(true) }),
);
export type DeleteSavedSearchResponse = Static<typeof DeleteSavedSearchResponse>;
