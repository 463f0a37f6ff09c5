import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useFocusTrap } from './useFocusTrap';

export interface DialogProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'children'> {
  /** Called on Escape. The parent decides whether to stop rendering the dialog. */
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** Element focused when the dialog opens (the heading or close button); the first tabbable one otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Element focused when the dialog closes; the element focused before it opened otherwise. */
  finalFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal dialog: `role="dialog"` with `aria-modal`, focus trapped inside (shadow-root aware), Escape closes,
 * focus goes back when it closes. Render it only while open. Layout (full screen, centred box) is up to the
 * `className` given.
 */
export function Dialog({ onClose, labelledBy, initialFocusRef, finalFocusRef, children, onKeyDown, ...rest }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const trap = useFocusTrap(ref, { initialFocusRef, finalFocusRef });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    trap.onKeyDown(event);
  };

  return (
    <div {...rest} ref={ref} role="dialog" aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1} onKeyDown={handleKeyDown}>
      {children}
    </div>
  );
}
