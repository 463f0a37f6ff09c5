import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createCareersStore } from '../store/store';
import { booted, profileSaved } from '../store/sessionSlice';
import { baseBootData } from '../testing/render';
import { useEmployerDomain } from './useEmployerDomain';

function withStore(groupId: string | null) {
  const store = createCareersStore();
  if (groupId !== null) store.dispatch(booted(baseBootData({ groupId })));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, wrapper };
}

describe('useEmployerDomain', () => {
  it("is the page's group id, whatever the address says", () => {
    window.history.replaceState(null, '', '/careers/offers?domain=other.example');
    const { wrapper } = withStore('acme.example');
    expect(renderHook(() => useEmployerDomain(), { wrapper }).result.current).toBe('acme.example');
  });

  it("falls back to the address's domain parameter, then to ''", () => {
    window.history.replaceState(null, '', '/careers/offers?domain=acme.example');
    expect(renderHook(() => useEmployerDomain(), { wrapper: withStore('').wrapper }).result.current).toBe(
      'acme.example',
    );
    window.history.replaceState(null, '', '/careers/offers');
    expect(renderHook(() => useEmployerDomain(), { wrapper: withStore(null).wrapper }).result.current).toBe('');
  });
});

describe('profileSaved', () => {
  it('updates the profile and merges first-run flags, leaving the rest of the starting data', () => {
    const { store } = withStore('acme.example');
    const profile = {
      encId: 'p-1',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'King',
      fullname: 'Ada King',
      hasResume: false,
      location: 'London',
    };
    store.dispatch(profileSaved({ profile, onboarding: { isBootstrapped: true } }));
    const after = store.getState().session.data!;
    expect(after.profile).toEqual(profile);
    expect(after.onboarding).toEqual({ isOnboarded: false, isBootstrapped: true, tosAttested: false });
    expect(after.groupId).toBe('acme.example');
  });

  it('does nothing before the starting data', () => {
    const store = createCareersStore();
    store.dispatch(profileSaved({ onboarding: { tosAttested: true } }));
    expect(store.getState().session.data).toBeNull();
  });
});
