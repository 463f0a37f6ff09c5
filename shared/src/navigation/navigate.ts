export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** History state of the new entry. */
  state?: unknown;
}

/**
 * Client-side navigation within the page: `history.pushState` (or `replaceState`), then a `popstate` event so
 * single-spa reroutes (mounting and unmounting widgets) and every `useLocation` re-renders.
 *
 * single-spa patches `pushState` to dispatch that event itself; to avoid a second one, `navigate` dispatches
 * its own only when none was dispatched during the history call (no single-spa on the page, or the same URL).
 * A URL on another origin is a full page load.
 *
 * @example navigate('/careers/offer/abc12345?domain=acme.example')
 */
export function navigate(url: string, options: NavigateOptions = {}): void {
  if (typeof window === 'undefined') return;
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return;
  }
  if (target.origin !== window.location.origin) {
    window.location.assign(target.href);
    return;
  }
  const path = `${target.pathname}${target.search}${target.hash}`;
  const state = options.state ?? null;

  let announced = false;
  const onPopState = () => {
    announced = true;
  };
  window.addEventListener('popstate', onPopState);
  try {
    if (options.replace) window.history.replaceState(state, '', path);
    else window.history.pushState(state, '', path);
  } finally {
    window.removeEventListener('popstate', onPopState);
  }
  if (!announced) window.dispatchEvent(new PopStateEvent('popstate', { state }));
}

/** Clicks the browser handles itself: modifier keys (new tab or window), another button, a target attribute. */
export function isPlainLeftClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
