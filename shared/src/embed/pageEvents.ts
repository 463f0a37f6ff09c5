/**
 * The browser events between the widgets and the employer's own page script (docs/product/shell.md#page-events):
 * the page learns whether a candidate is signed in (its "Sign in" / "Sign out" link), and asks the widgets to open
 * the sign-in dialog or to sign out, which only they can do (the session is an httpOnly cookie of the careers
 * server). All on `window`.
 */

/** Sent by the widgets once started, and again after each change: whether a candidate is signed in, and their name. */
export const SESSION_EVENT = 'careers:session';
/** Sent by the page to open the widgets' sign-in dialog. */
export const SIGN_IN_EVENT = 'careers:sign-in';
/** Sent by the page to sign the candidate out. */
export const SIGN_OUT_EVENT = 'careers:sign-out';

export interface SessionEventDetail {
  signedIn: boolean;
  /** The candidate's first name (or email) for the page's account link; null when signed out. */
  name: string | null;
}

/** Tells the page who is signed in; also kept on `<html data-careers-signed-in>` for a page script that starts later. */
export function announceSession(detail: SessionEventDetail): void {
  document.documentElement.toggleAttribute('data-careers-signed-in', detail.signedIn);
  window.dispatchEvent(new CustomEvent<SessionEventDetail>(SESSION_EVENT, { detail }));
}

/** Runs `signIn` / `signOut` when the page asks; returns a function that stops listening. */
export function followPageRequests(handlers: { signIn(): void; signOut(): void }): () => void {
  const signIn = () => handlers.signIn();
  const signOut = () => handlers.signOut();
  window.addEventListener(SIGN_IN_EVENT, signIn);
  window.addEventListener(SIGN_OUT_EVENT, signOut);
  return () => {
    window.removeEventListener(SIGN_IN_EVENT, signIn);
    window.removeEventListener(SIGN_OUT_EVENT, signOut);
  };
}
