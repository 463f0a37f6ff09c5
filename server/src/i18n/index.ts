import i18next, { type TFunction } from 'i18next';
import { FORM_RULES_NAMESPACE, formRulesResources } from '../contract';
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';

/** Languages the server-rendered pages and the widgets are offered in; English is the source and fallback. */
export const SUPPORTED_LANGUAGES = ['en', 'fr-CA'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const i18n = i18next.createInstance();
void i18n.init({
  // The forms toolkit's validation messages (`formRules`): the server's form errors read as the browser's.
  resources: {
    en: { translation: en, [FORM_RULES_NAMESPACE]: formRulesResources.en },
    'fr-CA': { translation: frCA, [FORM_RULES_NAMESPACE]: formRulesResources['fr-CA'] },
  },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  initAsync: false,
  // Pages escape every string when they render it; escaping here too would double-escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * The supported language for an `hl` value: exact match ignoring case and `_`/`-`, then the same primary
 * language (`fr` → `fr-CA`), else English.
 */
export function resolveLanguage(hl: string | undefined): Language {
  return (hl && supportedMatch(hl)) || DEFAULT_LANGUAGE;
}

/** The supported language a tag names (the matching of `resolveLanguage`), else null. */
export function supportedMatch(tag: string): Language | null {
  const wanted = tag.replace(/_/g, '-').toLowerCase();
  const exact = SUPPORTED_LANGUAGES.find((language) => language.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  return SUPPORTED_LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary) ?? null;
}

/** Translation function bound to one language. */
export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}
