import { api, type ApiCall } from '@careers/shared';
import type {
  LocationSuggestion,
  LocationSuggestionsResponse,
  SearchData,
  SearchResponse,
  SuggestionsResponse,
} from '@careers/shared/contract';
import { RESULTS_CACHE_SECONDS, SUGGESTIONS_CACHE_SECONDS } from './constants';

type Suggestion = SuggestionsResponse['data']['suggestions'][number];

/**
 * The search calls (docs/product/search.md#results). A search is cached per address (its filters, start, query and
 * location), so going back to a page of results shows it at once; suggestions are cached two minutes per term
 * (docs/product/search.md#suggestions).
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPositions: build.query<SearchData, ApiCall>({
      query: (call) => call,
      transformResponse: (response: SearchResponse) => response.data,
      providesTags: ['Search'],
      keepUnusedDataFor: RESULTS_CACHE_SECONDS,
    }),
    searchSuggestions: build.query<Suggestion[], { domain: string; query: string }>({
      query: ({ domain, query }) => ({ url: '/api/pcsx/search_suggestions', params: { domain, query } }),
      transformResponse: (response: SuggestionsResponse) => response.data.suggestions,
      keepUnusedDataFor: SUGGESTIONS_CACHE_SECONDS,
    }),
    locationSuggestions: build.query<LocationSuggestion[], { domain: string; query: string }>({
      query: ({ domain, query }) => ({ url: '/api/pcsx/location_suggestions', params: { domain, query } }),
      transformResponse: (response: LocationSuggestionsResponse) => response.data.suggestions,
      keepUnusedDataFor: SUGGESTIONS_CACHE_SECONDS,
    }),
  }),
});

export const { useSearchPositionsQuery, useSearchSuggestionsQuery, useLocationSuggestionsQuery } = searchApi;
