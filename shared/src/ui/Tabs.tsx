import { useId, useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './classNames';
import { focusElement } from './focus';

export interface UseRovingTabsOptions<T extends string> {
  /** Tab values, in display order. */
  items: readonly T[];
  selected: T;
  /** Called when a tab is chosen by click or by keyboard (selection follows focus). */
  onSelect: (value: T) => void;
  /** Prefix for element ids; a React id is used when omitted. */
  idPrefix?: string;
}

export interface RovingTabs<T extends string> {
  tabListProps: HTMLAttributes<HTMLElement> & { role: 'tablist' };
  getTabProps: (value: T) => HTMLAttributes<HTMLElement> & {
    id: string;
    role: 'tab';
    'aria-selected': boolean;
    tabIndex: number;
    ref: (el: HTMLElement | null) => void;
  };
  panelProps: HTMLAttributes<HTMLElement> & { id: string; role: 'tabpanel' };
}

/**
 * WAI-ARIA tabs with a roving tab index (automatic activation): only the selected tab is in the Tab order;
 * ArrowLeft / ArrowRight (wrapping), Home and End move focus and select. Spread `tabListProps` on the list,
 * `getTabProps(value)` on each tab (a `<button>`), `panelProps` on the panel.
 */
export function useRovingTabs<T extends string>({
  items,
  selected,
  onSelect,
  idPrefix,
}: UseRovingTabsOptions<T>): RovingTabs<T> {
  const reactId = useId();
  const prefix = idPrefix ?? `cw-tabs${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const refs = useRef(new Map<T, HTMLElement>());
  const tabId = (value: T) => `${prefix}-tab-${value}`;
  const panelId = `${prefix}-panel`;

  const move = (index: number) => {
    const count = items.length;
    if (count === 0) return;
    const next = items[((index % count) + count) % count] as T;
    focusElement(refs.current.get(next));
    if (next !== selected) onSelect(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const current = items.indexOf(selected);
    switch (event.key) {
      case 'ArrowRight':
        move(current + 1);
        break;
      case 'ArrowLeft':
        move(current - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(items.length - 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return {
    tabListProps: { role: 'tablist', 'aria-orientation': 'horizontal', onKeyDown },
    getTabProps: (value: T) => ({
      id: tabId(value),
      role: 'tab',
      'aria-selected': value === selected,
      'aria-controls': panelId,
      tabIndex: value === selected ? 0 : -1,
      onClick: () => {
        if (value !== selected) onSelect(value);
      },
      ref: (el: HTMLElement | null) => {
        if (el) refs.current.set(value, el);
        else refs.current.delete(value);
      },
    }),
    panelProps: { id: panelId, role: 'tabpanel', 'aria-labelledby': tabId(selected) },
  };
}

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** The selected tab's panel content. */
  children: ReactNode;
  idPrefix?: string;
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
  /** Make the panel itself focusable (recommended when it may hold nothing focusable). Default true. */
  focusablePanel?: boolean;
}

/**
 * Ready-made tabs on top of {@link useRovingTabs}, in the design system's look (pill tabs: `cw-tabs`, `cw-tabs__list`,
 * `cw-tab`, `cw-tabs__panel`); the class names given are added (for the widget's layout).
 */
export function Tabs<T extends string>({
  items,
  selected,
  onSelect,
  label,
  children,
  idPrefix,
  className,
  listClassName,
  tabClassName,
  panelClassName,
  focusablePanel = true,
}: TabsProps<T>) {
  const values = items.map((item) => item.value);
  const { tabListProps, getTabProps, panelProps } = useRovingTabs({ items: values, selected, onSelect, idPrefix });
  return (
    <div className={cx('cw-tabs', className)}>
      <div {...tabListProps} aria-label={label} className={cx('cw-tabs__list', listClassName)}>
        {items.map((item) => (
          <button key={item.value} type="button" className={cx('cw-tab', tabClassName)} {...getTabProps(item.value)}>
            {item.label}
          </button>
        ))}
      </div>
      <div
        {...panelProps}
        role="tabpanel"
        className={cx('cw-tabs__panel', panelClassName)}
        tabIndex={focusablePanel ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  );
}
