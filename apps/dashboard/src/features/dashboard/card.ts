import type { DashboardAction, DashboardCard, DashboardConfirm } from '@careers/shared/contract';

/**
 * What a card's button or menu item does in the page: the API's actions (withdraw an application, copy a link)
 * and the dashboard's own for the lists it builds cards for (unsave a position, delete a draft).
 */
export type CardAction =
  DashboardAction | { type: 'unsave_position'; position_id: number } | { type: 'delete_draft'; position_id: number };

export interface CardLink {
  label: string;
  href: string;
  external: boolean;
  variant: 'primary' | 'secondary';
}

export interface CardActionControl {
  label: string;
  action: CardAction;
  confirm?: DashboardConfirm;
  variant: 'primary' | 'secondary' | 'danger';
}

export type CardControl = CardLink | CardActionControl;

/** A card as `DashboardCardView` draws it: the API's `DashboardCard`, or one the dashboard builds the same way. */
export type ViewCard = Omit<DashboardCard, 'buttons' | 'menu'> & {
  buttons: readonly CardControl[];
  menu: readonly CardControl[];
};

export const isLink = (control: CardControl): control is CardLink => 'href' in control;

/**
 * An address a card may lead to: a site path (`/careers/...`, not `//host`) or an http(s) address; anything
 * else (a `javascript:` URL...) is refused (null).
 */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether an address leaves the site (opened in a new tab). */
export const isExternal = (href: string) => !href.startsWith('/');

/** A date in the page language (medium style), or null when `iso` is not one. */
export function formatDate(iso: string | null | undefined, language: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(date);
  }
}
