import type { ResourceKey } from 'i18next';
import { registerNamespace } from '../i18n/i18n';
import { fetchLocale } from '../i18n/localeFiles';

/** i18n namespace of the sign-in dialog. */
export const AUTH_NAMESPACE = 'auth';

/** English is a chunk of its own; other languages are files beside the bundle (fetchLocale), imported under Jest. */
const loadEnglish = async (): Promise<ResourceKey> =>
  ((await import(/* webpackChunkName: "locale-auth-en" */ './locales/en.json')) as { default: ResourceKey }).default;
const loadLocale = async (lng: string): Promise<ResourceKey> => {
  if (lng === 'en') return loadEnglish();
  return typeof __CAREERS_LOCALES__ === 'string'
    ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/auth/${lng}.json`, __webpack_public_path__))
    : ((await import(`./locales/${lng}.json`)) as { default: ResourceKey }).default;
};

let prepared: Promise<void> | null = null;

/**
 * Registers the sign-in dialog's texts, loaded with the dialog: English too is a chunk of its own (`locale-auth-en`),
 * since the dialog's screens (password, code, sign-up, reset) would otherwise weigh on every page's first load. The
 * sign-in gate, and any widget that uses `LoginDialog`, calls it before showing the dialog (idempotent), and adds
 * `authCss` to its styles.
 */
export function prepareAuth(): Promise<void> {
  // A chunk that failed to load (the network) is asked for again the next time.
  prepared ??= loadEnglish()
    .then((english) => registerNamespace(AUTH_NAMESPACE, english, loadLocale))
    .catch((error: unknown) => {
      prepared = null;
      throw error;
    });
  return prepared;
}
