import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { booted, createCareersStore, i18n, initI18n, prepareAuth, registerNamespace } from '@careers/shared';
import type { BootData } from '@careers/shared/contract';
import en from '../locales/en.json';

export const DOMAIN = 'acme.example';

/** Starts i18n with the widget's namespaces, as the widget's `prepare` does. */
export async function setupI18n(language = 'en'): Promise<void> {
  await initI18n(language);
  await registerNamespace('offers', en, (lng) => import(`../locales/${lng}.json`));
  await prepareAuth();
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export function bootData(overrides: Partial<BootData> = {}): BootData {
  return {
    groupId: DOMAIN,
    isLoggedIn: true,
    user: { id: 'u-1', email: 'ada@example.com' },
    profile: {
      encId: 'cand-1',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      fullname: 'Ada Lovelace',
      hasResume: true,
      location: 'Toronto',
    },
    pcsxConfig: {},
    behaviourFlags: {},
    notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false },
    supportedLanguages: ['en', 'fr-CA'],
    language: 'en',
    manifestUrl: '/widgets/manifest.json',
    ...overrides,
  };
}

/** Renders `ui` with a fresh store booted with the page's starting data, and the shared i18n. */
export function renderWithStore(ui: ReactElement, { session = bootData() }: { session?: BootData | null } = {}) {
  const store = createCareersStore();
  if (session) store.dispatch(booted(session));
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return { store, ...result };
}
