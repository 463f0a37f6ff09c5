import { defineWidget, fetchLocale } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/catalogue/namespace';
import catalogueCss from './styles/catalogue.css';

export { NAMESPACE };

/** single-spa lifecycles of the component catalogue, mounted into #careers-main on /careers/_catalogue. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'catalogue',
  App,
  styles: [catalogueCss],
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/catalogue/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
});
