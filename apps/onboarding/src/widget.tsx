import { defineWidget } from '@careers/shared';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';
import { App } from './App';
import onboardingCss from './styles/onboarding.css';

export { NAMESPACE };

/**
 * single-spa lifecycles of the onboarding gate (terms of service, profile bootstrapping), mounted into
 * #careers-gate on every /careers page.
 */
export const { bootstrap, mount, unmount, prepare } = defineWidget({
  name: 'onboarding',
  App,
  styles: [onboardingCss],
  defaultSlot: 'careers-gate',
  display: 'block',
  locales: {
    namespace: NAMESPACE,
    en,
    load: (lng) => import(/* webpackChunkName: "onboarding-locale-[request]" */ `./locales/${lng}.json`),
  },
});
