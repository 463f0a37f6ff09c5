import { cx } from './classNames';

export interface IconProps {
  /** The SVG path data, drawn in the current text colour on a 24 × 24 grid. */
  path: string;
  /** Rendered size in px (default 24). */
  size?: number;
  className?: string;
}

/**
 * A decorative single-path icon: hidden from assistive technology (the control or text beside it carries the
 * meaning) and never focusable. Every widget's icons are drawn with it.
 */
export function Icon({ path, size = 24, className }: IconProps) {
  return (
    <svg
      className={cx('cw-icon', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={path} />
    </svg>
  );
}
