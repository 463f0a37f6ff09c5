import { api } from '@careers/shared';
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

const URLS = {
  details: '/api/pcsx/position_details',
  match: '/api/pcsx/match_details',
  insights: '/api/pcsx/position_insights',
  overrides: '/api/pcsx/overrides',
} as const;

/** Paths of the position calls (spec 001 §7), for tests and other features. */
export const POSITION_URLS = URLS;

const baseParams = ({ positionId, domain, hl }: PositionArgs) => ({ position_id: positionId, domain, hl });

/**
 * The position calls (spec 001 §7). They run side by side: the component asks for details, match details and
 * insights in the same render, none waits for another. Every call is `silent` (no page-wide "Server error"
 * toast): a failed details call has its own toast ("Failed to load position details"), and failed match details,
 * insights or overrides only leave their part out.
 *
 * Tags: the details provide `{ type: 'Position', id }` (saving or unsaving a position invalidates it, so its
 * `positionUserActions` are read again); match details also depend on the candidate's profile (`Profile`).
 */
const positionApi = api.enhanceEndpoints({ addTagTypes: ['PositionMatch'] }).injectEndpoints({
  endpoints: (build) => ({
    positionDetails: build.query<PositionDetailsResponse, PositionDetailsArgs>({
      query: (args) => ({
        url: URLS.details,
        params: { ...baseParams(args), queried_location: args.queriedLocation },
        silent: true,
      }),
      transformResponse: (response: PositionDetailsResponse) => ({
        data: response.data,
        metadata: { isFallback: response.metadata?.isFallback === true },
      }),
      providesTags: (_result, _error, { positionId }) => [{ type: 'Position', id: positionId }],
    }),

    matchDetails: build.query<MatchDetails, PositionArgs>({
      query: (args) => ({ url: URLS.match, params: baseParams(args), silent: true }),
      transformResponse: (response: MatchDetailsResponse) => response.data,
      providesTags: (_result, _error, { positionId }) => [{ type: 'PositionMatch', id: positionId }, 'Profile'],
    }),

    positionInsights: build.query<PositionInsight[], PositionArgs>({
      query: (args) => ({ url: URLS.insights, params: baseParams(args), silent: true }),
      transformResponse: (response: PositionInsightsResponse) =>
        Array.isArray(response?.data?.insights) ? response.data.insights : [],
    }),

    positionOverrides: build.query<PositionOverrides, Omit<PositionArgs, 'hl'>>({
      query: ({ positionId, domain }) => ({
        url: URLS.overrides,
        params: { position_id: positionId, domain },
        silent: true,
      }),
      transformResponse: (response: OverridesResponse) => {
        const overrides = response?.data?.overrides;
        return overrides && typeof overrides === 'object' && !Array.isArray(overrides) ? overrides : {};
      },
    }),
  }),
});

export const { usePositionDetailsQuery, useMatchDetailsQuery, usePositionInsightsQuery, usePositionOverridesQuery } =
  positionApi;
