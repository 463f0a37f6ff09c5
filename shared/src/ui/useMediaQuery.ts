import { useCallback, useSyncExternalStore } from 'react';

type Win = Window & typeof globalThis;

function getMediaQueryList(query: string, win: Win | undefined): MediaQueryList | null {
  if (!win || typeof win.matchMedia !== 'function') return null;
  try {
    return win.matchMedia(query) ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether a media query matches, kept up to date as the viewport changes.
 * Defensive: where `window.matchMedia` does not exist (server rendering, jsdom, very old browsers) or throws,
 * it returns `fallback` and never subscribes. Old Safari's `addListener` is used when `addEventListener` is absent.
 *
 * @example const isDesktop = useMediaQuery(MEDIA_QUERIES.desktop);
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const win = typeof window === 'undefined' ? undefined : window;

  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = getMediaQueryList(query, win);
      if (!mql) return () => undefined;
      if (typeof mql.addEventListener === 'function') {
        mql.addEventListener('change', onChange);
        return () => mql.removeEventListener('change', onChange);
      }
      // Safari < 14.
      mql.addListener?.(onChange);
      return () => mql.removeListener?.(onChange);
    },
    [query, win],
  );

  const getSnapshot = () => {
    const mql = getMediaQueryList(query, win);
    return mql ? mql.matches : fallback;
  };

  return useSyncExternalStore(subscribe, getSnapshot, () => fallback);
}
