import { baseBootData, setupWidgetI18n } from '@careers/shared/testing';
import type { BootData, OnboardingData, Profile } from '@careers/shared/contract';
import en from '../locales/en.json';
import { NAMESPACE } from '../namespace';

export { DOMAIN, renderWithStore } from '@careers/shared/testing';

/** Starts i18n with the widget's namespace, as the widget's `prepare` does. */
export function setupI18n(language = 'en'): Promise<void> {
  return setupWidgetI18n(NAMESPACE, en, (lng) => import(`../locales/${lng}.json`), { language });
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
  return baseBootData({ profile: profile(), onboarding: onboarding(), ...overrides });
}
