import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'escape' | 'outside';

export interface DismissOptions {
  /** Listen only while true. */
  enabled: boolean;
  /** Elements that count as "inside" (the popup and the button that opens it). */
  refs: readonly RefObject<Element | null>[];
  onDismiss: (reason: DismissReason) => void;
}

/**
 * Closes a non-modal popup (a dropdown) on Escape and on a pointer press outside it. Works across shadow roots:
 * a press inside a widget reaches the document retargeted to the shadow host, so "inside" is decided with
 * `event.composedPath()`, which still lists the real elements of open shadow roots.
 */
export function useDismiss({ enabled, refs, onDismiss }: DismissOptions): void {
  const latest = useRef({ refs, onDismiss });
  latest.current = { refs, onDismiss };

  useEffect(() => {
    if (!enabled || typeof document === 'undefined') return;
    const isInside = (event: Event) => {
      const path = typeof event.composedPath === 'function' ? event.composedPath() : [];
      return latest.current.refs.some((ref) => {
        const el = ref.current;
        if (!el) return false;
        if (path.length > 0) return path.includes(el);
        return event.target instanceof Node && el.contains(event.target);
      });
    };
    const onPointerDown = (event: Event) => {
      if (!isInside(event)) latest.current.onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) latest.current.onDismiss('escape');
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [enabled]);
}
