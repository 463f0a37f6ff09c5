import type { ResourceKey } from 'i18next';
import { registerNamespace } from '../i18n/i18n';

/** i18n namespace of the sign-in dialog. */
export const AUTH_NAMESPACE = 'auth';

const loadLocale = (lng: string): Promise<{ default: ResourceKey }> =>
  import(/* webpackChunkName: "locale-auth-[request]" */ `./locales/${lng}.json`);

let prepared: Promise<void> | null = null;

/**
 * Registers the sign-in dialog's texts, loaded with the dialog: English too is a chunk of its own (`locale-auth-en`),
 * since the dialog's screens (password, code, sign-up, reset) would otherwise weigh on every page's first load. The
 * sign-in gate, and any widget that uses `LoginDialog`, calls it before showing the dialog (idempotent), and adds
 * `authCss` to its styles.
 */
export function prepareAuth(): Promise<void> {
  // A chunk that failed to load (the network) is asked for again the next time.
  prepared ??= loadLocale('en')
    .then((english) => registerNamespace(AUTH_NAMESPACE, english.default, loadLocale))
    .catch((error: unknown) => {
      prepared = null;
      throw error;
    });
  return prepared;
}
