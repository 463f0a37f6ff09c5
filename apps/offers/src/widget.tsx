import { defineWidget, fetchLocale } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import offersCss from './styles/offers.css';

/** i18n namespace of this widget. */
export const NAMESPACE = 'offers';

/** single-spa lifecycles of the offers pages, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'offers',
  App,
  styles: [offersCss],
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/offers/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
});
