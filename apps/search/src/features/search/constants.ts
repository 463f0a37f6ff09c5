/** Search rules (docs/product/search.md). */
import { STALE_TIME, type StaleTime } from './staleTime';

/** A filter change reloads the results after this pause (ms), so several quick changes make one search. */
export const FILTER_DEBOUNCE_MS = 1000;
/** Suggestions are asked for after this pause in typing (ms). */
export const SUGGESTION_DEBOUNCE_MS = 500;
/**
 * Suggestions are kept this long (s) per term (2 minutes, docs/product/search.md#suggestions), and not asked again
 * meanwhile.
 */
export const SUGGESTIONS_CACHE_SECONDS = STALE_TIME.twoMinutes;
/** A page of results is kept this long (s) after it was last shown, for back and forward. */
export const RESULTS_CACHE_SECONDS = STALE_TIME.tenMinutes;
/**
 * A kept page of results younger than this is shown again without asking (back, forward, a page link); an older
 * one is shown at once and asked for again, so positions that closed meanwhile drop out and counts stay true.
 */
export const RESULTS_STALE_TIME: StaleTime = 'fiveMinutes';
/** Shortest term that asks for suggestions, unless `searchConfig.minSuggestionLength` says otherwise. */
export const DEFAULT_MIN_SUGGESTION_LENGTH = 1;
/** A layout chosen in script follows the window's size once resizing has paused this long (ms). */
export const RESIZE_DEBOUNCE_MS = 250;
/** How long the search's failure toasts stay (ms). */
export const FAILURE_TOAST_MS = 2000;
