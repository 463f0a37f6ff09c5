import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { focusElement, getActiveElement, getTabbableElements } from './focus';

export interface FocusTrapOptions {
  /** Trap only while true. Default true. */
  active?: boolean;
  /** Element to focus when the trap starts; the first tabbable element (or the container) otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Element to focus when the trap ends; the element focused before it started otherwise. */
  finalFocusRef?: RefObject<HTMLElement | null>;
  /** Give focus back when the trap ends. Default true. */
  restoreFocus?: boolean;
}

/**
 * Keeps keyboard focus inside `containerRef` while active: Tab and Shift+Tab wrap around, and focus that lands
 * outside (a click on the page behind, a screen-reader jump) is brought back. Works inside shadow roots: the
 * focused element is found through `shadowRoot.activeElement`, not `document.activeElement` (the shadow host).
 * Returns the `onKeyDown` handler to put on the container.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  { active = true, initialFocusRef, finalFocusRef, restoreFocus = true }: FocusTrapOptions = {},
): { onKeyDown: (event: KeyboardEvent<HTMLElement>) => void } {
  const options = useRef({ initialFocusRef, finalFocusRef, restoreFocus });
  options.current = { initialFocusRef, finalFocusRef, restoreFocus };

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const previous = getActiveElement();
    const doc = container.ownerDocument;

    const first = () => getTabbableElements(container)[0] ?? container;
    focusElement(options.current.initialFocusRef?.current ?? first());

    const onFocusIn = () => {
      const focused = getActiveElement(doc);
      if (focused && !container.contains(focused)) focusElement(first());
    };
    doc.addEventListener('focusin', onFocusIn, true);

    return () => {
      doc.removeEventListener('focusin', onFocusIn, true);
      const { finalFocusRef: final, restoreFocus: restore } = options.current;
      if (!restore) return;
      const target = final?.current ?? (previous instanceof HTMLElement ? previous : null);
      // Let the container leave the DOM first; then give focus back if it is still on the page.
      if (target?.isConnected) focusElement(target);
    };
  }, [active, containerRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const container = containerRef.current;
    if (!active || !container || event.key !== 'Tab') return;
    const tabbables = getTabbableElements(container);
    const focused = getActiveElement(container.ownerDocument);
    if (tabbables.length === 0) {
      event.preventDefault();
      focusElement(container);
      return;
    }
    const firstEl = tabbables[0] as HTMLElement;
    const lastEl = tabbables[tabbables.length - 1] as HTMLElement;
    const inside = focused !== null && container.contains(focused);
    if (event.shiftKey && (!inside || focused === firstEl || focused === container)) {
      event.preventDefault();
      focusElement(lastEl);
    } else if (!event.shiftKey && (!inside || focused === lastEl)) {
      event.preventDefault();
      focusElement(firstEl);
    }
  };

  return { onKeyDown };
}
