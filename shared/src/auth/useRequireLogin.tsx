import { useCallback, useState, type ReactElement } from 'react';
import { useAppSelector } from '../store/store';
import { selectBoot } from '../store/sessionSlice';
import { navigate } from '../navigation/navigate';
import { useLocation } from '../navigation/useLocation';
import { LoginDialog } from './LoginDialog';

/** Where a visitor who closes the sign-in dialog without signing in is sent (spec 000 §2). */
export const LOGGED_OUT_REDIRECT = '/careers';

export interface RequireLoginOptions {
  /** Where to go when the dialog is closed while still logged out. Default `/careers`. */
  redirectTo?: string;
}

export interface RequireLogin {
  /** `unknown` until the page's starting data is in the store. */
  status: 'unknown' | 'loggedIn' | 'loggedOut';
  /** The sign-in dialog to render while logged out; null otherwise. */
  loginDialog: ReactElement | null;
}

/**
 * Guard for protected pages (spec 000 §2): a visitor the page reports as logged out gets the sign-in dialog;
 * closing it while still logged out navigates to `/careers`. Signing in reloads the page.
 *
 * @example
 *   const { status, loginDialog } = useRequireLogin();
 *   if (status !== 'loggedIn') return loginDialog;
 */
export function useRequireLogin({ redirectTo = LOGGED_OUT_REDIRECT }: RequireLoginOptions = {}): RequireLogin {
  const session = useAppSelector(selectBoot);
  const location = useLocation();
  const [closed, setClosed] = useState(false);
  const close = useCallback(() => {
    setClosed(true);
    navigate(redirectTo);
  }, [redirectTo]);

  if (!session) return { status: 'unknown', loginDialog: null };
  if (session.isLoggedIn) return { status: 'loggedIn', loginDialog: null };
  return {
    status: 'loggedOut',
    loginDialog: closed ? null : (
      <LoginDialog domain={session.groupId} next={`${location.pathname}${location.search}`} onClose={close} />
    ),
  };
}
