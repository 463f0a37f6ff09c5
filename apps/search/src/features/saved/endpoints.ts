import { api } from '@careers/shared';
import type { PositionSummary, SavedPositionsResponse, SavePositionResponse } from '@careers/shared/contract';

/** What the candidate did with a position (saved, in the cart). */
export type PositionUserActions = PositionSummary['positionUserActions'];

export interface SavePositionArgs {
  positionId: number;
  /** Employer domain (the page's group id). */
  domain: string;
}

/** A change of the saved flag refreshes the results (their flags), the position's details and the saved list. */
const savedChanged = (positionId: number) => [
  'Search' as const,
  { type: 'Position' as const, id: positionId },
  'SavedPositions' as const,
];

const flip = (path: string) => ({
  query: ({ positionId, domain }: SavePositionArgs) => ({
    url: path,
    method: 'POST' as const,
    body: { domain, position_id: positionId },
    // The button says what failed in its own words.
    silent: true,
  }),
  transformResponse: (response: SavePositionResponse) => response.data.positionUserActions,
  invalidatesTags: (_result: unknown, error: unknown, { positionId }: SavePositionArgs) =>
    error ? [] : savedChanged(positionId),
});

/**
 * Saving and unsaving positions (spec 001 §4 "Position details": saving or unsaving flips isSaved) and the
 * candidate's saved positions (GET /api/pcsx/positions/saved, the cross-widget `SavedPositions` tag).
 */
export const savedApi = api.injectEndpoints({
  endpoints: (build) => ({
    savePosition: build.mutation<PositionUserActions, SavePositionArgs>(flip('/api/pcsx/positions/save')),
    unsavePosition: build.mutation<PositionUserActions, SavePositionArgs>(flip('/api/pcsx/positions/unsave')),
    savedPositions: build.query<PositionSummary[], { domain: string }>({
      query: ({ domain }) => ({ url: '/api/pcsx/positions/saved', params: { domain } }),
      transformResponse: (response: SavedPositionsResponse) => response.data.positions,
      providesTags: ['SavedPositions'],
    }),
  }),
});

export const { useSavePositionMutation, useUnsavePositionMutation, useSavedPositionsQuery } = savedApi;
