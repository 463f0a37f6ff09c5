/**
 * Rendering a widget's components as the page would: a fresh store (optionally booted with the page's starting
 * data) and the shared i18n. Test-only: nothing in the product imports this folder.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { BootData } from '../contract';
import { i18n, initI18n, registerNamespace } from '../i18n/i18n';
import { booted } from '../store/sessionSlice';
import { createCareersStore } from '../store/store';

/** The group (domain) the test pages belong to. */
export const DOMAIN = 'acme.example';

/**
 * Starts i18n with a widget's namespace, as the widget's `prepare` does: English from `english`, other languages
 * through `load`. `prepare` runs after the namespace is registered (e.g. `prepareAuth` for the sign-in texts).
 */
export async function setupWidgetI18n(
  namespace: string,
  english: Parameters<typeof registerNamespace>[1],
  load: Parameters<typeof registerNamespace>[2],
  { language = 'en', prepare }: { language?: string; prepare?: () => Promise<unknown> } = {},
): Promise<void> {
  await initI18n(language);
  await registerNamespace(namespace, english, load);
  if (prepare) await prepare();
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** The page's starting data for a logged-in user of `DOMAIN` without a profile; apps add their own defaults. */
export function baseBootData(overrides: Partial<BootData> = {}): BootData {
  return {
    groupId: DOMAIN,
    isLoggedIn: true,
    user: { id: 'u-1', email: 'ada@example.com' },
    profile: null,
    pcsxConfig: {},
    behaviourFlags: {},
    notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false },
    supportedLanguages: ['en', 'fr-CA'],
    languageNames: { en: 'English (US)', 'fr-CA': 'Français (Canada)' },
    language: 'en',
    manifestUrl: '/widgets/manifest.json',
    ...overrides,
  };
}

/** Renders `ui` with a fresh store (booted with `session` when there is one) and the shared i18n. */
export function renderWithStore(ui: ReactElement, { session }: { session?: BootData | null } = {}) {
  const store = createCareersStore();
  if (session) store.dispatch(booted(session));
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return { store, ...result };
}
