import i18next from 'i18next';
import { FORM_RULES_NAMESPACE } from '../form-constants';
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';

/**
 * The rules tests' own i18n instance with the rules' messages in English and French, started before the file's
 * tests run (`fallbackLng` where a test reads a language without messages of its own).
 */
export function rulesI18n(options: { fallbackLng?: string } = {}) {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      ...options,
      resources: {
        en: { [FORM_RULES_NAMESPACE]: en },
        'fr-CA': { [FORM_RULES_NAMESPACE]: frCA },
      },
    });
  });
  return i18n;
}
