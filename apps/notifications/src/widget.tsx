import { defineWidget, registerNamespace } from '@careers/shared';
import type { ResourceKey } from 'i18next';
import en from './locales/en.json';
import { App } from './App';
import notificationsCss from './styles/notifications.css';

/** i18n namespace of this widget. */
export const NAMESPACE = 'notifications';

/** Other locales are separate chunks, downloaded only when the page uses them. Only locale JSON can match. */
const loadLocale = (lng: string): Promise<{ default: ResourceKey }> =>
  import(/* webpackChunkName: "notifications-locale-[request]" */ `./locales/${lng}.json`);

export function prepareNotifications(): Promise<void> {
  return registerNamespace(NAMESPACE, en, loadLocale);
}

/** single-spa lifecycles of the notification centre (bell + panel), mounted into #candidate-notification-trigger. */
export const { bootstrap, mount, unmount } = defineWidget({
  name: 'notifications',
  App,
  styles: [notificationsCss],
  defaultSlot: 'candidate-notification-trigger',
  prepare: prepareNotifications,
});
