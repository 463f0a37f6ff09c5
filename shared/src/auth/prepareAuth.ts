import type { ResourceKey } from 'i18next';
import { registerNamespace } from '../i18n/i18n';
import en from './locales/en.json';

/** i18n namespace of the sign-in dialog. */
export const AUTH_NAMESPACE = 'auth';

const loadLocale = (lng: string): Promise<{ default: ResourceKey }> =>
  import(/* webpackChunkName: "locale-auth-[request]" */ `./locales/${lng}.json`);

let prepared: Promise<void> | null = null;

/**
 * Registers the sign-in dialog's texts. The sign-in gate, and any widget that uses `LoginDialog`, calls it in
 * its `prepare` (idempotent), and adds `authCss` to its styles.
 */
export function prepareAuth(): Promise<void> {
  prepared ??= registerNamespace(AUTH_NAMESPACE, en, loadLocale);
  return prepared;
}
