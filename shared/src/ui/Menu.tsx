import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Link } from '../navigation/Link';
import { cx, domId } from './classNames';
import { focusElement } from './focus';
import { Icon } from './Icon';
import { IconButton } from './IconButton';
import { useDismiss } from './useDismiss';
import { VisuallyHidden } from './VisuallyHidden';

interface MenuItemCommon {
  label: string;
  /** The danger colour (a destructive action such as withdraw or delete). */
  tone?: 'danger';
}

/** A menu item that leads somewhere: in the site (no page load), or in a new tab when `external`. */
export interface MenuLinkItem extends MenuItemCommon {
  /** A safe address (the caller checks it: a site path or an http(s) address). */
  href: string;
  external?: boolean;
}

/** A menu item that does something. */
export interface MenuActionItem extends MenuItemCommon {
  /** Called after the menu closed and focus went back to its button (given, to return focus to after a dialog). */
  onSelect: (button: HTMLButtonElement | null) => void;
}

export type MenuItem = MenuLinkItem | MenuActionItem;

const isLinkItem = (item: MenuItem): item is MenuLinkItem => 'href' in item;

export interface MenuButtonProps {
  /** The button's accessible name, also the menu's (default "More actions"): say whose actions they are. */
  label?: string;
  items: readonly MenuItem[];
  /** The button's icon (default the kebab, `more`). */
  icon?: ReactNode;
  /** Which edge of the button the popup lines up with (default `end`). */
  align?: 'start' | 'end';
  className?: string;
}

/**
 * A menu button (WAI-ARIA menu button pattern) with its popup menu of links and actions: the button opens it
 * (Enter, Space, ArrowDown on the first item, ArrowUp on the last); ArrowUp / ArrowDown (wrapping), Home and End
 * move between items; Escape closes it and gives focus back to the button; Tab, a click outside, following a link
 * or choosing an action closes it. An action's focus goes back to the button before `onSelect` runs.
 */
export function MenuButton({ label, items, icon, align = 'end', className }: MenuButtonProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = domId('cw-menu-', useId());
  const name = label ?? t('menu.more');
  const count = items.length;

  useDismiss({
    enabled: open,
    refs: [buttonRef, menuRef],
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') focusElement(buttonRef.current);
    },
  });

  useEffect(() => {
    if (open) focusElement(itemRefs.current[active]);
  }, [open, active]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) focusElement(buttonRef.current);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') openAt(0);
    else if (event.key === 'ArrowUp') openAt(count - 1);
    else return;
    event.preventDefault();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        setActive((index) => (index - 1 + count) % count);
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(count - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  if (count === 0) return null;

  return (
    <div className={cx('cw-menu', className)}>
      <IconButton
        ref={buttonRef}
        label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="cw-menu__button"
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {icon ?? <Icon name="more" size={20} />}
      </IconButton>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={name}
          className={cx('cw-menu__list', `cw-menu__list--${align}`)}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => {
            const common = {
              role: 'menuitem',
              tabIndex: index === active ? 0 : -1,
              className: cx('cw-menu__item', item.tone === 'danger' && 'cw-menu__item--danger'),
              ref: (el: HTMLElement | null) => {
                itemRefs.current[index] = el;
              },
            };
            const key = `${index}-${item.label}`;
            if (isLinkItem(item)) {
              return (
                <li key={key} role="none">
                  {item.external ? (
                    <a
                      {...common}
                      href={item.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() => close(false)}
                    >
                      {item.label}
                      <VisuallyHidden> {t('menu.newTab')}</VisuallyHidden>
                    </a>
                  ) : (
                    <Link {...common} href={item.href} onClick={() => close(false)}>
                      {item.label}
                    </Link>
                  )}
                </li>
              );
            }
            return (
              <li key={key} role="none">
                <button
                  {...common}
                  type="button"
                  onClick={(event) => {
                    event.preventDefault();
                    close(true);
                    item.onSelect(buttonRef.current);
                  }}
                >
                  {item.label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
