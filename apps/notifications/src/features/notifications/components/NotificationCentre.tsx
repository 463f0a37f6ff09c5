import { useCallback, useEffect, useRef, useState } from 'react';
import { selectBoot, useAppSelector, useDismiss, useEmployerDomain, useMediaQuery } from '@careers/shared';
import type { Notification } from '@careers/shared/contract';
import { buildRedirectTarget } from '../buildRedirectTarget';
import { BADGE_POLL_INTERVAL_MS, DROPDOWN_MEDIA_QUERY, MARK_CLICKED_NAVIGATION_WAIT_MS } from '../constants';
import {
  useGetBadgeQuery,
  useGetNotificationBootDataQuery,
  useMarkAllViewedMutation,
  useMarkClickedMutation,
} from '../endpoints';
import { currentHref, navigateTo } from '../navigation';
import { NotificationBell } from './NotificationBell';
import { NotificationPanel } from './NotificationPanel';

export interface NotificationSettings {
  /** Logged in and in-app notifications switched on. */
  enabled: boolean;
  /** The employer domain every call is scoped by. */
  domain: string;
  /** Action-required notifications are configured (show the tabs). */
  hasActionRequired: boolean;
}

/**
 * Whether the notification centre is on, for which domain, and with tabs or not. The notification boot data
 * call decides; until it answers (or if it fails) the page's starting data is used. Nothing is asked for a
 * visitor the page reports as logged out.
 */
function useNotificationSettings(): NotificationSettings {
  const session = useAppSelector(selectBoot);
  const loggedOutPage = session !== null && !session.isLoggedIn;
  const pageDomain = useEmployerDomain();
  const { data: boot } = useGetNotificationBootDataQuery(undefined, { skip: loggedOutPage });
  if (loggedOutPage) return { enabled: false, domain: pageDomain, hasActionRequired: false };
  const domain = pageDomain || boot?.groupId || '';
  if (boot) {
    return {
      enabled: boot.isLoggedIn && boot.enableCandidateInappNotifications && domain !== '',
      domain,
      hasActionRequired: boot.hasActionRequiredNotificationsConfigured,
    };
  }
  return {
    enabled: Boolean(session?.isLoggedIn && session.notificationsConfig.enabled) && domain !== '',
    domain,
    hasActionRequired: Boolean(session?.notificationsConfig.hasActionRequiredNotificationsConfigured),
  };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The notification centre: the bell with its unread badge (refreshed every 5 minutes) and the panel, a dropdown
 * on desktop and a full-screen modal at 1024 px or less. Renders nothing when the candidate is logged out or
 * in-app notifications are off.
 */
export function NotificationCentre() {
  const { enabled, domain, hasActionRequired } = useNotificationSettings();
  const isDropdown = useMediaQuery(DROPDOWN_MEDIA_QUERY, true);
  const [open, setOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusBellOnClose = useRef(false);

  const { data: count = 0 } = useGetBadgeQuery({ domain }, { skip: !enabled, pollingInterval: BADGE_POLL_INTERVAL_MS });
  const [markAllViewed] = useMarkAllViewedMutation();
  const [markClicked] = useMarkClickedMutation();

  const close = useCallback((returnFocus: boolean) => {
    focusBellOnClose.current = returnFocus;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!open && focusBellOnClose.current) {
      focusBellOnClose.current = false;
      bellRef.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!enabled) setOpen(false);
  }, [enabled]);

  useDismiss({
    enabled: open && isDropdown,
    refs: [panelRef, bellRef],
    onDismiss: (reason) => close(reason === 'escape'),
  });

  const toggle = () => {
    if (open) {
      close(true);
      return;
    }
    setOpen(true);
    void markAllViewed({ domain });
  };

  const activate = async (notification: Notification) => {
    const target = buildRedirectTarget(notification.redirectUrl, currentHref());
    const marking = notification.isClicked
      ? Promise.resolve()
      : markClicked({ id: notification.id, domain })
          .unwrap()
          .then(
            () => undefined,
            () => undefined,
          );
    if (target === null) return;
    await Promise.race([marking, wait(MARK_CLICKED_NAVIGATION_WAIT_MS)]);
    navigateTo(target);
  };

  if (!enabled) return null;

  return (
    <div className="cw-notif">
      <NotificationBell ref={bellRef} count={count} expanded={open} onClick={toggle} />
      {open && (
        <NotificationPanel
          ref={panelRef}
          domain={domain}
          mode={isDropdown ? 'dropdown' : 'modal'}
          showTabs={hasActionRequired}
          onClose={close}
          onActivate={(notification) => void activate(notification)}
          bellRef={bellRef}
        />
      )}
    </div>
  );
}
