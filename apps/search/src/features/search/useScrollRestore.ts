import { useEffect, useRef } from 'react';

/**
 * Back and forward restore where the page was scrolled (spec: back and forward restore the exact results,
 * selection and scroll). The scroll is kept in the history entry (see `rememberScroll`) and restored once the
 * entry's results are shown.
 */
export function useScrollRestore(ready: boolean): void {
  const target = useRef<number | null>(null);
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const value = (event.state as { careersSearchScroll?: unknown } | null)?.careersSearchScroll;
      target.current = typeof value === 'number' ? value : null;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useEffect(() => {
    if (ready && target.current !== null) {
      window.scrollTo(0, target.current);
      target.current = null;
    }
  });
}
