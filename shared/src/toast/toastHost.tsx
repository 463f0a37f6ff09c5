import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast, type CloseButtonProps, type ToastOptions } from 'react-toastify/unstyled';
import toastifyCss from 'react-toastify/dist/ReactToastify.css';
import { createShadowHost } from '../widget/shadowHost';
import toastCss from './toasts.css';
import { TOAST_DEFAULT_MS } from './constants';
import { i18n } from '../i18n/i18n';

/** react-toastify's close button (its class and cross), named in the page's language ("close" otherwise). */
function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--light"
      aria-label={i18n.t('common:toast.close', { defaultValue: 'Close notification' })}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

let mounted = false;

/**
 * The page's one toast container, mounted on first use: in its own shadow root at the end of <body>, so the
 * toast styles stay scoped. This module (react-toastify and its styles) is a chunk of its own, downloaded when the
 * first toast is shown, not with the page.
 */
function mount(): void {
  if (mounted) return;
  mounted = true;
  // react-toastify declares its theme variables on :root, which does not reach into a shadow root.
  const { host, mountPoint } = createShadowHost('toasts', [toastifyCss.replace(/:root/g, ':host'), toastCss], 'block');
  document.body.appendChild(host);
  createRoot(mountPoint).render(
    // At the bottom, in the middle: a dialog's heading and close button are at its top, so a toast shown just
    // before a dialog opens (a link copied, then Save asks to sign in) no longer covers them; the toast is still
    // announced (role="alert"). On a phone react-toastify spans the width there (issue 22).
    <ToastContainer
      position="bottom-center"
      autoClose={TOAST_DEFAULT_MS}
      newestOnTop
      closeOnClick={false}
      closeButton={CloseButton}
    />,
  );
}

export function show(kind: ToastKind, message: ReactNode, options?: ToastOptions): void {
  mount();
  toast[kind](message, options);
}
