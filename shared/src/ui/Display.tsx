import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Button } from './Button';
import { cx } from './classNames';

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'teal' | 'violet';

export interface SkeletonProps {
  /** Width and height of the final content (px when a number), so the slot keeps its size. */
  width: number | string;
  height: number | string;
  shape?: 'rect' | 'circle' | 'text';
  className?: string;
}

/** A placeholder box that pulses while its content loads. Hidden from assistive technology. */
export function Skeleton({ width, height, shape = 'rect', className }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  return (
    <span
      className={cx('cw-skeleton', shape !== 'rect' && `cw-skeleton--${shape}`, className)}
      style={style}
      aria-hidden="true"
    />
  );
}

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element: `article` for a self-contained item (name it with `aria-labelledby`), `section`, `li`, `div`. */
  as?: 'div' | 'article' | 'section' | 'li' | 'aside';
  /** A coloured top edge (danger: needs action). */
  accent?: 'danger' | 'primary';
  children: ReactNode;
}

/** A bordered, raised surface. Layout inside is up to the widget (`className`). */
export function Card({ as: Element = 'div', accent, className, children, ...rest }: CardProps) {
  return (
    <Element {...rest} className={cx('cw-card', accent && `cw-card--${accent}`, className)}>
      {children}
    </Element>
  );
}

export interface TagProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: Tone;
  /** Solid colour (strong emphasis, e.g. "Action required"); a soft tint otherwise. */
  solid?: boolean;
  children: ReactNode;
}

/** A small uppercase label for a type or a flag. */
export function Tag({ tone = 'neutral', solid = false, className, children, ...rest }: TagProps) {
  return (
    <span {...rest} className={cx('cw-tag', `cw-tone--${tone}`, solid && 'cw-tag--solid', className)}>
      {children}
    </span>
  );
}

export interface StatusLabelProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: Tone;
  children: ReactNode;
}

/** A status pill with a dot ("Accepted", "Expired"). Put any screen-reader prefix ("Status:") in `children`. */
export function StatusLabel({ tone = 'neutral', className, children, ...rest }: StatusLabelProps) {
  return (
    <span {...rest} className={cx('cw-status', `cw-tone--${tone}`, className)}>
      <span className="cw-status__dot" aria-hidden="true" />
      {children}
    </span>
  );
}

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The main line; "No data found" by default. */
  title?: ReactNode;
  /** A decorative illustration above the text. */
  art?: ReactNode;
  /** Dashed frame on a muted surface (a page area); plain otherwise (inside a panel). */
  framed?: boolean;
  /** More text under the title. */
  children?: ReactNode;
}

/** Nothing to show: a title and an optional explanation. */
export function EmptyState({ title, art, framed = false, className, children, ...rest }: EmptyStateProps) {
  const { t } = useTranslation('common');
  return (
    <div {...rest} className={cx('cw-state', 'cw-state--empty', framed && 'cw-state--framed', className)}>
      {art && <span className="cw-state__art">{art}</span>}
      <p className="cw-state__title">{title ?? t('ui.empty')}</p>
      {children && <p className="cw-state__body">{children}</p>}
    </div>
  );
}

export interface ErrorStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role'> {
  /** What failed; "An error occurred while retrieving data" by default. */
  message?: ReactNode;
  /** Shows a Try again button. */
  onRetry?: () => void;
  /** The retry button's text; "Try again" by default. */
  retryLabel?: string;
  /** A hint under the message. */
  children?: ReactNode;
}

/** A failed load, announced (`role="alert"`), with an optional retry. */
export function ErrorState({ message, onRetry, retryLabel, className, children, ...rest }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div {...rest} className={cx('cw-state', 'cw-state--error', className)} role="alert">
      <p className="cw-state__title">{message ?? t('ui.error')}</p>
      {children && <p className="cw-state__body">{children}</p>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel ?? t('ui.retry')}
        </Button>
      )}
    </div>
  );
}
