import { cx } from './classNames';
import { ICON_PATHS, type IconName } from './icons';

interface IconCommonProps {
  /** Rendered size in px (default 24). */
  size?: number;
  className?: string;
  /**
   * The icon points along the reading direction (back, next, forward): it is mirrored in right-to-left languages
   * (docs/product/languages.md#right-to-left).
   */
  directional?: boolean;
}

/** An icon of the design system's set (`name`), or any single path (`path`), on a 24 × 24 grid. */
export type IconProps = IconCommonProps &
  (
    | {
        /** The SVG path data, drawn in the current text colour on a 24 × 24 grid. */
        path: string;
        name?: never;
      }
    | {
        /** An icon of the set (`ICON_PATHS`). */
        name: IconName;
        path?: never;
      }
  );

/**
 * A decorative single-path icon: hidden from assistive technology (the control or text beside it carries the
 * meaning) and never focusable. Every widget's icons are drawn with it.
 */
export function Icon({ path, name, size = 24, className, directional = false }: IconProps) {
  return (
    <svg
      className={cx('cw-icon', directional && 'cw-icon--directional', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={path ?? ICON_PATHS[name!]} />
    </svg>
  );
}
