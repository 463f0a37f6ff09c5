import type { ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify/unstyled';
import { i18n } from '../i18n/i18n';
import { onCareersServerOrigin, onHttpNotice, type HttpNotice } from '../http';
import { canSignIn } from '../auth/loginModal';
import { SHOW_LOGIN_PARAM } from '../auth/LoginGate';
import { sitePath } from '../contract/routes';
import { store } from '../store/store';
import { selectBoot } from '../store/sessionSlice';
import { TOAST_HELPER_MS } from './constants';
import type { ToastKind } from './toastHost';

export { TOAST_DEFAULT_MS, TOAST_HELPER_MS } from './constants';

let host: Promise<typeof import('./toastHost')> | null = null;

/** The toast container's module, downloaded once, on the first toast. */
function toastHost(): Promise<typeof import('./toastHost')> {
  host ??= import(/* webpackChunkName: "toasts" */ './toastHost');
  return host;
}

function show(kind: ToastKind, message: ReactNode, options?: ToastOptions, onFailed?: () => void): void {
  toastHost()
    .then((module) => module.show(kind, message, options))
    .catch((error: unknown) => {
      host = null; // a failed download is tried again on the next toast
      onFailed?.();
      console.error('[careers] a message could not be shown', message, error);
    });
}

/**
 * The careers sign-in page's address for coming back here (it sends the candidate back to `next` once signed in):
 * the employer's domain, the page language and the current address as `next`. On an employer's page of another
 * origin, where that page is not, this page with `show_login_modal=1`: the sign-in dialog over it.
 */
function signInHref(domain: string | undefined): string {
  const { pathname, search, hash } = window.location;
  if (!onCareersServerOrigin()) {
    const params = new URLSearchParams(search);
    params.set(SHOW_LOGIN_PARAM, '1');
    return `${pathname}?${params.toString()}${hash}`;
  }
  const hl = new URLSearchParams(search).get('hl');
  return sitePath('/careers/login', {}, { domain, hl, next: `${pathname}${search}${hash}` });
}

/**
 * What a notice's toast says, in the page's language. "Session timed out." comes with the sign-in prompt
 * (docs/product/errors-and-limits.md#page-alerts): a link to the sign-in page that brings the candidate back to this
 * page, where the employer lets candidates sign in.
 */
function noticeContent(notice: HttpNotice): ReactNode {
  const text = i18n.t(`common:${notice.messageKey}`, { defaultValue: notice.message });
  const boot = selectBoot(store.getState());
  if (notice.kind !== 'sessionTimedOut' || !boot || !canSignIn(boot)) return text;
  return (
    <span>
      {text}{' '}
      <a className="cw-toast-action" href={signInHref(boot.groupId)}>
        {i18n.t('common:http.signIn', { defaultValue: 'Sign in' })}
      </a>
    </span>
  );
}

let listening = false;

/**
 * Turns HTTP notices (session timed out, invalid CSRF, 429, 5xx, bad JSON) into toasts (idempotent: the page has
 * one listener however many widgets mount, so a failure shows one toast). A notice of a kind already on screen
 * does not add a second toast (several calls failing for one cause, e.g. a session that ended, say it once). The
 * session time-out stays until closed, as it carries the sign-in link. The toast container itself, and
 * react-toastify, are downloaded with the first toast.
 */
export function ensureToastHost(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  // The kinds on screen now; a kind leaves the set when its toast closes. Each toast has an id of its own, so a
  // toast still leaving the screen does not hold back the next failure's.
  const onScreen = new Set<string>();
  let shown = 0;
  onHttpNotice((notice) => {
    if (onScreen.has(notice.kind)) return;
    onScreen.add(notice.kind);
    const closed = () => onScreen.delete(notice.kind);
    shown += 1;
    show(
      'error',
      noticeContent(notice),
      {
        toastId: `http-${notice.kind}-${shown}`,
        onClose: closed,
        ...(notice.kind === 'sessionTimedOut' ? { autoClose: false } : {}),
      },
      closed,
    );
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
