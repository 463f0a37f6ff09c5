import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { isPlainLeftClick, navigate } from './navigate';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** Replace the current history entry. */
  replace?: boolean;
}

/**
 * A real `<a href>` that navigates without a page load on a plain click ({@link navigate}). Modified clicks
 * (Ctrl, Cmd, Shift, Alt, middle button) and links with a `target` are left to the browser.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { href, replace, onClick, target, children, ...rest },
  ref,
) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainLeftClick(event) || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(href, { replace });
  };
  return (
    <a {...rest} ref={ref} href={href} target={target} onClick={handleClick}>
      {children}
    </a>
  );
});
