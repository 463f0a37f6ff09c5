import { authCss, defineWidget, prepareAuth, registerNamespace } from '@careers/shared';
import type { ResourceKey } from 'i18next';
import en from './locales/en.json';
import { App } from './App';
import offersCss from './styles/offers.css';

/** i18n namespace of this widget. */
export const NAMESPACE = 'offers';

/** Other locales are separate chunks, downloaded only when the page uses them. Only locale JSON can match. */
const loadLocale = (lng: string): Promise<{ default: ResourceKey }> =>
  import(/* webpackChunkName: "offers-locale-[request]" */ `./locales/${lng}.json`);

export async function prepareOffers(): Promise<void> {
  await Promise.all([registerNamespace(NAMESPACE, en, loadLocale), prepareAuth()]);
}

/** single-spa lifecycles of the offers pages, mounted into #careers-main on /careers/offers, /careers/offer... */
export const { bootstrap, mount, unmount } = defineWidget({
  name: 'offers',
  App,
  styles: [offersCss, authCss],
  defaultSlot: 'careers-main',
  display: 'block',
  prepare: prepareOffers,
});
