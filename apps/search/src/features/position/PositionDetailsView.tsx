import { lazy } from 'react';
import type { PositionDetailsProps } from './components/PositionDetails';

type PositionModule = typeof import('./components/PositionDetails');

let loaded: PositionModule | null = null;
let loading: Promise<PositionModule> | null = null;

/**
 * Loads the position view: its own chunk (`search-position`, with the HTML sanitiser), so the search page's first
 * results do not wait for it. Loaded once; a failed load may be tried again.
 */
export function loadPositionDetails(): Promise<PositionModule> {
  loading ??= import(/* webpackChunkName: "search-position" */ './components/PositionDetails').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const LazyPositionDetails = lazy(() => loadPositionDetails().then((module) => ({ default: module.PositionDetails })));

/**
 * The position view: rendered at once when its chunk is already loaded (a position page loads it before the widget
 * mounts, so the page draws the position in its first commit, with no empty frame), else through `lazy` (the
 * caller's Suspense boundary shows its fallback meanwhile).
 */
export function PositionDetailsView(props: PositionDetailsProps) {
  return loaded ? <loaded.PositionDetails {...props} /> : <LazyPositionDetails {...props} />;
}
