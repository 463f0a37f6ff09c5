import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Icons,
  ToastContainer,
  toast,
  type CloseButtonProps,
  type IconProps,
  type ToastOptions,
} from 'react-toastify/unstyled';
import toastifyCss from 'react-toastify/dist/ReactToastify.css';
import { createShadowHost } from '../widget/shadowHost';
import toastCss from './toasts.css';
import { TOAST_DEFAULT_MS } from './constants';
import { i18n } from '../i18n/i18n';
import { getActiveElement } from '../ui/focus';

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

/** react-toastify's icon for the kind, marked decorative: the message says what happened. */
function ToastIcon({ type, theme }: IconProps) {
  if (type === 'default') return null;
  const Builtin = Icons[type];
  return <Builtin type={type} theme={theme} aria-hidden="true" focusable="false" />;
}

/**
 * react-toastify 11 makes every toast a Tab stop (tabindex 0, for its own shortcut to reach them), an element with
 * role "alert" and no widget role: a keyboard user meets each toast as an extra stop on the way to the page (IBM
 * Equal Access reports it, issue 22). Its controls (the close button, a "Sign in" link) stay in the Tab order; the
 * toast itself leaves it. React sets the attribute once, when a toast mounts, so marking each new toast holds.
 */
function keepToastsOutOfTabOrder(root: Node): void {
  const untab = () => {
    for (const node of (root as ParentNode).querySelectorAll('.Toastify__toast[tabindex="0"]')) {
      node.setAttribute('tabindex', '-1');
    }
  };
  new MutationObserver(untab).observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['tabindex'],
  });
  untab();
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

let mounted = false;

/** How often, while a modal dialog has focus, the toasts look again whether it is still there. */
const DIALOG_RECHECK_MS = 1000;

/** Whether focus is inside `container`, looking out through the shadow roots it is in. */
function focusWithin(container: Element): boolean {
  for (let node: Node | null = getActiveElement(); node;) {
    if (node === container) return true;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return false;
}

/** Whether focus is in a modal dialog (`aria-modal="true"`), looking out through the shadow roots it is in. */
function focusInModalDialog(): boolean {
  for (let node: Node | null = getActiveElement(); node;) {
    if (node instanceof Element && node.getAttribute('aria-modal') === 'true') return true;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return false;
}

/**
 * Marks the toasts' host while a modal dialog has focus (`data-dialog-open`): toasts then show at the bottom
 * (toasts.css), clear of the dialog's heading and close button at its top; otherwise at the top right, clear of the
 * sticky action bars at the bottom of forms. "Copied to Clipboard" covered the heading of the sign-in dialog opened
 * just after it (issue 22). Checked whenever focus moves (a dialog takes focus when it opens, gives it back when
 * it closes); a toast on screen moves with it.
 */
function followDialogs(host: HTMLElement): void {
  let recheck: ReturnType<typeof setInterval> | undefined;
  // While a pointer is pressed, nothing moves: a press on a toast's close button can make a dialog close or focus
  // move (the dialog takes focus back, or gives it to the control that opened it), and moving the toasts then
  // would take the button from under the pointer before its release: the click was lost (issue 22). The move
  // waits for the release and the click it makes.
  let pressed = false;
  let waiting = false;
  const update = () => {
    if (pressed) {
      waiting = true;
      return;
    }
    // Focus on a toast's own close button or link keeps the toasts where they are.
    if (focusWithin(host)) return;
    const open = focusInModalDialog();
    host.toggleAttribute('data-dialog-open', open);
    // A dialog removed with focus in it sends no focus event (focus just falls to the body): while one is open,
    // look again every second.
    if (open && recheck === undefined) recheck = setInterval(update, DIALOG_RECHECK_MS);
    if (!open && recheck !== undefined) {
      clearInterval(recheck);
      recheck = undefined;
    }
  };
  const press = () => {
    pressed = true;
  };
  const release = () => {
    pressed = false;
    if (!waiting) return;
    waiting = false;
    // After the click the release makes (a task later).
    setTimeout(update, 0);
  };
  document.addEventListener('pointerdown', press, true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  document.addEventListener('focusin', update, true);
  update();
}

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
  followDialogs(host);
  keepToastsOutOfTabOrder(mountPoint);
  createRoot(mountPoint).render(
    // Top right (the whole width on a phone); at the bottom while a modal dialog has focus (followDialogs).
    <ToastContainer
      position="top-right"
      autoClose={TOAST_DEFAULT_MS}
      newestOnTop
      closeOnClick={false}
      closeButton={CloseButton}
      icon={ToastIcon}
    />,
  );
}

export function show(kind: ToastKind, message: ReactNode, options?: ToastOptions): void {
  mount();
  toast[kind](message, options);
}
