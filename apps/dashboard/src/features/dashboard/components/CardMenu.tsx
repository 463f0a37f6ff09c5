import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Icon, IconButton, Link, VisuallyHidden, domId, focusElement, useDismiss } from '@careers/shared';
import { useDashboardTranslation } from '../translation';
import { isLink, safeHref, isExternal, type CardActionControl, type CardControl } from '../card';
import { MORE_ICON_PATH } from '../icons';

export interface CardMenuProps {
  /** The card's title (the menu button's name says whose actions these are). */
  title: string;
  items: readonly CardControl[];
  /** An action item was chosen (the menu is closed first; focus goes back to the menu button). */
  onAction: (control: CardActionControl, button: HTMLButtonElement | null) => void;
}

/**
 * A card's kebab menu (WAI-ARIA menu button): the button opens it (Enter, Space, ArrowDown on the first item,
 * ArrowUp on the last); ArrowUp / ArrowDown (wrapping), Home and End move between items; Escape closes and gives
 * focus back to the button; Tab, a click outside or a choice closes it. Items are links or actions.
 */
export function CardMenu({ title, items, onAction }: CardMenuProps) {
  const { t } = useDashboardTranslation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = domId('cw-dash-menu-', useId());
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

  const choose = (control: CardActionControl) => (event: MouseEvent) => {
    event.preventDefault();
    close(true);
    onAction(control, buttonRef.current);
  };

  return (
    <div className="cw-dash-menu">
      <IconButton
        ref={buttonRef}
        label={t('card.menu', { title })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="cw-dash-menu__button"
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <Icon path={MORE_ICON_PATH} size={20} />
      </IconButton>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('card.menu', { title })}
          className="cw-dash-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => {
            const common = {
              role: 'menuitem',
              tabIndex: index === active ? 0 : -1,
              className: 'cw-dash-menu__item',
              ref: (el: HTMLElement | null) => {
                itemRefs.current[index] = el;
              },
            };
            if (isLink(item)) {
              const href = safeHref(item.href);
              if (!href) return null;
              return (
                <li key={`${index}-${item.label}`} role="none">
                  {isExternal(href) || item.external ? (
                    <a {...common} href={href} target="_blank" rel="noopener noreferrer" onClick={() => close(false)}>
                      {item.label}
                      <VisuallyHidden> {t('card.newTab')}</VisuallyHidden>
                    </a>
                  ) : (
                    <Link {...common} href={href} onClick={() => close(false)}>
                      {item.label}
                    </Link>
                  )}
                </li>
              );
            }
            return (
              <li key={`${index}-${item.label}`} role="none">
                <button
                  {...common}
                  type="button"
                  className={
                    item.variant === 'danger' ? 'cw-dash-menu__item cw-dash-menu__item--danger' : common.className
                  }
                  onClick={choose(item)}
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
