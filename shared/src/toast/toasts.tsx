import type { ToastOptions } from 'react-toastify/unstyled';
import { i18n } from '../i18n/i18n';
import { onHttpNotice } from '../http';
import { TOAST_HELPER_MS } from './constants';
import type { ToastKind } from './toastHost';

export { TOAST_DEFAULT_MS, TOAST_HELPER_MS } from './constants';

let host: Promise<typeof import('./toastHost')> | null = null;

/** The toast container's module, downloaded once, on the first toast. */
function toastHost(): Promise<typeof import('./toastHost')> {
  host ??= import(/* webpackChunkName: "toasts" */ './toastHost');
  return host;
}

function show(kind: ToastKind, message: string, options?: ToastOptions): void {
  toastHost()
    .then((module) => module.show(kind, message, options))
    .catch((error: unknown) => {
      host = null; // a failed download is tried again on the next toast
      console.error('[careers] a message could not be shown', message, error);
    });
}

let listening = false;

/**
 * Turns HTTP notices (session timed out, invalid CSRF, 429, 5xx, bad JSON) into toasts (idempotent). The toast
 * container itself, and react-toastify, are downloaded with the first toast.
 */
export function ensureToastHost(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  onHttpNotice((notice) => {
    show('error', i18n.t(`common:${notice.messageKey}`, { defaultValue: notice.message }), {
      toastId: `http-${notice.kind}`,
    });
  });
}

/** Toast helper for widgets. Pass already-translated text. */
export const notify = {
  success: (message: string, options?: ToastOptions) =>
    show('success', message, { autoClose: TOAST_HELPER_MS, ...options }),
  error: (message: string, options?: ToastOptions) =>
    show('error', message, { autoClose: TOAST_HELPER_MS, ...options }),
  info: (message: string, options?: ToastOptions) => show('info', message, { autoClose: TOAST_HELPER_MS, ...options }),
  warning: (message: string, options?: ToastOptions) =>
    show('warning', message, { autoClose: TOAST_HELPER_MS, ...options }),
};
