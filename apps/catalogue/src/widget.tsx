import { defineWidget } from '@careers/shared';
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
    load: (lng) => import(/* webpackChunkName: "catalogue-locale-[request]" */ `./locales/${lng}.json`),
  },
});
