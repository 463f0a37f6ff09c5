import { setupWidgetI18n } from '@careers/shared/testing';
import { NAMESPACE } from '../features/catalogue/namespace';
import en from '../locales/en.json';

/** Starts i18n in English with the catalogue's namespace, as the widget's `prepare` does. */
export function setupCatalogueI18n(): Promise<void> {
  return setupWidgetI18n(NAMESPACE, en, (lng) => import(`../locales/${lng}.json`));
}
