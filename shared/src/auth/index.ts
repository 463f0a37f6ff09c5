/** Sign-in for protected pages: the dialog, the guard hook, their texts and styles. */
export { LoginDialog, LOGIN_PATH, type LoginDialogProps } from './LoginDialog';
export { useRequireLogin, LOGGED_OUT_REDIRECT, type RequireLogin, type RequireLoginOptions } from './useRequireLogin';
export { prepareAuth, AUTH_NAMESPACE } from './prepareAuth';
export { default as authCss } from './auth.css';
