import { createRoot } from 'react-dom/client';
import { ToastContainer, toast, type ToastOptions } from 'react-toastify/unstyled';
import toastifyCss from 'react-toastify/dist/ReactToastify.css';
import { i18n } from '../i18n/i18n';
import { onHttpNotice } from '../http';
import { createShadowHost } from '../widget/shadowHost';
import toastCss from './toasts.css';

/** react-toastify's default display time for the page (spec 001 §9). */
export const TOAST_DEFAULT_MS = 5000;
/** Display time of toasts raised through the `notify` helper unless the caller says otherwise (spec 001 §9). */
export const TOAST_HELPER_MS = 15000;

let mounted = false;

/**
 * Mounts the page's one toast container (idempotent). It lives in its own shadow root at the end of <body>, so
 * the toast styles stay scoped. HTTP notices (session timed out, invalid CSRF, 429, 5xx, bad JSON) become toasts.
 */
export function ensureToastHost(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  // react-toastify declares its theme variables on :root, which does not reach into a shadow root.
  const { host, mountPoint } = createShadowHost('toasts', [toastifyCss.replace(/:root/g, ':host'), toastCss], 'block');
  document.body.appendChild(host);
  createRoot(mountPoint).render(
    <ToastContainer position="top-right" autoClose={TOAST_DEFAULT_MS} newestOnTop closeOnClick={false} />,
  );
  onHttpNotice((notice) => {
    toast.error(i18n.t(`common:${notice.messageKey}`, { defaultValue: notice.message }), {
      toastId: `http-${notice.kind}`,
    });
  });
}

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, message: string, options?: ToastOptions) {
  ensureToastHost();
  return toast[kind](message, { autoClose: TOAST_HELPER_MS, ...options });
}

/** Toast helper for widgets. Pass already-translated text. */
export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
