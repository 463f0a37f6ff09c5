import { useState } from 'react';
import { useAppSelector } from '../store/store';
import { selectBoot } from '../store/sessionSlice';
import { navigate } from '../navigation/navigate';
import { useLocation } from '../navigation/useLocation';
import { defineWidget } from '../widget/defineWidget';
import { LoginDialog } from './LoginDialog';
import { prepareAuth } from './prepareAuth';
import authCss from './auth.css';

/** Where a visitor who closes the sign-in dialog without signing in is sent (spec 000 §2). */
export const LOGGED_OUT_REDIRECT = '/careers';

/**
 * The sign-in dialog for protected pages (spec 000 §2), in one place for every widget: the root config mounts it
 * in the page slot instead of the page's widget when a signed-out visitor opens a protected route. Closing it
 * while still signed out goes to `/careers`; signing in reloads the page, which then renders for the candidate.
 */
export function LoginGate() {
  const session = useAppSelector(selectBoot);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Once closed, the dialog stays closed on the page the visitor was sent to; another protected page opens it.
  const [dismissed, setDismissed] = useState(false);
  if (!session || session.isLoggedIn || (dismissed && location.pathname === LOGGED_OUT_REDIRECT)) return null;
  const close = () => {
    setDismissed(true);
    navigate(LOGGED_OUT_REDIRECT);
  };
  return <LoginDialog domain={session.groupId} next={here} onClose={close} />;
}

/** Name of the sign-in gate's single-spa application (registered by the root config, not in the manifest). */
export const LOGIN_GATE_NAME = 'careers-login';

/** single-spa lifecycles of the sign-in gate, mounted into the page slot. */
export const loginGate = defineWidget({
  name: LOGIN_GATE_NAME,
  App: LoginGate,
  styles: [authCss],
  defaultSlot: 'careers-main',
  display: 'block',
  prepare: prepareAuth,
});
