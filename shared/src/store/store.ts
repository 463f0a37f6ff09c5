import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from '../api/api';
import { sessionSlice } from './sessionSlice';

/**
 * Slices that widgets inject at run time. A widget declares its slice here by module augmentation:
 *   declare module '@careers/shared' { interface LazyLoadedSlices { offers: OffersState } }
 * and injects it with `rootReducer.inject(offersSlice)` when its bundle loads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export function createCareersStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

/** The one store of the page. `@careers/shared` is a federated singleton, so every widget gets this instance. */
export const store = createCareersStore();
setupListeners(store.dispatch);

export type CareersStore = ReturnType<typeof createCareersStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = CareersStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<CareersStore>();
