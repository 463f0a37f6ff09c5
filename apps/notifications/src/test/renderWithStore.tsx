import { baseBootData, setupWidgetI18n } from '@careers/shared/testing';
import type { BootData } from '@careers/shared/contract';
import en from '../locales/en.json';

export { DOMAIN, renderWithStore } from '@careers/shared/testing';

/** Starts i18n with the widget's namespace, as the widget's `prepare` does. */
export function setupI18n(language = 'en'): Promise<void> {
  return setupWidgetI18n('notifications', en, (lng) => import(`../locales/${lng}.json`), { language });
}

/** The page's starting data: a logged-in user without a profile, with notifications enabled. */
export function bootData(overrides: Partial<BootData> = {}): BootData {
  return baseBootData({
    notificationsConfig: { enabled: true, hasActionRequiredNotificationsConfigured: false },
    ...overrides,
  });
}
