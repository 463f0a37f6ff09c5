import { lazy, Suspense, useEffect, useId, useSyncExternalStore, type JSX } from 'react';
import type { BootData } from '../contract';
import type { PendingAction } from '../contract/account';
import type { LoginReason, SignupSettings } from './LoginDialog';
import { matchRoute } from '../contract/routes';
import { navigate } from '../navigation/navigate';
import { useAppSelector } from '../store/store';
import { selectBoot } from '../store/sessionSlice';
import { prepareAuth } from './prepareAuth';
import { reloadPage } from './reload';

// The dialog (its form, its calls) and its texts are downloaded on the first request only.
const LoginDialog = lazy(() =>
  Promise.all([import(/* webpackChunkName: "login-dialog" */ './LoginDialog'), prepareAuth()]).then(([module]) => ({
    default: module.LoginDialog,
  })),
);

/** What to do once the visitor has signed in through the modal (docs/product/routes-and-access.md#sign-in-requests). */
export interface LoginRequest {
  /** Runs after a successful sign-in, before the page refreshes, when the current route's page id (matchRoute in shared/src/contract/routes.ts) or 'login' (the modal itself) is in `routes`. */
  action?: () => Promise<unknown> | unknown;
  /**
   * Page identifiers (docs/product/routes-and-access.md#page-identifiers) where the pending action may run; default
   * ['login'].
   */
  routes?: string[];
  /** Do not reload the page after sign-in (and the action). */
  skipRefresh?: boolean;
  /**
   * The action sign-in is asked for, which the dialog names ("Sign in to save this job."): `'saveJob'`,
   * `'addToCart'` or `'saveSearch'`. Without it the dialog says what signing in offers (save jobs, job cart, alerts).
   */
  reason?: LoginReason;
  /**
   * What to do for the visitor if they create an account instead of signing in: sent with the sign-up, and done by
   * the server once the email is confirmed (the link may open in another tab, where `action` cannot run).
   */
  pendingAction?: PendingAction;
}

/** The page identifier of the modal itself: in `routes`, the action runs wherever the visitor signs in. */
const LOGIN_PAGE = 'login';
/**
 * The search page's sort parameter: signing in resets the sort option
 * (docs/product/routes-and-access.md#sign-in-requests).
 */
const SORT_PARAM = 'sort_by';

/* ------------------------------------------------------------------ module store: the open request, the hosts */

let pending: LoginRequest | null = null;
/** Mounted hosts, first mounted first: only the first one shows the dialog, so a page shows one at a time. */
const hosts: string[] = [];
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getVersion = () => version;

/**
 * Opens the sign-in modal (rendered by the page's {@link LoginModalHost}). A new request replaces one still open.
 * After a successful sign-in the pending `action` runs when the current page is in its `routes` (default: the
 * modal itself, so anywhere), then the page reloads (without `sort_by`) unless `skipRefresh`.
 *
 * @example requestLogin({ reason: 'saveJob', action: () => save(position.id) })
 */
export function requestLogin(request: LoginRequest = {}): void {
  pending = request;
  changed();
}

function closeRequest(request: LoginRequest): void {
  if (pending !== request) return;
  pending = null;
  changed();
}

/**
 * Whether candidates may sign in at this employer (`loginSignupConfig.candidateLoginEnabled`, absent means yes;
 * docs/product/routes-and-access.md#who-may-sign-in). Where they may not, offer signed-out visitors no action that
 * needs signing in.
 */
export function canSignIn(boot: BootData | null | undefined): boolean {
  return boot?.loginSignupConfig?.candidateLoginEnabled !== false;
}

/**
 * What the dialog's sign-up screen needs, where candidates may create an account here
 * (`loginSignupConfig.candidateSignupEnabled`, absent means yes): the employer's consent text and company name.
 * `undefined` where they may not: the dialog then offers sign-in only.
 */
export function signupSettings(boot: BootData | null | undefined): SignupSettings | undefined {
  const config = boot?.loginSignupConfig;
  if (config?.candidateSignupEnabled === false) return undefined;
  const company = boot?.pcsxConfig.branding?.companyName;
  return {
    ...(config?.consentText ? { consentText: config.consentText } : {}),
    ...(company ? { company } : {}),
  };
}

/** Whether a pending action may run on the current page: 'login' in `routes` (the default), or the page's id. */
function actionAllowedHere(routes: readonly string[]): boolean {
  if (routes.includes(LOGIN_PAGE)) return true;
  const page = matchRoute(window.location.pathname)?.route.page;
  return page !== undefined && routes.includes(page);
}

/** The current address (path, query, hash) without the sort parameter. */
function addressWithoutSort(): string {
  const { pathname, search, hash } = window.location;
  const params = new URLSearchParams(search);
  params.delete(SORT_PARAM);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/**
 * After a successful sign-in: the pending action (when allowed here), then the page reloads without `sort_by`.
 * The action's calls carry the signed-in session's CSRF token: the sign-in answer's `x-csrf-token` header replaced
 * the page's token (shared `request`). A failed action is logged and does not stop the reload.
 */
async function completeSignIn(request: LoginRequest): Promise<void> {
  const { action, routes = [LOGIN_PAGE], skipRefresh = false } = request;
  if (action && actionAllowedHere(routes)) {
    try {
      await action();
    } catch (error) {
      console.error('[careers] the action asked for before signing in failed', error);
    }
  }
  const hadSort = new URLSearchParams(window.location.search).has(SORT_PARAM);
  if (skipRefresh) {
    closeRequest(request);
    // No reload: the page's widgets follow the address, so the sort option resets for them now.
    if (hadSort) navigate(addressWithoutSort(), { replace: true });
    return;
  }
  if (hadSort) window.history.replaceState(window.history.state, '', addressWithoutSort());
  reloadPage();
}

/**
 * Shows the sign-in dialog while a {@link requestLogin} is open. A widget that offers actions needing a signed-in
 * candidate renders it once (and adds `authCss` to its styles); when several widgets do, the first one mounted
 * shows the dialog. Closing the dialog drops the request; focus goes back to the control that had it. Where
 * candidates may not sign in ({@link canSignIn}) it shows nothing and drops requests, with a warning.
 */
export function LoginModalHost(): JSX.Element | null {
  const id = useId();
  const boot = useAppSelector(selectBoot);
  useSyncExternalStore(subscribe, getVersion, getVersion);

  useEffect(() => {
    hosts.push(id);
    changed();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      // With no host left (the widgets left the page), an open request is dropped rather than shown later.
      if (hosts.length === 0) pending = null;
      changed();
    };
  }, [id]);

  const request = pending;
  const loginAllowed = canSignIn(boot);
  useEffect(() => {
    if (request && boot && !loginAllowed) {
      console.warn('[careers] sign-in was asked for, but candidate login is switched off for this employer');
      closeRequest(request);
    }
  }, [request, boot, loginAllowed]);

  if (!request || !boot || !loginAllowed || hosts[0] !== id) return null;
  const { pathname, search } = window.location;
  return (
    <Suspense fallback={null}>
      <LoginDialog
        domain={boot.groupId}
        next={`${pathname}${search}`}
        intro={request.reason ?? 'general'}
        signup={signupSettings(boot)}
        pendingAction={request.pendingAction}
        onClose={() => closeRequest(request)}
        onSignedIn={() => void completeSignIn(request)}
      />
    </Suspense>
  );
}
