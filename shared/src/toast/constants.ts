/** react-toastify's default display time for the page (docs/product/errors-and-limits.md#toasts). */
export const TOAST_DEFAULT_MS = 5000;
/**
 * Display time of toasts raised through the `notify` helper unless the caller says otherwise
 * (docs/product/errors-and-limits.md#toasts).
 */
export const TOAST_HELPER_MS = 15000;
