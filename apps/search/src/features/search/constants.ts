/** Search rules of spec 001 §4 and §9. */

/** A filter change reloads the results after this pause (ms), so several quick changes make one search. */
export const FILTER_DEBOUNCE_MS = 1000;
/** Suggestions are asked for after this pause in typing (ms). */
export const SUGGESTION_DEBOUNCE_MS = 500;
/** Suggestions are kept this long (s) per term. */
export const SUGGESTIONS_CACHE_SECONDS = 120;
/** A page of results is kept this long (s) after it was last shown, for back and forward. */
export const RESULTS_CACHE_SECONDS = 600;
/** Shortest term that asks for suggestions, unless `searchConfig.minSuggestionLength` says otherwise. */
export const DEFAULT_MIN_SUGGESTION_LENGTH = 1;
/** A layout chosen in script follows the window's size once resizing has paused this long (ms). */
export const RESIZE_DEBOUNCE_MS = 250;
/** How long the search's failure toasts stay (ms). */
export const FAILURE_TOAST_MS = 2000;
