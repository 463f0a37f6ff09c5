import type { HTMLAttributes } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { cx } from './classNames';

export type SpinnerSize = 'small' | 'medium' | 'large';

export interface SpinnerProps {
  /** 16, 22 (default) or 28 px. */
  size?: SpinnerSize;
  className?: string;
}

/** The spinning ring. Decorative (`aria-hidden`): put the words next to it, or use {@link LoadingState}. */
export function Spinner({ size = 'medium', className }: SpinnerProps) {
  return (
    <span className={cx('cw-spinner', size !== 'medium' && `cw-spinner--${size}`, className)} aria-hidden="true" />
  );
}

export interface LoadingStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'children'> {
  /** What is loading ("Loading your offers…"); "Loading…" by default. */
  label?: string;
}

/** A loading slot: spinner and text, announced politely (`role="status"`). */
export function LoadingState({ label, className, ...rest }: LoadingStateProps) {
  const { t } = useTranslation('common');
  return (
    <div {...rest} className={cx('cw-state cw-state--loading', className)} role="status">
      <Spinner />
      <span>{label ?? t('ui.loading')}</span>
    </div>
  );
}
