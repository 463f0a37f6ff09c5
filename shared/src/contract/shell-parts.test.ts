import type { BootData } from './index';
import { isShellAddress, pageMetadataFor, shellAttribute, shellParts } from './shell-parts';

type Boot = Pick<BootData, 'isLoggedIn' | 'pcsxConfig' | 'behaviourFlags'>;

const boot = (over: Partial<Boot> = {}, branding: Record<string, unknown> = {}): Boot => ({
  isLoggedIn: false,
  behaviourFlags: {},
  ...over,
  pcsxConfig: { branding: { companyName: 'Acme', ...branding }, ...over.pcsxConfig },
});

describe('shellParts', () => {
  it('without configuration: the careers navbar and the "Powered by" footer only', () => {
    const parts = shellParts(boot(), 'jobs');
    expect(parts).toEqual({
      navbar: true,
      phase: false,
      promo: null,
      hero: null,
      footer: { kind: 'powered' },
      cart: false,
    });
    expect(shellAttribute(parts)).toBe('navbar footer');
  });

  // The job cart button (docs/product/shell.md#job-cart-button) when jobCartConfig.enabled, on every page, for the
  // candidate whose cart it is; it takes no room of its own, so the page's attribute does not name it.
  it('the job cart panel: on every page where the employer offers the cart, for a signed-in candidate', () => {
    const cartOn = { jobCartConfig: { enabled: true } };
    for (const page of ['jobs', 'dashboard', 'offers', 'applyPage', null]) {
      expect(shellParts(boot({ isLoggedIn: true, pcsxConfig: cartOn }), page).cart).toBe(true);
    }
    expect(shellParts(boot({ isLoggedIn: false, pcsxConfig: cartOn }), 'jobs').cart).toBe(false);
    expect(shellParts(boot({ isLoggedIn: true, pcsxConfig: { jobCartConfig: { enabled: false } } }), 'jobs').cart).toBe(
      false,
    );
    expect(shellParts(boot({ isLoggedIn: true }), 'jobs').cart).toBe(false);
    expect(shellAttribute(shellParts(boot({ isLoggedIn: true, pcsxConfig: cartOn }), 'jobs'))).toBe('navbar footer');
  });

  it('the custom navbar: enable for visitors, showInLoggedinView for signed-in candidates', () => {
    const customNavbarConfig = { enable: true, showInLoggedinView: false };
    expect(shellParts(boot({}, { customNavbarConfig }), 'jobs').navbar).toBe(false);
    expect(shellParts(boot({ isLoggedIn: true }, { customNavbarConfig }), 'jobs').navbar).toBe(true);
    const flipped = { enable: false, showInLoggedinView: true };
    expect(shellParts(boot({}, { customNavbarConfig: flipped }), 'jobs').navbar).toBe(true);
    expect(shellParts(boot({ isLoggedIn: true }, { customNavbarConfig: flipped }), 'jobs').navbar).toBe(false);
  });

  it('the footer: custom HTML first, else "Powered by" unless hideInjectedFooter; none on onboarding', () => {
    const footer = '<p>© Acme</p>';
    expect(shellParts(boot({}, { customPageSections: { footer } }), 'jobs').footer).toEqual({
      kind: 'custom',
      html: footer,
    });
    expect(
      shellParts(boot({ behaviourFlags: { hideInjectedFooter: true } }, { customPageSections: { footer } }), 'jobs')
        .footer,
    ).toEqual({ kind: 'custom', html: footer });
    expect(shellParts(boot({ behaviourFlags: { hideInjectedFooter: true } }), 'jobs').footer).toBeNull();
    expect(shellParts(boot({}, { customPageSections: { footer: '   ' } }), 'jobs').footer).toEqual({ kind: 'powered' });
    expect(shellParts(boot({}, { customPageSections: { footer } }), 'onboarding').footer).toBeNull();
  });

  it('the promo banner and hero image show on their pages only (every page without a list), unless disabled', () => {
    const customPcsBanner = { alertType: 'info' as const, html: 'Hiring event', pages: ['jobs'] };
    const heroImageConfig = { imageUrl: '/hero.svg', pages: ['offers'] };
    const configured = boot({}, { customPageSections: { customPcsBanner }, heroImageConfig });
    expect(shellParts(configured, 'jobs').promo).toEqual(customPcsBanner);
    expect(shellParts(configured, 'jobs').hero).toBeNull();
    expect(shellParts(configured, 'offers').hero).toEqual(heroImageConfig);
    expect(shellParts(configured, 'offers').promo).toBeNull();
    expect(shellParts(configured, null).promo).toBeNull();
    const everywhere = boot({}, { heroImageConfig: { imageUrl: 'https://cdn.example/hero.jpg' } });
    expect(shellParts(everywhere, 'profile').hero).not.toBeNull();
    const off = boot({}, { customPageSections: { customPcsBanner: { ...customPcsBanner, enabled: false } } });
    expect(shellParts(off, 'jobs').promo).toBeNull();
  });

  it('never shows a hero image from an unsafe address', () => {
    for (const imageUrl of [
      'javascript:alert(1)',
      '//evil.example/x.png',
      'http://plain.example/x.png',
      'data:image/png;base64,AA',
    ]) {
      expect(shellParts(boot({}, { heroImageConfig: { imageUrl } }), 'jobs').hero).toBeNull();
    }
  });

  it('the implementation-phase banner follows pcsxConfig.implementationPhase', () => {
    const parts = shellParts(boot({ pcsxConfig: { implementationPhase: true } }), 'dashboard');
    expect(parts.phase).toBe(true);
    expect(shellAttribute(parts)).toBe('navbar phase footer');
  });
});

