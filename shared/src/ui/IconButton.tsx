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
  return <Icon name="close" size={size} />;
}
