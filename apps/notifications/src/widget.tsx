import { defineWidget, fetchLocale } from '@careers/shared';
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
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/notifications/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
});
