import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice, rootReducer } from '@careers/shared';

/** Client state of the search page; the search itself lives in the address (see ./address.ts). */
interface SearchState {
  /**
   * Filters the candidate chose that are not searched yet: a filter change waits 1,000 ms
   * (docs/product/search.md#filters) so several quick changes make one search. Null when nothing is waiting.
   */
  pendingFilters: Record<string, string[]> | null;
  /**
   * The candidate opened (true) or closed (false) the map; null until they choose, and then the employer's
   * `searchConfig.mapConfig.isMapOpenByDefault` decides (docs/product/positions-and-map.md#map-view).
   */
  mapOpen: boolean | null;
}

const initialState: SearchState = { pendingFilters: null, mapOpen: null };

const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    filtersPending(state, action: PayloadAction<Record<string, string[]>>) {
      state.pendingFilters = action.payload;
    },
    filtersSettled(state) {
      state.pendingFilters = null;
    },
    mapToggled(state, action: PayloadAction<boolean>) {
      state.mapOpen = action.payload;
    },
  },
  selectors: {
    selectPendingFilters: (state) => state.pendingFilters,
    selectMapOpen: (state) => state.mapOpen,
  },
});

declare module '@careers/shared' {
  interface LazyLoadedSlices {
    search: SearchState;
  }
}

/** The slice joins the page's one store when this module loads (with the widget's bundle). */
const injected = searchSlice.injectInto(rootReducer);

export const { filtersPending, filtersSettled, mapToggled } = searchSlice.actions;
export const { selectPendingFilters, selectMapOpen } = injected.selectors;
