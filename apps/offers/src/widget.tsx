import { defineWidget } from '@careers/shared';
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
    load: (lng) => import(/* webpackChunkName: "offers-locale-[request]" */ `./locales/${lng}.json`),
  },
});
