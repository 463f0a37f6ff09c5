import { api } from '@careers/shared';
import type {
  DeleteSavedSearchResponse,
  SavedSearch,
  SavedSearchResponse,
  SaveSearchBody,
} from '@careers/shared/contract';

interface DeleteSavedSearchArgs {
  /** Employer domain (the page's group id). */
  domain: string;
  savedSearchId: number;
}

/**
 * Saved searches (`savedSearchMetadata`, docs/product/search.md#saved-searches): save the current search, delete a
 * saved one. Both refresh the search results, whose `savedSearchMetadata` says whether the search is saved. Failures
 * raise no page notice: the button shows them beside itself.
 */
const savedSearchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveSearch: build.mutation<SavedSearch, SaveSearchBody>({
      query: (body) => ({ url: '/api/pcsx/saved_searches', method: 'POST', body, silent: true }),
      transformResponse: (response: SavedSearchResponse) => response.data,
      invalidatesTags: (_result, error) => (error ? [] : ['Search']),
    }),
    deleteSavedSearch: build.mutation<number, DeleteSavedSearchArgs>({
      query: ({ domain, savedSearchId }) => ({
        url: '/api/pcsx/saved_searches/delete',
        method: 'POST',
        body: { domain, saved_search_id: savedSearchId },
        silent: true,
      }),
      transformResponse: (response: DeleteSavedSearchResponse) => response.data.savedSearchId,
      invalidatesTags: (_result, error) => (error ? [] : ['Search']),
    }),
  }),
});

export const { useSaveSearchMutation, useDeleteSavedSearchMutation } = savedSearchesApi;
