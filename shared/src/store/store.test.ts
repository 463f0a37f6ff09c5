import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BootData } from '../contract';
import { booted, selectBoot, selectGroupId, selectIsLoggedIn, sessionSlice } from './sessionSlice';
import { createCareersStore, rootReducer, store } from './store';

interface TestCounterState {
  value: number;
}

// How a widget declares its lazily injected slice (see LazyLoadedSlices in store.ts).
declare module './store' {
  interface LazyLoadedSlices {
    testCounter: TestCounterState;
  }
}

const boot: BootData = {
  groupId: 'acme.example',
  isLoggedIn: true,
  user: { id: 'u1', email: 'ada@example.com' },
  profile: null,
  pcsxConfig: {},
  behaviourFlags: {},
  notificationsConfig: { enabled: true, hasActionRequiredNotificationsConfigured: false },
  supportedLanguages: ['en'],
  language: 'en',
  manifestUrl: '/widgets/manifest.json',
};

describe('session slice', () => {
  it('starts not booted, with no data', () => {
    const s = createCareersStore();
    expect(s.getState().session).toEqual({ booted: false, data: null });
    expect(selectBoot(s.getState())).toBeNull();
    expect(selectGroupId(s.getState())).toBeNull();
    expect(selectIsLoggedIn(s.getState())).toBe(false);
  });

  it('booted stores the starting data', () => {
    const s = createCareersStore();
    s.dispatch(booted(boot));
    expect(s.getState().session).toEqual({ booted: true, data: boot });
    expect(selectBoot(s.getState())).toEqual(boot);
    expect(selectGroupId(s.getState())).toBe('acme.example');
    expect(selectIsLoggedIn(s.getState())).toBe(true);
  });

  it('a later booted replaces the data', () => {
    const s = createCareersStore();
    s.dispatch(booted(boot));
    s.dispatch(booted({ ...boot, groupId: 'other.example', isLoggedIn: false, user: null }));
    expect(selectGroupId(s.getState())).toBe('other.example');
    expect(selectIsLoggedIn(s.getState())).toBe(false);
  });

  it('has the action type widgets can listen for', () => {
    expect(booted(boot).type).toBe('session/booted');
    expect(sessionSlice.reducerPath).toBe('session');
  });
});

describe('store', () => {
  it('holds the session and the RTK Query cache', () => {
    const state = createCareersStore().getState();
    expect(Object.keys(state)).toEqual(expect.arrayContaining(['session', 'careersApi']));
  });

  it('each createCareersStore is separate', () => {
    const a = createCareersStore();
    const b = createCareersStore();
    a.dispatch(booted(boot));
    expect(selectIsLoggedIn(a.getState())).toBe(true);
    expect(selectIsLoggedIn(b.getState())).toBe(false);
  });

  it('the page store accepts booted', () => {
    store.dispatch(booted(boot));
    expect(selectGroupId(store.getState())).toBe('acme.example');
  });
});

describe('rootReducer.inject (lazy slices)', () => {
  const counterSlice = createSlice({
    name: 'testCounter',
    initialState: { value: 0 } as TestCounterState,
    reducers: {
      added(state, action: PayloadAction<number>) {
        state.value += action.payload;
      },
    },
    selectors: {
      selectValue: (state) => state.value,
    },
  });

  it('adds a widget slice to a running store, next to the session', () => {
    const s = createCareersStore();
    s.dispatch(booted(boot));
    expect(s.getState().testCounter).toBeUndefined();

    const injected = counterSlice.injectInto(rootReducer);
    // Its selectors give the initial state even before the store has seen an action.
    expect(injected.selectors.selectValue(s.getState())).toBe(0);

    s.dispatch(counterSlice.actions.added(2));
    s.dispatch(counterSlice.actions.added(3));
    expect(s.getState().testCounter).toEqual({ value: 5 });
    expect(injected.selectors.selectValue(s.getState())).toBe(5);
    // The existing state is kept.
    expect(selectGroupId(s.getState())).toBe('acme.example');
  });

  it('works through rootReducer.inject on the page store', () => {
    rootReducer.inject(counterSlice);
    store.dispatch(counterSlice.actions.added(1));
    expect(store.getState().testCounter?.value).toBeGreaterThanOrEqual(1);
    const before = store.getState().testCounter!.value;
    store.dispatch(counterSlice.actions.added(4));
    expect(store.getState().testCounter!.value).toBe(before + 4);
  });

  it('injecting the same slice again keeps its state', () => {
    const s = createCareersStore();
    rootReducer.inject(counterSlice);
    s.dispatch(counterSlice.actions.added(7));
    rootReducer.inject(counterSlice);
    s.dispatch({ type: 'noop' });
    expect(s.getState().testCounter).toEqual({ value: 7 });
  });
});
