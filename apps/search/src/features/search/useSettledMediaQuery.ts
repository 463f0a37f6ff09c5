import { useEffect, useState } from 'react';
import { useMediaQuery } from '@careers/shared';
import { RESIZE_DEBOUNCE_MS } from './constants';

/**
 * A media query's answer for a layout chosen in script (the search page's desktop or phone layout), settled: when
 * the answer changes, the layout follows once the window has stopped resizing for 250 ms
 * (docs/product/search.md#layout). Dragging a window's edge across the breakpoint would otherwise swap the layouts back
 * and forth, each swap remounting the open position and losing its scroll and focus. The first answer is used at once.
 */
export function useSettledMediaQuery(query: string): boolean {
  const live = useMediaQuery(query);
  const [settled, setSettled] = useState(live);
  useEffect(() => {
    if (live === settled) return undefined;
    const settle = () => setSettled(live);
    let timer = setTimeout(settle, RESIZE_DEBOUNCE_MS);
    // Every resize while the answer differs starts the pause again.
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [live, settled]);
  return settled;
}
