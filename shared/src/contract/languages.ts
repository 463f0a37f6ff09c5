/**
 * The interface languages the product ships, the one list the widgets, the server and the tests read
 * (docs/product/languages.md). No i18next here: the server and the browser bundles both import it.
 */

/** One shipped interface language. */
export interface LanguageInfo {
  /** The tag pages, settings and `hl` use. English (United States) is `en`, the source of every catalogue. */
  readonly tag: string;
  /** The language named in itself, as the language menu shows it. */
  readonly name: string;
  /** Writing direction of the interface. */
  readonly dir: 'ltr' | 'rtl';
}

export { directionOf, SOURCE_LANGUAGE } from './language-basics';

/** The 42 interface languages, by tag. Order is the language menu's: by tag, English first. */
export const LANGUAGES: readonly LanguageInfo[] = [
  { tag: 'en', name: 'English (US)', dir: 'ltr' },
  { tag: 'en-GB', name: 'English (UK)', dir: 'ltr' },
  { tag: 'ar-SA', name: 'العربية', dir: 'rtl' },
  { tag: 'bg-BG', name: 'Български', dir: 'ltr' },
  { tag: 'cs-CZ', name: 'Čeština', dir: 'ltr' },
  { tag: 'da-DK', name: 'Dansk', dir: 'ltr' },
  { tag: 'de-DE', name: 'Deutsch', dir: 'ltr' },
  { tag: 'el-GR', name: 'Ελληνικά', dir: 'ltr' },
  { tag: 'es-DO', name: 'Español (República Dominicana)', dir: 'ltr' },
  { tag: 'es-ES', name: 'Español (España)', dir: 'ltr' },
  { tag: 'es-MX', name: 'Español (México)', dir: 'ltr' },
  { tag: 'fi-FI', name: 'Suomi', dir: 'ltr' },
  { tag: 'fr-BE', name: 'Français (Belgique)', dir: 'ltr' },
  { tag: 'fr-CA', name: 'Français (Canada)', dir: 'ltr' },
  { tag: 'fr-FR', name: 'Français (France)', dir: 'ltr' },
  { tag: 'he-IL', name: 'עברית', dir: 'rtl' },
  { tag: 'hi-IN', name: 'हिन्दी', dir: 'ltr' },
  { tag: 'hr-HR', name: 'Hrvatski', dir: 'ltr' },
  { tag: 'ht-HT', name: 'Kreyòl ayisyen', dir: 'ltr' },
  { tag: 'hu-HU', name: 'Magyar', dir: 'ltr' },
  { tag: 'it-IT', name: 'Italiano', dir: 'ltr' },
  { tag: 'ja-JP', name: '日本語', dir: 'ltr' },
  { tag: 'ko-KR', name: '한국어', dir: 'ltr' },
  { tag: 'ms-MY', name: 'Bahasa Melayu', dir: 'ltr' },
  { tag: 'nb-NO', name: 'Norsk bokmål', dir: 'ltr' },
  { tag: 'nl-BE', name: 'Nederlands (België)', dir: 'ltr' },
  { tag: 'nl-NL', name: 'Nederlands (Nederland)', dir: 'ltr' },
  { tag: 'pl-PL', name: 'Polski', dir: 'ltr' },
  { tag: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { tag: 'pt-PT', name: 'Português (Portugal)', dir: 'ltr' },
  { tag: 'ro-RO', name: 'Română', dir: 'ltr' },
  { tag: 'ru-RU', name: 'Русский', dir: 'ltr' },
  { tag: 'sk-SK', name: 'Slovenčina', dir: 'ltr' },
  { tag: 'sr-RS', name: 'Српски', dir: 'ltr' },
  { tag: 'sv-SE', name: 'Svenska', dir: 'ltr' },
  { tag: 'te-IN', name: 'తెలుగు', dir: 'ltr' },
  { tag: 'th-TH', name: 'ไทย', dir: 'ltr' },
  { tag: 'tr-TR', name: 'Türkçe', dir: 'ltr' },
  { tag: 'uk-UA', name: 'Українська', dir: 'ltr' },
  { tag: 'vi-VN', name: 'Tiếng Việt', dir: 'ltr' },
  { tag: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { tag: 'zh-TW', name: '繁體中文', dir: 'ltr' },
];

/**
 * Languages that stand in for one, in order, where an employer does not offer it (fr-BE reads fr-FR, pt-PT reads
 * pt-BR): docs/product/languages.md#choosing-the-language. Traditional Chinese never reads Simplified, nor the
 * reverse: a reader of one is not served by the other's script. Kept apart from `LANGUAGES` so that browser bundles,
 * which get the language already chosen by the server, leave it out.
 */
export const STAND_INS: Readonly<Record<string, readonly string[]>> = {
  en: ['en-GB'],
  'en-GB': ['en'],
  'cs-CZ': ['sk-SK'],
  'da-DK': ['nb-NO', 'sv-SE'],
  'es-DO': ['es-MX', 'es-ES'],
  'es-ES': ['es-MX'],
  'es-MX': ['es-ES'],
  'fr-BE': ['fr-FR', 'fr-CA'],
  'fr-CA': ['fr-FR'],
  'fr-FR': ['fr-BE', 'fr-CA'],
  'hr-HR': ['sr-RS'],
  'ht-HT': ['fr-FR'],
  'nb-NO': ['da-DK', 'sv-SE'],
  'nl-BE': ['nl-NL'],
  'nl-NL': ['nl-BE'],
  'pt-BR': ['pt-PT'],
  'pt-PT': ['pt-BR'],
  'sk-SK': ['cs-CZ'],
  'sv-SE': ['nb-NO', 'da-DK'],
};

/** Every shipped tag. */
export const SHIPPED_LANGUAGES: readonly string[] = LANGUAGES.map((language) => language.tag);

const BY_TAG = new Map(LANGUAGES.map((language) => [language.tag.toLowerCase(), language]));

/** The shipped language of a tag as written (`de-de`, `de_DE`), else undefined. */
export function languageInfo(tag: string): LanguageInfo | undefined {
  return BY_TAG.get(tag.replace(/_/g, '-').toLowerCase());
}

/** The language menu's names: each language in itself. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  LANGUAGES.map((language) => [language.tag, language.name]),
);

/**
 * Which shipped language stands for a language with no region or another region: the language's main market
 * (`fr` and `fr-CH` read French of France, `es-AR` reads Mexico's Spanish as the Americas' largest, `pt` reads Brazil's, `zh-HK` and
 * `zh-Hant` read Traditional Chinese). Regions listed here are matched before the language's default.
 */
const REGIONAL_DEFAULTS: Readonly<Record<string, { byRegion?: Readonly<Record<string, string>>; main: string }>> = {
  ar: { main: 'ar-SA' },
  bg: { main: 'bg-BG' },
  cs: { main: 'cs-CZ' },
  da: { main: 'da-DK' },
  de: { main: 'de-DE' },
  el: { main: 'el-GR' },
  en: { main: 'en', byRegion: { gb: 'en-GB', ie: 'en-GB', au: 'en-GB', nz: 'en-GB', in: 'en-GB', za: 'en-GB' } },
  es: { main: 'es-MX', byRegion: { es: 'es-ES', do: 'es-DO', mx: 'es-MX' } },
  fi: { main: 'fi-FI' },
  fr: { main: 'fr-FR', byRegion: { ca: 'fr-CA', be: 'fr-BE', lu: 'fr-BE' } },
  he: { main: 'he-IL' },
  iw: { main: 'he-IL' },
  hi: { main: 'hi-IN' },
  hr: { main: 'hr-HR' },
  ht: { main: 'ht-HT' },
  hu: { main: 'hu-HU' },
  it: { main: 'it-IT' },
  ja: { main: 'ja-JP' },
  ko: { main: 'ko-KR' },
  ms: { main: 'ms-MY' },
  nb: { main: 'nb-NO' },
  no: { main: 'nb-NO' },
  nn: { main: 'nb-NO' },
  nl: { main: 'nl-NL', byRegion: { be: 'nl-BE' } },
  pl: { main: 'pl-PL' },
  pt: { main: 'pt-BR', byRegion: { pt: 'pt-PT', ao: 'pt-PT', mz: 'pt-PT', cv: 'pt-PT' } },
  ro: { main: 'ro-RO' },
  ru: { main: 'ru-RU' },
  sk: { main: 'sk-SK' },
  sr: { main: 'sr-RS' },
  sv: { main: 'sv-SE' },
  te: { main: 'te-IN' },
  th: { main: 'th-TH' },
  tr: { main: 'tr-TR' },
  uk: { main: 'uk-UA' },
  vi: { main: 'vi-VN' },
  zh: {
    main: 'zh-CN',
    byRegion: { tw: 'zh-TW', hk: 'zh-TW', mo: 'zh-TW', hant: 'zh-TW', cn: 'zh-CN', sg: 'zh-CN', hans: 'zh-CN' },
  },
};

/**
 * The shipped language a tag asks for (BCP 47 as browsers and `hl` write it, `_` allowed): the same tag, else the
 * language's match for its region or script, else the language's main market; null when the language is not
 * shipped. `en-US` is `en`.
 */
export function matchLanguage(tag: string): string | null {
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(wanted)) return null;
  const exact = BY_TAG.get(wanted);
  if (exact) return exact.tag;
  const [primary = '', ...subtags] = wanted.split('-');
  const defaults = REGIONAL_DEFAULTS[primary];
  if (!defaults) return null;
  for (const subtag of subtags) {
    const byRegion = defaults.byRegion?.[subtag];
    if (byRegion) return byRegion;
  }
  return defaults.main;
}

/**
 * The language of the page for a requested tag among the employer's `supported` languages: the shipped language the
 * tag asks for if supported, else the first of its stand-ins that is; null when none is (the next preference then
 * decides: docs/product/languages.md#choosing-the-language).
 */
export function chooseLanguage(requested: string, supported: readonly string[] = SHIPPED_LANGUAGES): string | null {
  const shipped = matchLanguage(requested);
  if (!shipped) return null;
  const offered = new Set(supported.map((tag) => matchLanguage(tag)).filter((tag) => tag !== null));
  if (offered.has(shipped)) return shipped;
  return STAND_INS[shipped]?.find((standIn) => offered.has(standIn)) ?? null;
}
