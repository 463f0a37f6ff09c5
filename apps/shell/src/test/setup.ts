import { baseBootData, setupWidgetI18n } from '@careers/shared/testing';
import type { BootData } from '@careers/shared/contract';
import en from '../locales/en.json';

export { renderWithStore } from '@careers/shared/testing';

/** Starts i18n with the shell's namespace, as the widget's `prepare` does. */
export function setupI18n(language = 'en'): Promise<void> {
  return setupWidgetI18n('shell', en, (lng) => import(`../locales/${lng}.json`), { language });
}

/** Acme's branding as the demo employer has it (the server's demo configuration). */
const ACME_BRANDING = {
  companyName: 'Acme Robotics',
  customNavbarConfig: { enable: true, showInLoggedinView: false },
  customPageSections: {
    footer:
      '<p>Questions? <a href="mailto:careers@acme.example">Write to us</a>.</p><script>window.pwned = true</script><img src=x onerror="window.pwned = true">',
    customPcsBanner: {
      alertType: 'info' as const,
      html: '<strong>Hiring event.</strong> <a href="/careers/search?query=robotics">See the roles</a>',
      pages: ['jobs'],
    },
  },
  heroImageConfig: { imageUrl: '/host-demo/acme-hero.svg', altText: '', pages: ['offers'] },
};

/** Starting data of the shell's tests: a signed-in candidate of Acme unless overridden. */
export function bootData(overrides: Partial<BootData> = {}, branding: Record<string, unknown> = {}): BootData {
  return baseBootData({
    ...overrides,
    pcsxConfig: { branding: { ...ACME_BRANDING, ...branding }, ...overrides.pcsxConfig },
  });
}

/** Adds the page slots the shell draws into; returns them. */
export function addShellSlots(): Record<'navbar' | 'banner' | 'footer', HTMLElement> {
  const make = (id: string) => {
    const element = document.createElement('div');
    element.id = id;
    document.body.appendChild(element);
    return element;
  };
  return { navbar: make('careers-navbar'), banner: make('careers-banner'), footer: make('careers-footer') };
}

/** The shadow root of the shell's host in a slot (the banner or footer part), once it is there. */
export function partRoot(slot: HTMLElement): ShadowRoot | null {
  return slot.querySelector('[data-careers-widget]')?.shadowRoot ?? null;
}
