import { authCss, defineWidget, matchRoute, fetchLocale } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/search/namespace';
import { loadPositionDetails } from './features/position/PositionDetailsView';
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
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/search/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
  // A position page shows the position at once: its view is loaded before the first mount (the page preloads the
  // chunk, registry startViews). If it fails here, the view tries again when it renders.
  prepare: async () => {
    if (matchRoute(window.location.pathname)?.route.page !== 'singlePosition') return;
    await loadPositionDetails().catch(() => undefined);
  },
});
