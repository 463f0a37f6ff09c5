import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link } from '../navigation/Link';
import { cx } from './classNames';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'neutral' | 'disruptive' | 'disruptive-secondary' | 'text';
export type ButtonSize = 'medium' | 'small';

interface ButtonOwnProps {
  /** primary (the main action), secondary (outlined), neutral (grey), disruptive (destructive, solid red),
   *  disruptive-secondary (destructive, outlined), text (a link-like button). Default primary. */
  variant?: ButtonVariant;
  /** medium: 44 px high (default, touch size); small: 32 px. */
  size?: ButtonSize;
  /** Take the full width of the container. */
  block?: boolean;
  /**
   * Busy: a spinner replaces the icon, `aria-busy="true"` and `aria-disabled="true"` are set and clicks do nothing,
   * while the button keeps focus (change the text too, e.g. "Saving…"). Pass `false` rather than leave it out on a
   * button that can become busy: `aria-busy="false"` is then set.
   */
  loading?: boolean;
  /** A decorative icon before the text. */
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}

export type ButtonAsButtonProps = ButtonOwnProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof ButtonOwnProps> & {
    href?: undefined;
    ref?: Ref<HTMLButtonElement>;
  };

export type ButtonAsLinkProps = ButtonOwnProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonOwnProps> & {
    /** Renders a link: a same-site path navigates without a page load ({@link Link}); with `download` or
     *  `target` a plain `<a>` is rendered. */
    href: string;
    /** Replace the current history entry (client-side navigation only). */
    replace?: boolean;
    ref?: Ref<HTMLAnchorElement>;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

const swallow = (event: MouseEvent) => event.preventDefault();

/** The design system's button: a `<button>` (type "button" unless told), or a link that looks like one. */
export function Button(props: ButtonProps) {
  const { variant = 'primary', size = 'medium', block = false, loading, icon, className, children, ...rest } = props;
  const classes = cx(
    'cw-button',
    `cw-button--${variant}`,
    size === 'small' && 'cw-button--small',
    block && 'cw-button--block',
    className,
  );
  const content = (
    <>
      {loading ? <Spinner size="small" /> : icon}
      {children}
    </>
  );
  if (rest.href !== undefined) {
    const anchor = rest as Omit<ButtonAsLinkProps, keyof ButtonOwnProps>;
    if (anchor.download !== undefined || anchor.target) {
      const { replace: _replace, ...plain } = anchor;
      return (
        <a {...plain} className={classes}>
          {content}
        </a>
      );
    }
    return (
      <Link {...anchor} className={classes}>
        {content}
      </Link>
    );
  }
  const { type = 'button', onClick, ...button } = rest as Omit<ButtonAsButtonProps, keyof ButtonOwnProps>;
  return (
    <button
      {...button}
      type={type}
      className={classes}
      aria-busy={loading}
      aria-disabled={loading ? true : button['aria-disabled']}
      onClick={loading ? swallow : onClick}
    >
      {content}
    </button>
  );
}
