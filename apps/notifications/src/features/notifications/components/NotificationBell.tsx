import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useTranslation, cx, IconButton } from '@careers/shared';
import { BADGE_MAX_COUNT } from '../constants';
import { BellIcon } from './icons';

export interface NotificationBellProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  /** Unread (not yet viewed) notifications. */
  count: number;
  expanded: boolean;
}

/** The text inside the badge: the count, or "99+" above 99. */
export function badgeText(count: number): string {
  return count > BADGE_MAX_COUNT ? `${BADGE_MAX_COUNT}+` : String(count);
}

/**
 * The round bell button (the design system's 40 px IconButton). Its accessible name says how many are unread ("Notifications, 3 unread"); the red
 * badge shows only when there is at least one.
 */
export const NotificationBell = forwardRef<HTMLButtonElement, NotificationBellProps>(function NotificationBell(
  { count, expanded, className, ...rest },
  ref,
) {
  const { t } = useTranslation('notifications');
  const label = count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
  return (
    <IconButton
      {...rest}
      ref={ref}
      className={cx('cw-notif-bell', className)}
      label={label}
      aria-haspopup="dialog"
      aria-expanded={expanded}
    >
      <BellIcon />
      {count > 0 && (
        <span className="cw-notif-bell__badge" aria-hidden="true" data-testid="notification-badge">
          {badgeText(count)}
        </span>
      )}
    </IconButton>
  );
});
