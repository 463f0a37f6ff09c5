import type { ReactElement } from 'react';
import type { BootData } from '@careers/shared/contract';
import { baseBootData, renderWithStore as renderWithFreshStore, setupWidgetI18n } from '@careers/shared/testing';
import en from '../locales/en.json';

export { DOMAIN } from '@careers/shared/testing';

/** Starts i18n with the widget's namespaces (its own), as the widget's `prepare` does. */
export function setupI18n(language = 'en'): Promise<void> {
  return setupWidgetI18n('offers', en, (lng) => import(`../locales/${lng}.json`), { language });
}

/** The page's starting data: a logged-in candidate with a profile. */
export function bootData(overrides: Partial<BootData> = {}): BootData {
  return baseBootData({
    profile: {
      encId: 'cand-1',
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      fullname: 'Ada Lovelace',
      hasResume: true,
      location: 'Toronto',
    },
    ...overrides,
  });
}

/** Renders `ui` with a fresh store booted with the page's starting data (`bootData()` unless given), and i18n. */
export function renderWithStore(ui: ReactElement, { session = bootData() }: { session?: BootData | null } = {}) {
  return renderWithFreshStore(ui, { session });
}
