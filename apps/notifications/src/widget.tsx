import { defineWidget } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import notificationsCss from './styles/notifications.css';

/** i18n namespace of this widget. */
export const NAMESPACE = 'notifications';

/** single-spa lifecycles of the notification centre (bell + panel), mounted into #candidate-notification-trigger. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'notifications',
  App,
  styles: [notificationsCss],
  defaultSlot: 'candidate-notification-trigger',
  locales: {
    namespace: NAMESPACE,
    en,
    load: (lng) => import(/* webpackChunkName: "notifications-locale-[request]" */ `./locales/${lng}.json`),
  },
});
