import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast, type ToastOptions } from 'react-toastify/unstyled';
import toastifyCss from 'react-toastify/dist/ReactToastify.css';
import { createShadowHost } from '../widget/shadowHost';
import toastCss from './toasts.css';
import { TOAST_DEFAULT_MS } from './constants';

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
    <ToastContainer position="top-right" autoClose={TOAST_DEFAULT_MS} newestOnTop closeOnClick={false} />,
  );
}

export function show(kind: ToastKind, message: ReactNode, options?: ToastOptions): void {
  mount();
  toast[kind](message, options);
}
