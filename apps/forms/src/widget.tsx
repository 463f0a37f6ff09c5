import { defineWidget, matchRoute, fetchLocale } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/forms/namespace';
import formsCss from './styles/forms.css';
import advancedFieldStyles from './features/fields/advanced/advanced.css';
import { loadApplyPage } from './features/apply/ApplyPageView';
import { loadCentrePages } from './features/centre/CentrePagesView';
import centreStyles from './features/centre/centre.css';

export { NAMESPACE };

/** single-spa lifecycles of the forms widget, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'forms',
  App,
  styles: [formsCss, advancedFieldStyles, centreStyles],
  // An apply, forms centre or form address draws its page at once: the page's chunk (with the renderer and the rule
  // engine's texts) is loaded before the first mount (the page preloads it, registry startViews). If it fails here,
  // the view tries again.
  prepare: async () => {
    const page = matchRoute(window.location.pathname)?.route.page;
    if (page === 'applyPage') await loadApplyPage().catch(() => undefined);
    else if (page === 'documentCenter' || page === 'formView') await loadCentrePages().catch(() => undefined);
  },
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/forms/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
});
