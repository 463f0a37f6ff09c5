import {
  api,
  matchDetailsCall,
  positionDetailsCall,
  positionInsightsCall,
  positionOverridesCall,
} from '@careers/shared';
import type {
  MatchDetailsResponse,
  OverridesResponse,
  PositionDetailsResponse,
  PositionInsightsResponse,
} from '@careers/shared/contract';

/** One position of one employer, with the language the server writes its texts in (insights, match explanation). */
interface PositionArgs {
  positionId: number;
  domain: string;
  /** Language of the server's texts (`hl`). */
  hl?: string;
}

interface PositionDetailsArgs extends PositionArgs {
  /** The search's location (`queried_location`). */
  queriedLocation?: string;
}

export type MatchDetails = MatchDetailsResponse['data'];
export type PositionInsight = PositionInsightsResponse['data']['insights'][number];
type PositionOverrides = OverridesResponse['data']['overrides'];

/** Paths of the position calls (docs/product/positions-and-map.md#position-details), for tests and other features. */
export const POSITION_URLS = {
  details: positionDetailsCall(0, '').url,
  match: matchDetailsCall(0, '').url,
  insights: positionInsightsCall(0, '').url,
  overrides: positionOverridesCall(0, '').url,
} as const;

/**
 * The position calls (docs/product/positions-and-map.md#position-details). They run side by side: the component asks
 * for details, match details and insights in the same render, none waits for another. Every call is `silent` (no
 * page-wide "Server error" toast): a failed details call has its own toast ("Failed to load position details"), and
 * failed match details, insights or overrides only leave their part out.
 *
 * Each address comes from the shared builder the page server plans the position page's first calls with
 * (shared/src/contract/first-screen.ts), so the answers written into the page are the ones these calls read.
 *
 * Tags: the details provide `{ type: 'Position', id }` (saving or unsaving a position invalidates it, so its
 * `positionUserActions` are read again); match details also depend on the candidate's profile (`Profile`).
 */
export const positionApi = api.enhanceEndpoints({ addTagTypes: ['PositionMatch'] }).injectEndpoints({
  endpoints: (build) => ({
    positionDetails: build.query<PositionDetailsResponse, PositionDetailsArgs>({
      query: ({ positionId, domain, hl, queriedLocation }) => ({
        ...positionDetailsCall(positionId, domain, hl, queriedLocation),
        silent: true,
      }),
      transformResponse: (response: PositionDetailsResponse) => ({
        data: response.data,
        metadata: { isFallback: response.metadata?.isFallback === true },
      }),
      providesTags: (_result, _error, { positionId }) => [{ type: 'Position', id: positionId }],
    }),

    matchDetails: build.query<MatchDetails, PositionArgs>({
      query: ({ positionId, domain, hl }) => ({ ...matchDetailsCall(positionId, domain, hl), silent: true }),
      transformResponse: (response: MatchDetailsResponse) => response.data,
      providesTags: (_result, _error, { positionId }) => [{ type: 'PositionMatch', id: positionId }, 'Profile'],
    }),

    positionInsights: build.query<PositionInsight[], PositionArgs>({
      query: ({ positionId, domain, hl }) => ({ ...positionInsightsCall(positionId, domain, hl), silent: true }),
      transformResponse: (response: PositionInsightsResponse) =>
        Array.isArray(response?.data?.insights) ? response.data.insights : [],
    }),

    positionOverrides: build.query<PositionOverrides, Omit<PositionArgs, 'hl'>>({
      query: ({ positionId, domain }) => ({ ...positionOverridesCall(positionId, domain), silent: true }),
      transformResponse: (response: OverridesResponse) => {
        const overrides = response?.data?.overrides;
        return overrides && typeof overrides === 'object' && !Array.isArray(overrides) ? overrides : {};
      },
    }),
  }),
});

export const { usePositionDetailsQuery, useMatchDetailsQuery, usePositionInsightsQuery, usePositionOverridesQuery } =
  positionApi;
