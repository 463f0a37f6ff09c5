import i18next, { type Resource, type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en.json';
import { fetchLocale } from './localeFiles';
import { isolatingFormatter } from './formatter';

import { SOURCE_LANGUAGE } from '../contract/language-basics';

export { directionOf, SOURCE_LANGUAGE } from '../contract/language-basics';

type LocaleLoader = (language: string) => Promise<{ default: ResourceKey } | ResourceKey>;

const loaders = new Map<string, LocaleLoader>([
  // Other languages are files beside the bundle (fetchLocale); Jest imports them.
  [
    'common',
    (lng) =>
      typeof __CAREERS_LOCALES__ === 'string'
        ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/common/${lng}.json`, __webpack_public_path__))
        : import(`./locales/${lng}.json`),
  ],
]);

/** The i18next instance every widget renders with (shared singleton through `@careers/shared`). */
export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/**
 * Starts i18next once for the page. `language` comes from the starting data, where the server chose it among the
 * employer's `supported` languages, which are shipped ones (docs/product/languages.md#choosing-the-language);
 * anything else is English (without `supported`, any language is). A language whose files are missing (a widget older than the server) reads English.
 * Safe to call more than once.
 */
export function initI18n(language: string = SOURCE_LANGUAGE, supported?: readonly string[]) {
  if (initialised) return initialised;
  const supportedLngs = supported ? [SOURCE_LANGUAGE, ...supported.filter((l) => l !== SOURCE_LANGUAGE)] : false;
  const lng = !supportedLngs || supportedLngs.includes(language) ? language : SOURCE_LANGUAGE;
  initialised = i18n
    .use(
      resourcesToBackend(async (lngToLoad: string, ns: string) => {
        const load = loaders.get(ns);
        if (!load || lngToLoad === SOURCE_LANGUAGE) return {};
        const mod = await load(lngToLoad);
        return (mod as { default?: ResourceKey }).default ?? mod;
      }),
    )
    .use(initReactI18next)
    .use(isolatingFormatter)
    .init({
      lng,
      fallbackLng: SOURCE_LANGUAGE,
      supportedLngs,
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { [SOURCE_LANGUAGE]: { common: enCommon } } as Resource,
      // React escapes what it renders. Every variable goes through the formatter (isolated on right-to-left pages).
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  // The page's language follows the widgets' (a language menu, the settings page): screen readers and hyphenation
  // read <html lang>. Each widget's host takes the language and its direction itself (widget/shadowHost.ts); the
  // page's own direction is the employer's.
  i18n.on('languageChanged', (language: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });
  return initialised;
}

/**
 * Registers a widget's namespace: its English texts are bundled with the widget (always needed as the fallback),
 * other locales load on demand through `load`.
 */
export async function registerNamespace(ns: string, english: ResourceKey, load: LocaleLoader): Promise<void> {
  loaders.set(ns, load);
  // i18next only has its resource store (and addResourceBundle) once init has been called.
  if (!initialised) initI18n();
  i18n.addResourceBundle(SOURCE_LANGUAGE, ns, english, true, false);
  await initialised;
  await i18n.loadNamespaces(ns);
}

/**
 * A text of the `common` namespace at once: in the page's language once i18n has started, else in English (a
 * notice shown when the start itself failed, before any language was chosen).
 */
export function commonText(key: string): string {
  if (i18n.isInitialized) return i18n.t(`common:${key}`);
  let node: unknown = enCommon;
  for (const part of key.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : key;
}
