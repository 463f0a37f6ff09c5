import type { PositionSummary, SavedPositionsResponse, SavePositionResponse } from '../contract';
import { api } from './api';

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
    // Each button or card says what failed in its own words.
    silent: true,
  }),
  transformResponse: (response: SavePositionResponse) => response.data.positionUserActions,
  invalidatesTags: (_result: unknown, error: unknown, { positionId }: SavePositionArgs) =>
    error ? [] : savedChanged(positionId),
});

/**
 * The candidate's saved positions, for every widget that shows or changes them (the search widget's Save button,
 * the dashboard's saved-jobs tab): one declaration, so one cache entry per employer and one set of tags. Saving
 * or unsaving flips `isSaved` (docs/product/cart-and-saved.md#saved-jobs); the list (GET /api/pcsx/positions/saved) is
 * silent, as every reader draws its own failure (the page alerts still show).
 */
export const savedPositionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedPositions: build.query<PositionSummary[], { domain: string }>({
      query: ({ domain }) => ({ url: '/api/pcsx/positions/saved', params: { domain }, silent: true }),
      transformResponse: (response: SavedPositionsResponse) => response.data.positions,
      providesTags: ['SavedPositions'],
    }),
    savePosition: build.mutation<PositionUserActions, SavePositionArgs>(flip('/api/pcsx/positions/save')),
    unsavePosition: build.mutation<PositionUserActions, SavePositionArgs>({
      ...flip('/api/pcsx/positions/unsave'),
      // The position leaves a shown saved list at once (back if the call fails); the tags then refresh every reader.
      async onQueryStarted({ domain, positionId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedPositionsApi.util.updateQueryData('savedPositions', { domain }, (positions) =>
            positions.filter((position) => position.id !== positionId),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useSavedPositionsQuery, useSavePositionMutation, useUnsavePositionMutation } = savedPositionsApi;
