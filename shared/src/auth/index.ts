/** Sign-in for protected pages: the dialog, the gate the root config mounts, their texts and styles. */
export { LoginGate, loginGate, LOGIN_GATE_NAME, loggedOutRedirect, SHOW_LOGIN_PARAM, asksForLogin } from './LoginGate';
export { requestLogin, LoginModalHost, canSignIn, type LoginRequest } from './loginModal';
export { prepareAuth, AUTH_NAMESPACE } from './prepareAuth';
export { signOut } from './signOut';
export { default as authCss } from './auth.css';
