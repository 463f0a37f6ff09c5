import { defineWidget, matchRoute, fetchLocale } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/dashboard/namespace';
import dashboardCss from './styles/dashboard.css';
import dashboardPageCss from './features/dashboard/dashboard.css';
import { loadProfilePage } from './features/profile/ProfilePageView';
import { loadSettingsPages } from './features/settings/views';

export { NAMESPACE };

/** single-spa lifecycles of the dashboard widget, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'dashboard',
  App,
  styles: [dashboardCss, dashboardPageCss],
  // The profile, settings and export-resume pages draw at once: their chunk is loaded before the first mount (the
  // page preloads it too); if it fails here, the view tries again.
  prepare: async () => {
    const page = matchRoute(window.location.pathname)?.route.page;
    if (page === 'profile') await loadProfilePage().catch(() => undefined);
    else if (page === 'settings' || page === 'exportResume') await loadSettingsPages().catch(() => undefined);
  },
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/dashboard/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
});
