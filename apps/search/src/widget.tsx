import { authCss, defineWidget } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/search/namespace';
import searchCss from './styles/search.css';
import positionCss from './features/position/position.css';

export { NAMESPACE };

/** single-spa lifecycles of the search widget, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'search',
  App,
  styles: [searchCss, positionCss, authCss],
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    load: (lng) => import(/* webpackChunkName: "search-locale-[request]" */ `./locales/${lng}.json`),
  },
});