describe('isShellAddress', () => {
  it.each([
    ['/careers/search', {}, true],
    ['https://acme.example/x', {}, true],
    ['mailto:careers@acme.example', { mailto: true }, true],
    ['mailto:careers@acme.example', {}, false],
    ['//evil.example', {}, false],
    ['/\\evil.example', {}, false],
    ['javascript:alert(1)', { mailto: true }, false],
    ['http://acme.example', {}, false],
  ])('%s %j → %s', (value, options, expected) => {
    expect(isShellAddress(value, options)).toBe(expected);
  });
});

// `seoConfig.pagesMetadata` as named (docs/product/shell.md#page-metadata; issue 22: the code read `seo` only); `seo`
// still counts.
describe('pageMetadataFor', () => {
  const pcsxConfig = {
    seoConfig: {
      pagesMetadata: {
        jobs: { title: ' Robotics   jobs ', description: 'Build robots with us.' },
        offers: { description: 'Your offers.' },
        profile: { title: '   ' },
      },
    },
    seo: { offers: { title: 'Your offers at Acme' }, jobs: { title: 'Older jobs title' } },
  };

  it('reads the spec’s name first, the older seo for a title it does not give, nothing for other pages', () => {
    expect(pageMetadataFor(pcsxConfig, 'jobs')).toEqual({
      title: 'Robotics jobs',
      description: 'Build robots with us.',
    });
    expect(pageMetadataFor(pcsxConfig, 'offers')).toEqual({
      title: 'Your offers at Acme',
      description: 'Your offers.',
    });
    expect(pageMetadataFor(pcsxConfig, 'profile')).toEqual({ title: null, description: null });
    expect(pageMetadataFor(pcsxConfig, 'dashboard')).toEqual({ title: null, description: null });
    expect(pageMetadataFor(pcsxConfig, null)).toEqual({ title: null, description: null });
    expect(pageMetadataFor({}, 'jobs')).toEqual({ title: null, description: null });
  });

  it('ignores what is not text (starting data from an employer’s own server is not checked)', () => {
    const odd = { seoConfig: { pagesMetadata: { jobs: { title: 42, description: ['x'] }, offers: 'x' } }, seo: [] };
    expect(pageMetadataFor(odd, 'jobs')).toEqual({ title: null, description: null });
    expect(pageMetadataFor(odd, 'offers')).toEqual({ title: null, description: null });
    expect(pageMetadataFor(odd, 'toString')).toEqual({ title: null, description: null });
  });
});
