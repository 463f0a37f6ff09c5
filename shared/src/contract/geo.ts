/**
 * Locations: the special location names of the search (docs/product/search.md#special-locations) and the location
 * suggestions call (GET /api/pcsx/location_suggestions; the spec names no path for it).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Domain, Envelope } from './common';

export { SpecialLocations, type SpecialLocation, LOCATION_COORDINATES_SEPARATOR } from './search-constants';
/** Distances and boxes on the Earth (plain code the browser bundles import directly). */
export * from './geometry';

/** At most this many suggestions per call (and 10 when `limit` is left out). */
export const LOCATION_SUGGESTIONS_MAX = 20;
export const LOCATION_SUGGESTIONS_DEFAULT = 10;

/** Query of GET /api/pcsx/location_suggestions. */
export const LocationSuggestionsQuery = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '\\S',
      description:
        'What the candidate typed: the start of a city name, optionally followed by ", region" and/or ", country" ' +
        '(accents and case are ignored). Country names are also understood in other languages and scripts.',
    }),
    /** The employer whose cities with open positions come first; absent: the default employer. */
    domain: Type.Optional(Domain),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LOCATION_SUGGESTIONS_MAX,
        description: `How many suggestions at most (default ${LOCATION_SUGGESTIONS_DEFAULT})`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type LocationSuggestionsQuery = Static<typeof LocationSuggestionsQuery>;

export const LocationSuggestion = Type.Object({
  /** What the location box shows and sends as `location`, for example "Toronto, Ontario, Canada". */
  label: Type.String(),
  name: Type.String(),
  /** The first-level region (state, province); empty when the gazetteer has none. */
  region: Type.String(),
  /** English country name. */
  country: Type.String(),
  /** ISO 3166-1 alpha-2. */
  countryCode: Type.String({ pattern: '^[A-Z]{2}$' }),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
});
export type LocationSuggestion = Static<typeof LocationSuggestion>;

/** Answer of GET /api/pcsx/location_suggestions: the best matches first (largest population first). */
export const LocationSuggestionsResponse = Envelope(Type.Object({ suggestions: Type.Array(LocationSuggestion) }));
export type LocationSuggestionsResponse = Static<typeof LocationSuggestionsResponse>;
