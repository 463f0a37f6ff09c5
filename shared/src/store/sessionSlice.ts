import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BootData, OnboardingData, Profile } from '../contract';

/**
 * What the embedding page told us at start: domain, candidate, configuration, `microsite` and
 * `profileCompletionData` (docs/product/shell.md#starting-data). Read-only for widgets: the root config dispatches
 * `booted` once; a widget that saves the candidate's profile (or first-run state, or reads how complete the profile is)
 * reports it with `profileSaved`, so every widget shows the saved profile.
 */
export interface SessionState {
  booted: boolean;
  data: BootData | null;
}

/**
 * What a widget saved of the candidate: the profile the server answered, first-run flags that changed, and how
 * complete the profile now is (`profile_analysis`'s answer, the store's `profileCompletionData`).
 */
export interface ProfileSaved {
  profile?: Profile;
  onboarding?: Partial<OnboardingData>;
  profileCompletionData?: BootData['profileCompletionData'];
}

const initialState: SessionState = { booted: false, data: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    booted(_state, action: PayloadAction<BootData>) {
      return { booted: true, data: action.payload };
    },
    profileSaved(state, action: PayloadAction<ProfileSaved>) {
      if (!state.data) return;
      const { profile, onboarding, profileCompletionData } = action.payload;
      if (profile) state.data.profile = profile;
      if (profileCompletionData !== undefined) state.data.profileCompletionData = profileCompletionData;
      if (onboarding) {
        const previous = state.data.onboarding ?? { isOnboarded: false, isBootstrapped: false, tosAttested: false };
        state.data.onboarding = { ...previous, ...onboarding };
      }
    },
  },
  selectors: {
    selectBoot: (state) => state.data,
    selectGroupId: (state) => state.data?.groupId ?? null,
    selectIsLoggedIn: (state) => state.data?.isLoggedIn ?? false,
  },
});

export const { booted, profileSaved } = sessionSlice.actions;
export const { selectBoot, selectGroupId, selectIsLoggedIn } = sessionSlice.selectors;
