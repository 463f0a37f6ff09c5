import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../store/store';
import { selectBoot } from '../store/sessionSlice';
import { navigate } from '../navigation/navigate';
import { useLocation } from '../navigation/useLocation';
import { defineWidget } from '../widget/defineWidget';
import { matchRoute, requiresLogin, sitePath } from '../contract/routes';
import { prepareAuth } from './prepareAuth';
import { signupSettings } from './loginModal';
import authCss from './auth.css';

// The dialog (its form, its calls) is a chunk of its own: most pages never show it.
const LoginDialog = lazy(() =>
  import(/* webpackChunkName: "login-dialog" */ './LoginDialog').then((m) => ({ default: m.LoginDialog })),
);

/**
 * Where a visitor who closes the sign-in dialog without signing in is sent
 * (docs/product/routes-and-access.md#protected-routes).
 */
export const loggedOutRedirect = (): string => sitePath('/careers/:query?/:location?');

/**
 * The query parameter that opens the sign-in dialog on load (docs/product/routes-and-access.md#sign-in-dialog), with
 * the values that do.
 */
export const SHOW_LOGIN_PARAM = 'show_login_modal';

/** Whether an address's query asks for the sign-in dialog (`show_login_modal=1` or `true`). */
export function asksForLogin(search: string): boolean {
  const value = new URLSearchParams(search).get(SHOW_LOGIN_PARAM)?.toLowerCase();
  return value === '1' || value === 'true';
}

/**
 * The sign-in dialog, in one place for every widget: the root config mounts it in the page slot instead of the
 * page's widget when a signed-out visitor opens a protected route (docs/product/routes-and-access.md#protected-routes),
 * and over the page when an address carries `show_login_modal=1` (docs/product/routes-and-access.md#sign-in-dialog).
 * Closing it while still signed out goes to `/careers` from a protected route, and otherwise stays on the page without
 * the parameter. Signing in reloads the page (without the parameter), which then renders for the candidate. Its intro
 * says why: the page is for signed-in candidates (protected route), or, over a public page, what signing in offers.
 */
export function LoginGate() {
  const session = useAppSelector(selectBoot);
  const location = useLocation();
  const match = matchRoute(location.pathname);
  const isProtected = match !== null && requiresLogin(match.route, session?.pcsxConfig.applyFormConfig);
  const params = new URLSearchParams(location.search);
  params.delete(SHOW_LOGIN_PARAM);
  const query = params.toString();
  const here = `${location.pathname}${query ? `?${query}` : ''}`;
  // Once closed, the dialog stays closed on the page the visitor was sent to; another protected page opens it.
  const [dismissed, setDismissed] = useState(false);
  if (!session || session.isLoggedIn || (dismissed && location.pathname === loggedOutRedirect())) return null;
  const close = () => {
    setDismissed(true);
    navigate(isProtected ? loggedOutRedirect() : here, { replace: !isProtected });
  };
  return (
    <Suspense fallback={null}>
      <LoginDialog
        domain={session.groupId}
        next={here}
        onClose={close}
        intro={isProtected ? 'protectedPage' : 'general'}
        signup={signupSettings(session)}
      />
    </Suspense>
  );
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
