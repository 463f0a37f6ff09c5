import { useMemo, useSyncExternalStore } from 'react';

/** The parts of the page address a widget routes on. */
export interface PageLocation {
  href: string;
  pathname: string;
  search: string;
  hash: string;
  searchParams: URLSearchParams;
}

/** Events after which the address may have changed (single-spa fires its routing event after every reroute). */
const LOCATION_EVENTS = ['popstate', 'hashchange', 'single-spa:routing-event'] as const;

function subscribe(onChange: () => void): () => void {
  for (const type of LOCATION_EVENTS) window.addEventListener(type, onChange);
  return () => {
    for (const type of LOCATION_EVENTS) window.removeEventListener(type, onChange);
  };
}

const snapshot = () => window.location.href;
const serverSnapshot = () => 'http://localhost/';

/**
 * The page address, re-rendering on `popstate`, `hashchange` and `single-spa:routing-event` (so after
 * {@link navigate}, the back and forward buttons, and navigations made by other widgets).
 */
export function useLocation(): PageLocation {
  const href = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return useMemo(() => {
    const url = new URL(href);
    return { href, pathname: url.pathname, search: url.search, hash: url.hash, searchParams: url.searchParams };
  }, [href]);
}
