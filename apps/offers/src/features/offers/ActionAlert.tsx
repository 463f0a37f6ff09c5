import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { focusElement } from '@careers/shared';

export interface ActionAlertProps {
  id?: string;
  /** Move focus to the alert when it appears (when the control that failed is no longer where focus was). */
  focusOnShow?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A persistent inline error next to the action that failed (spec 000 §8 helper error texts), in addition to the
 * failure toast. Render it only while the failure stands: each new render after being removed is announced again.
 */
export function ActionAlert({ id, focusOnShow = false, style, children }: ActionAlertProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnShow) focusElement(ref.current);
  }, [focusOnShow]);
  return (
    <p
      ref={ref}
      id={id}
      role="alert"
      className="cw-offers-field__error cw-offers-action-error"
      tabIndex={focusOnShow ? -1 : undefined}
      style={style}
    >
      {children}
    </p>
  );
}
