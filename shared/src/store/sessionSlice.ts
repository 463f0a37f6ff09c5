import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BootData } from '../contract';

/** What the embedding page told us at start: domain, candidate, configuration. Read-only for widgets. */
export interface SessionState {
  booted: boolean;
  data: BootData | null;
}

const initialState: SessionState = { booted: false, data: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    booted(_state, action: PayloadAction<BootData>) {
      return { booted: true, data: action.payload };
    },
  },
  selectors: {
    selectBoot: (state) => state.data,
    selectGroupId: (state) => state.data?.groupId ?? null,
    selectIsLoggedIn: (state) => state.data?.isLoggedIn ?? false,
  },
});

export const { booted } = sessionSlice.actions;
export const { selectBoot, selectGroupId, selectIsLoggedIn } = sessionSlice.selectors;
