import { useTranslation, Tag, VisuallyHidden } from '@careers/shared';
import type { Notification } from '@careers/shared/contract';
import { formatFullDate, formatRelativeTime } from '../formatTime';

export interface NotificationCardProps {
  notification: Notification;
  onActivate: (notification: Notification) => void;
}

/**
 * One notification: category title, message and time. Unclicked notifications carry a dot, bold text and a
 * visually hidden "Unread". The whole card is one button.
 */
export function NotificationCard({ notification, onActivate }: NotificationCardProps) {
  const { t, i18n } = useTranslation('notifications');
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const unread = !notification.isClicked;
  const relative = formatRelativeTime(notification.createdAt, language);
  const full = formatFullDate(notification.createdAt, language);

  return (
    <button
      type="button"
      className={`cw-notif-card${unread ? ' cw-notif-card--unread' : ''}`}
      data-notification-id={notification.id}
      onClick={() => onActivate(notification)}
    >
      <span className="cw-notif-card__dot" aria-hidden="true" />
      <span className="cw-notif-card__body">
        {unread && <VisuallyHidden>{t('card.unread')}, </VisuallyHidden>}
        <span className="cw-notif-card__title">{notification.categoryTitle}</span>{' '}
        <span className="cw-notif-card__message">{notification.message}</span>{' '}
        <span className="cw-notif-card__meta">
          {relative && (
            <time className="cw-notif-card__time" dateTime={notification.createdAt} title={full}>
              {relative}
            </time>
          )}{' '}
          {notification.notificationType === 'action_required' && <Tag tone="danger">{t('card.actionRequired')}</Tag>}
        </span>
      </span>
    </button>
  );
}
