import { forwardRef, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  useTranslation,
  CloseIcon,
  Dialog,
  EmptyState,
  IconButton,
  LoadingState,
  Tabs,
  focusElement,
} from '@careers/shared';
import type { Notification } from '@careers/shared/contract';
import { NOTIFICATION_TABS, type NotificationTab } from '../constants';
import { useGetNotificationsQuery } from '../endpoints';
import { CaughtUpIllustration } from './icons';
import { NotificationCard } from './NotificationCard';

type PanelMode = 'dropdown' | 'modal';

export interface NotificationPanelProps {
  domain: string;
  /** Dropdown under the bell (desktop) or full-screen modal (phone and tablet). */
  mode: PanelMode;
  /** Show the All / Action required tabs (when action-required notifications are configured). */
  showTabs: boolean;
  /** Close request; `returnFocus` asks for focus to go back to the bell. */
  onClose: (returnFocus: boolean) => void;
  onActivate: (notification: Notification) => void;
  /** The bell, where focus goes back when the modal closes. */
  bellRef: RefObject<HTMLButtonElement | null>;
}

function PanelBody({
  notifications,
  onActivate,
}: {
  notifications: Notification[] | undefined;
  onActivate: NotificationPanelProps['onActivate'];
}) {
  const { t } = useTranslation('notifications');
  if (notifications === undefined) {
    return <LoadingState label={t('panel.loading')} />;
  }
  if (notifications.length === 0) {
    return (
      <EmptyState art={<CaughtUpIllustration />} title={t('empty.title')}>
        {t('empty.body')}
      </EmptyState>
    );
  }
  return (
    <ul className="cw-notif-list" aria-label={t('panel.listLabel')}>
      {notifications.map((notification) => (
        <li key={notification.id} className="cw-notif-list__item">
          <NotificationCard notification={notification} onActivate={onActivate} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The notifications panel: heading, close button, optional All / Action required tabs, the cards (or a loading
 * or empty state). The list is fetched when the panel opens and again when the tab changes.
 */
export const NotificationPanel = forwardRef<HTMLDivElement, NotificationPanelProps>(function NotificationPanel(
  { domain, mode, showTabs, onClose, onActivate, bellRef },
  ref,
) {
  const { t } = useTranslation('notifications');
  const titleId = `cw-notif-title${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [tab, setTab] = useState<NotificationTab>('all');
  const activeTab: NotificationTab = showTabs ? tab : 'all';
  const { currentData } = useGetNotificationsQuery({ domain, tab: activeTab }, { refetchOnMountOrArgChange: true });

  // The modal's focus trap places focus itself; the dropdown moves focus to its heading when it opens.
  useEffect(() => {
    if (mode === 'dropdown') focusElement(headingRef.current);
  }, [mode]);

  const body = <PanelBody notifications={currentData} onActivate={onActivate} />;
  const content: ReactNode = (
    <>
      <div className="cw-notif-panel__header">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="cw-notif-panel__title">
          {t('panel.title')}
        </h2>
        <IconButton className="cw-notif-close" label={t('panel.close')} onClick={() => onClose(true)}>
          <CloseIcon />
        </IconButton>
      </div>
      {showTabs ? (
        <Tabs
          items={NOTIFICATION_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
          selected={tab}
          onSelect={setTab}
          label={t('panel.tabsLabel')}
          className="cw-notif-tabs"
          listClassName="cw-notif-tabs__list"
          panelClassName="cw-notif-panel__body"
        >
          {body}
        </Tabs>
      ) : (
        <div className="cw-notif-panel__body">{body}</div>
      )}
    </>
  );

  if (mode === 'modal') {
    return (
      <div className="cw-notif-overlay" ref={ref}>
        <Dialog
          size="none"
          className="cw-notif-panel cw-notif-panel--modal"
          labelledBy={titleId}
          initialFocusRef={headingRef}
          finalFocusRef={bellRef}
          onClose={() => onClose(true)}
        >
          {content}
        </Dialog>
      </div>
    );
  }

  return (
    <div ref={ref} className="cw-notif-panel cw-notif-panel--dropdown" role="dialog" aria-labelledby={titleId}>
      {content}
    </div>
  );
});
