import { defineWidget, matchRoute } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/forms/namespace';
import formsCss from './styles/forms.css';
import advancedFieldStyles from './features/fields/advanced/advanced.css';
import { loadApplyPage } from './features/apply/ApplyPageView';

export { NAMESPACE };

/** single-spa lifecycles of the forms widget, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'forms',
  App,
  styles: [formsCss, advancedFieldStyles],
  // An apply address draws its form at once: the apply page (with the renderer and the rule engine's texts) is loaded
  // before the first mount (the page preloads its chunk, registry startViews). If it fails here, the view tries again.
  prepare: async () => {
    if (matchRoute(window.location.pathname)?.route.page !== 'applyPage') return;
    await loadApplyPage().catch(() => undefined);
  },
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    load: (lng) => import(/* webpackChunkName: "forms-locale-[request]" */ `./locales/${lng}.json`),
  },
});
