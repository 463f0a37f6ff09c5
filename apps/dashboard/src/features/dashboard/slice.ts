import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice, rootReducer } from '@careers/shared';

/** Client state of the dashboard feature: whether the candidate closed the introduction. */
interface DashboardState {
  introClosed: boolean;
}

const initialState: DashboardState = { introClosed: false };

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    introClosed(state, action: PayloadAction<boolean>) {
      state.introClosed = action.payload;
    },
  },
  selectors: {
    selectIntroClosed: (state) => state.introClosed,
  },
});

declare module '@careers/shared' {
  interface LazyLoadedSlices {
    dashboard: DashboardState;
  }
}

/** The slice joins the page's one store when this module loads (with the widget's bundle). */
const injected = dashboardSlice.injectInto(rootReducer);

export const { introClosed } = dashboardSlice.actions;
export const { selectIntroClosed } = injected.selectors;
