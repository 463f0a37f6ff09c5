import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './classNames';
import { Icon } from './Icon';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The accessible name (required: the button shows only an icon). */
  label: string;
  /** The icon (decorative, `aria-hidden`), and anything drawn over it such as a badge. */
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** The round 40 px icon-only button (the notification bell, close buttons). */
export function IconButton({ label, children, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button {...rest} type={type} className={cx('cw-icon-button', className)} aria-label={label}>
      {children}
    </button>
  );
}

/** The close (×) icon, for close buttons. */
export function CloseIcon({ size = 20 }: { size?: number }) {
  return (
    <Icon
      path="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z"
      size={size}
    />
  );
}
