import type { HTMLAttributes, ReactNode } from 'react';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLSpanElement> {
  children: ReactNode;
}

/**
 * Text for assistive technology only: read by screen readers, not shown. Uses the `cw-visually-hidden` class
 * from the widget base sheet (every shadow root has it).
 */
export function VisuallyHidden({ children, className, ...rest }: VisuallyHiddenProps) {
  return (
    <span {...rest} className={className ? `cw-visually-hidden ${className}` : 'cw-visually-hidden'}>
      {children}
    </span>
  );
}
