import { defineWidget, registerNamespace } from '@careers/shared';
import type { ResourceKey } from 'i18next';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';
import { App } from './App';
import onboardingCss from './styles/onboarding.css';

export { NAMESPACE };

/** Other locales are separate chunks, downloaded only when the page uses them. Only locale JSON can match. */
const loadLocale = (lng: string): Promise<{ default: ResourceKey }> =>
  import(/* webpackChunkName: "onboarding-locale-[request]" */ `./locales/${lng}.json`);

export function prepareOnboarding(): Promise<void> {
  return registerNamespace(NAMESPACE, en, loadLocale);
}

/**
 * single-spa lifecycles of the onboarding gate (terms of service, profile bootstrapping), mounted into
 * #careers-gate on every /careers page.
 */
export const { bootstrap, mount, unmount } = defineWidget({
  name: 'onboarding',
  App,
  styles: [onboardingCss],
  defaultSlot: 'careers-gate',
  display: 'block',
  prepare: prepareOnboarding,
});
