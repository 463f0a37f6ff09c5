import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice, rootReducer } from '@careers/shared';

/**
 * Client state of the position details: the configuration overrides of the position shown
 * (docs/product/positions-and-map.md#configuration-overrides: fetched per position and merged into the effective
 * pcsxConfig, else reset).
 */
interface PositionState {
  /** The position the overrides belong to; null when none is shown or it has none. */
  positionId: number | null;
  overrides: Record<string, unknown>;
}

const EMPTY: Record<string, unknown> = {};

const initialState: PositionState = { positionId: null, overrides: EMPTY };

const positionSlice = createSlice({
  name: 'position',
  initialState,
  reducers: {
    /** The overrides of the position shown; `{}` resets them. */
    positionOverridesLoaded(state, action: PayloadAction<{ positionId: number; overrides: Record<string, unknown> }>) {
      const { positionId, overrides } = action.payload;
      if (Object.keys(overrides).length === 0) return initialState;
      state.positionId = positionId;
      state.overrides = overrides;
    },
    /** No position shown, another one is loading, or the overrides could not be read. */
    positionOverridesReset() {
      return initialState;
    },
  },
  selectors: {
    selectPositionOverrides: (state) => state.overrides,
    selectPositionOverridesId: (state) => state.positionId,
  },
});

declare module '@careers/shared' {
  interface LazyLoadedSlices {
    position: PositionState;
  }
}

/** The slice joins the page's one store when this module loads (with the widget's bundle). */
const injected = positionSlice.injectInto(rootReducer);

export const { positionOverridesLoaded, positionOverridesReset } = positionSlice.actions;
/**
 * The configuration overrides of the position shown (`{}` when none): merge them into the employer's pcsxConfig
 * with `mergePcsxConfig` (./overrides) to get the effective configuration.
 */
export const { selectPositionOverrides } = injected.selectors;
