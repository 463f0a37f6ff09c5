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
  /**
   * Languages that stand in for this one, in order, where an employer does not offer it (fr-BE reads fr-FR, pt-PT
   * reads pt-BR, zh-TW never zh-CN): docs/product/languages.md#choosing-the-language.
   */
  readonly fallback: readonly string[];
}

/** English is the source language and the last fallback of every other. */
export const SOURCE_LANGUAGE = 'en';

/** The 42 interface languages, by tag. Order is the language menu's: by tag, English first. */
export const LANGUAGES: readonly LanguageInfo[] = [
  { tag: 'en', name: 'English (US)', dir: 'ltr', fallback: ['en-GB'] },
  { tag: 'en-GB', name: 'English (UK)', dir: 'ltr', fallback: ['en'] },
  { tag: 'ar-SA', name: 'العربية', dir: 'rtl', fallback: [] },
  { tag: 'bg-BG', name: 'Български', dir: 'ltr', fallback: [] },
  { tag: 'cs-CZ', name: 'Čeština', dir: 'ltr', fallback: ['sk-SK'] },
  { tag: 'da-DK', name: 'Dansk', dir: 'ltr', fallback: ['nb-NO', 'sv-SE'] },
  { tag: 'de-DE', name: 'Deutsch', dir: 'ltr', fallback: [] },
  { tag: 'el-GR', name: 'Ελληνικά', dir: 'ltr', fallback: [] },
  { tag: 'es-DO', name: 'Español (República Dominicana)', dir: 'ltr', fallback: ['es-MX', 'es-ES'] },
  { tag: 'es-ES', name: 'Español (España)', dir: 'ltr', fallback: ['es-MX'] },
  { tag: 'es-MX', name: 'Español (México)', dir: 'ltr', fallback: ['es-ES'] },
  { tag: 'fi-FI', name: 'Suomi', dir: 'ltr', fallback: [] },
  { tag: 'fr-BE', name: 'Français (Belgique)', dir: 'ltr', fallback: ['fr-FR', 'fr-CA'] },
  { tag: 'fr-CA', name: 'Français (Canada)', dir: 'ltr', fallback: ['fr-FR'] },
  { tag: 'fr-FR', name: 'Français (France)', dir: 'ltr', fallback: ['fr-BE', 'fr-CA'] },
  { tag: 'he-IL', name: 'עברית', dir: 'rtl', fallback: [] },
  { tag: 'hi-IN', name: 'हिन्दी', dir: 'ltr', fallback: [] },
  { tag: 'hr-HR', name: 'Hrvatski', dir: 'ltr', fallback: ['sr-RS'] },
  { tag: 'ht-HT', name: 'Kreyòl ayisyen', dir: 'ltr', fallback: ['fr-FR'] },
  { tag: 'hu-HU', name: 'Magyar', dir: 'ltr', fallback: [] },
  { tag: 'it-IT', name: 'Italiano', dir: 'ltr', fallback: [] },
  { tag: 'ja-JP', name: '日本語', dir: 'ltr', fallback: [] },
  { tag: 'ko-KR', name: '한국어', dir: 'ltr', fallback: [] },
  { tag: 'ms-MY', name: 'Bahasa Melayu', dir: 'ltr', fallback: [] },
  { tag: 'nb-NO', name: 'Norsk bokmål', dir: 'ltr', fallback: ['da-DK', 'sv-SE'] },
  { tag: 'nl-BE', name: 'Nederlands (België)', dir: 'ltr', fallback: ['nl-NL'] },
  { tag: 'nl-NL', name: 'Nederlands (Nederland)', dir: 'ltr', fallback: ['nl-BE'] },
  { tag: 'pl-PL', name: 'Polski', dir: 'ltr', fallback: [] },
  { tag: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr', fallback: ['pt-PT'] },
  { tag: 'pt-PT', name: 'Português (Portugal)', dir: 'ltr', fallback: ['pt-BR'] },
  { tag: 'ro-RO', name: 'Română', dir: 'ltr', fallback: [] },
  { tag: 'ru-RU', name: 'Русский', dir: 'ltr', fallback: [] },
  { tag: 'sk-SK', name: 'Slovenčina', dir: 'ltr', fallback: ['cs-CZ'] },
  { tag: 'sr-RS', name: 'Српски', dir: 'ltr', fallback: [] },
  { tag: 'sv-SE', name: 'Svenska', dir: 'ltr', fallback: ['nb-NO', 'da-DK'] },
  { tag: 'te-IN', name: 'తెలుగు', dir: 'ltr', fallback: [] },
  { tag: 'th-TH', name: 'ไทย', dir: 'ltr', fallback: [] },
  { tag: 'tr-TR', name: 'Türkçe', dir: 'ltr', fallback: [] },
  { tag: 'uk-UA', name: 'Українська', dir: 'ltr', fallback: [] },
  { tag: 'vi-VN', name: 'Tiếng Việt', dir: 'ltr', fallback: [] },
  // Traditional Chinese never falls back to Simplified: a reader of one is not served by the other's script.
  { tag: 'zh-CN', name: '简体中文', dir: 'ltr', fallback: [] },
  { tag: 'zh-TW', name: '繁體中文', dir: 'ltr', fallback: [] },
];

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

/** Writing direction of a tag's interface (`rtl` for Arabic and Hebrew), `ltr` for anything unknown. */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  const known = languageInfo(tag);
  if (known) return known.dir;
  return /^(ar|he|fa|ur)(-|$)/i.test(tag) ? 'rtl' : 'ltr';
}

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
  return languageInfo(shipped)?.fallback.find((standIn) => offered.has(standIn)) ?? null;
}
