import { defineWidget } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/dashboard/namespace';
import dashboardCss from './styles/dashboard.css';

export { NAMESPACE };

/** single-spa lifecycles of the dashboard widget, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'dashboard',
  App,
  styles: [dashboardCss],
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    load: (lng) => import(/* webpackChunkName: "dashboard-locale-[request]" */ `./locales/${lng}.json`),
  },
});
