import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's content is taller than the element (it scrolls), measured now and whenever its size or its
 * content's changes. A region that scrolls needs to be a Tab stop (tabindex 0), so that a keyboard user can scroll
 * it (WCAG 2.1.1; axe's scrollable-region-focusable); one that does not scroll must not be, as a focusable element
 * without a widget role is an empty stop (IBM Equal Access element_tabbable_role_valid, issue 22).
 */
export function useScrollable(ref: RefObject<HTMLElement | null>): boolean {
  const [scrollable, setScrollable] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrollable;
}
