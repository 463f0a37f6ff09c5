import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode, type Ref, type RefObject } from 'react';
import { cx } from './classNames';
import { useFocusTrap } from './useFocusTrap';

export type DialogSize = 'small' | 'medium' | 'large' | 'none';

export interface DialogProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'children'> {
  /** Called on Escape. The parent decides whether to stop rendering the dialog. */
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** Element focused when the dialog opens (the heading or close button); the first tabbable one otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Element focused when the dialog closes; the element focused before it opened otherwise. */
  finalFocusRef?: RefObject<HTMLElement | null>;
  /**
   * The box (`cw-dialog`): small 420 px, medium 480 px (default), large 600 px wide, full screen below 600 px.
   * `none` leaves the layout to `className` (e.g. a full-screen panel).
   */
  size?: DialogSize;
  children: ReactNode;
}

/**
 * A modal dialog: `role="dialog"` with `aria-modal`, focus trapped inside (shadow-root aware), Escape closes,
 * focus goes back when it closes. Render it only while open, inside a {@link DialogBackdrop}. Give its heading the
 * class `cw-dialog__title`, its close button (an IconButton) `cw-dialog__close`, its buttons' row `cw-dialog__actions`.
 */
export function Dialog({
  onClose,
  labelledBy,
  initialFocusRef,
  finalFocusRef,
  size = 'medium',
  className,
  children,
  onKeyDown,
  ...rest
}: DialogProps) {
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
    // Escape and the focus trap are the dialog pattern's own keyboard handling (WAI-ARIA APG).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      {...rest}
      className={
        cx(size !== 'none' && 'cw-dialog', size !== 'none' && size !== 'medium' && `cw-dialog--${size}`, className) ||
        undefined
      }
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onKeyDown={handleKeyDown}
    >
      {children}
    </div>
  );
}

/** The dimmed layer under a modal dialog, covering the page (z-index 1000: above the page, below the toasts). */
export function DialogBackdrop({ className, ...rest }: HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) {
  return <div {...rest} className={cx('cw-dialog-backdrop', className)} />;
}
