import { defineWidget, SHELL_SLOTS, fetchLocale } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './namespace';
import { SHELL_STYLES } from './styles';

export { NAMESPACE };

/**
 * single-spa lifecycles of the page shell, on every careers page: the navbar and the implementation-phase banner
 * in #careers-navbar, the promo banner and hero image in #careers-banner, the footer in #careers-footer.
 */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'shell',
  App,
  styles: SHELL_STYLES,
  defaultSlot: SHELL_SLOTS.navbar,
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/shell/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
});
