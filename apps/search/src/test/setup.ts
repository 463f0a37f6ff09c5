import { setupWidgetI18n } from '@careers/shared/testing';
import { NAMESPACE } from '../features/search/namespace';
import en from '../locales/en.json';

/**
 * Starts i18n with the search widget's namespace, as the widget's `prepare` does; `prepare` adds what another part
 * brings (the sign-in dialog's `prepareAuth` for the save and cart buttons).
 */
export function setupSearchI18n(options: { prepare?: () => Promise<unknown> } = {}): Promise<void> {
  return setupWidgetI18n(NAMESPACE, en, (lng) => import(`../locales/${lng}.json`), options);
}
