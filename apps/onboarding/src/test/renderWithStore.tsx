import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { booted, createCareersStore, i18n, initI18n, registerNamespace } from '@careers/shared';
import type { BootData, OnboardingData, Profile } from '@careers/shared/contract';
import en from '../locales/en.json';
import { NAMESPACE } from '../namespace';

export const DOMAIN = 'acme.example';

/** Starts i18n with the widget's namespace, as the widget's `prepare` does. */
export async function setupI18n(language = 'en'): Promise<void> {
  await initI18n(language);
  await registerNamespace(NAMESPACE, en, (lng) => import(`../locales/${lng}.json`));
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    encId: 'p-1',
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    fullname: 'Ada Lovelace',
    hasResume: false,
    location: 'London, UK',
    ...overrides,
  };
}

export function onboarding(overrides: Partial<OnboardingData> = {}): OnboardingData {
  return { isOnboarded: true, isBootstrapped: true, tosAttested: true, ...overrides };
}

export type TermsConfig = NonNullable<BootData['pcsxConfig']['termsOfServiceConfig']>;

export function termsConfig(overrides: Partial<TermsConfig> = {}): TermsConfig {
  return {
    enabled: true,
    headingText: 'Acme terms of use',
    helperText: 'Please read and accept our terms to continue.',
    infoText: 'You can read them again at any time in your settings.',
    disclaimerText: '<p>By using this site you agree to the <a href="https://acme.example/terms">terms</a>.</p>',
    submitButtonText: 'I agree',
    ...overrides,
  };
}

/** The page's starting data for a logged-in candidate who is fully onboarded, with terms disabled. */
export function bootData(overrides: Partial<BootData> = {}): BootData {
  return {
    groupId: DOMAIN,
    isLoggedIn: true,
    user: { id: 'u-1', email: 'ada@example.com' },
    profile: profile(),
    pcsxConfig: {},
    behaviourFlags: {},
    notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false },
    supportedLanguages: ['en', 'fr-CA'],
    language: 'en',
    manifestUrl: '/widgets/manifest.json',
    onboarding: onboarding(),
    ...overrides,
  };
}

export const loggedOut = (): BootData => bootData({ isLoggedIn: false, user: null, profile: null, onboarding: null });

/** Renders `ui` with a fresh store (optionally booted with the page's starting data) and the shared i18n. */
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
