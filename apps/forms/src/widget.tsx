import { defineWidget } from '@careers/shared';
import en from './locales/en.json';
import { App } from './App';
import { NAMESPACE } from './features/forms/namespace';
import formsCss from './styles/forms.css';
import { advancedFieldStyles } from './features/fields/advanced';
import { prepareFormTexts } from './features/renderer/formTexts';

export { NAMESPACE };

/** single-spa lifecycles of the forms widget, mounted into #careers-main on the routes the route table gives it. */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'forms',
  App,
  styles: [formsCss, advancedFieldStyles],
  prepare: prepareFormTexts,
  defaultSlot: 'careers-main',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    load: (lng) => import(/* webpackChunkName: "forms-locale-[request]" */ `./locales/${lng}.json`),
  },
});
