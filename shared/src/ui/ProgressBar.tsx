import type { HTMLAttributes } from 'react';
import { cx } from './classNames';

export interface ProgressBarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'children'> {
  /** Progress from 0 to `max`. */
  value: number;
  /** 100 by default. */
  max?: number;
  /** The accessible name ("Form progress"). */
  label: string;
  /** What assistive technology reads instead of the number ("Step 2 of 5"). */
  valueText?: string;
}

/** A horizontal progress bar (`role="progressbar"`), the filled part in the primary colour. */
export function ProgressBar({ value, max = 100, label, valueText, className, ...rest }: ProgressBarProps) {
  const bounded = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (bounded / max) * 100 : 0;
  return (
    <div
      {...rest}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={bounded}
      aria-valuetext={valueText}
      className={cx('cw-progress', className)}
    >
      <span className="cw-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
