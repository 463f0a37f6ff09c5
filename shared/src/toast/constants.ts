/** react-toastify's default display time for the page (spec 001 §9). */
export const TOAST_DEFAULT_MS = 5000;
/** Display time of toasts raised through the `notify` helper unless the caller says otherwise (spec 001 §9). */
export const TOAST_HELPER_MS = 15000;
