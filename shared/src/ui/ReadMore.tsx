import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './classNames';

export interface ReadMoreProps {
  /** Content taller than this (px) is collapsed to it until "Read more". */
  maxHeight: number;
  /** The expanding button's text ("Read more"). */
  moreLabel: string;
  /** The collapsing button's text ("Show less"). */
  lessLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * A read-more wrapper: content taller than `maxHeight` shows cut to that height (faded at the bottom) with a
 * "Read more" button (`aria-expanded`, `aria-controls`) that shows it all, then "Show less". Content that fits shows
 * whole, without a button. The height is measured again when the content resizes.
 */
export function ReadMore({ maxHeight, moreLabel, lessLabel, children, className }: ReadMoreProps) {
  const contentId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setOverflowing(element.scrollHeight > maxHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [maxHeight]);

  const collapsed = overflowing && !expanded;
  const style = { '--cw-read-more-height': `${maxHeight}px` } as CSSProperties;
  return (
    <div className={cx('cw-read-more', className)} style={style}>
      <div
        ref={ref}
        id={contentId}
        className={cx('cw-read-more__content', collapsed && 'cw-read-more__content--collapsed')}
      >
        {children}
      </div>
      {overflowing && (
        <Button
          variant="text"
          size="small"
          className="cw-read-more__toggle"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? lessLabel : moreLabel}
        </Button>
      )}
    </div>
  );
}
