import { useEffect, useRef, type ReactNode } from 'react';
import { cx, ErrorMessage, focusElement } from '@careers/shared';

/**
 * What the alert stands next to, which sets its spacing (offers.css, `cw-offers-action-error--*`):
 * - `form`: above a form's submit button; the form's gap spaces it (the default).
 * - `frame`: above the e-sign frame, with room below it.
 * - `header`: under a page header's action button (Decline), with room above it and a narrow measure.
 */
type ActionAlertPlacement = 'form' | 'frame' | 'header';

export interface ActionAlertProps {
  id?: string;
  /** Move focus to the alert when it appears (when the control that failed is no longer where focus was). */
  focusOnShow?: boolean;
  placement?: ActionAlertPlacement;
  children: ReactNode;
}

/**
 * A persistent inline error next to the action that failed (docs/product/offers-and-signing.md#failure-messages), in
 * addition to the failure toast. Render it only while the failure stands: each new render after being removed is
 * announced again.
 */
export function ActionAlert({ id, focusOnShow = false, placement = 'form', children }: ActionAlertProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnShow) focusElement(ref.current);
  }, [focusOnShow]);
  return (
    <ErrorMessage
      ref={ref}
      id={id}
      role="alert"
      className={cx('cw-offers-action-error', placement !== 'form' && `cw-offers-action-error--${placement}`)}
      tabIndex={focusOnShow ? -1 : undefined}
    >
      {children}
    </ErrorMessage>
  );
}
