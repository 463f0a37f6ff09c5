import { defineWidget, fetchLocale } from '@careers/shared';
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
    // Other languages are files beside the bundle (fetchLocale); Jest imports them.
    load: (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/onboarding/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  },
});
