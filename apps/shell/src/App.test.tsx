import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, navigate } from '@careers/shared';
import { App } from './App';
import { addShellSlots, bootData, partRoot, renderWithStore, setupI18n } from './test/setup';

const at = (address: string) => window.history.replaceState(null, '', address);
const shellAttribute = () => document.documentElement.getAttribute('data-careers-shell');

beforeEach(async () => {
  await setupI18n();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-careers-shell');
  at('/careers?domain=acme.example');
});

afterEach(async () => {
  if (i18n.language !== 'en') await act(() => i18n.changeLanguage('en'));
});

describe('a visitor on Acme (its own navbar in force for visitors)', () => {
  it('draws no navbar; the promo banner on the jobs page and the sanitised footer', async () => {
    const slots = addShellSlots();
    renderWithStore(<App />, { session: bootData({ isLoggedIn: false, user: null }) });

    expect(screen.queryByRole('navigation')).toBeNull();
    await waitFor(() => expect(partRoot(slots.banner)?.querySelector('.cw-shell-promo__text a')).not.toBeNull());
    const banner = within(partRoot(slots.banner) as unknown as HTMLElement);
    expect(banner.getByRole('region', { name: 'Announcement' })).toHaveTextContent('Hiring event. See the roles');
    // Its mark is a drawn, hidden graphic, not a letter: no "i" in the text, nothing for a contrast rule to read.
    expect(banner.getByRole('region', { name: 'Announcement' }).textContent).toMatch(/^Hiring event/);
    expect(partRoot(slots.banner)!.querySelector('.cw-shell-promo__icon')).toHaveAttribute('aria-hidden', 'true');
    // A link to this site opens in place; the banner keeps no script.
    expect(banner.getByRole('link', { name: 'See the roles' })).not.toHaveAttribute('target');

    await waitFor(() => expect(partRoot(slots.footer)?.querySelector('footer p')).not.toBeNull());
    const footer = partRoot(slots.footer)!;
    expect(footer.textContent).toContain('Questions? Write to us');
    expect(footer.querySelector('script')).toBeNull();
    expect(footer.querySelector('img')?.hasAttribute('onerror') ?? false).toBe(false);
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    expect(shellAttribute()).toBe('promo footer');
  });

  it('follows the page: the hero image on the offers page, the banner gone', async () => {
    const slots = addShellSlots();
    renderWithStore(<App />, { session: bootData({ isLoggedIn: false, user: null }) });
    await waitFor(() => expect(shellAttribute()).toBe('promo footer'));
    act(() => navigate('/careers/offers?domain=acme.example'));
    await waitFor(() => expect(shellAttribute()).toBe('hero footer'));
    const image = partRoot(slots.banner)?.querySelector('img');
    expect(image).toHaveAttribute('src', '/host-demo/acme-hero.svg');
    expect(image).toHaveAttribute('alt', '');
    // Decorative by its empty alt alone: role="presentation" beside it is redundant, and IBM Equal Access reports
    // the pair (issue 22).
    expect(image).not.toHaveAttribute('role');
    expect(partRoot(slots.banner)?.querySelector('.cw-shell-promo')).toBeNull();
  });
});

describe('a signed-in candidate (the careers navbar)', () => {
  it('shows the pages, marks the current one, and signs out through /logout', async () => {
    at('/careers/dashboard?domain=acme.example');
    addShellSlots();
    renderWithStore(<App />, { session: bootData() });
    const nav = screen.getByRole('navigation', { name: 'Careers' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Jobs', 'Dashboard', 'Offers', 'Profile', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/careers?domain=acme.example');
    expect(screen.getByRole('link', { name: 'Careers at Acme Robotics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout?domain=acme.example');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(shellAttribute()).toBe('navbar footer');
  });

  // Issue 22: signed in, the employer's own header (with its logo) gives way to this navbar, and the logo was gone.
  it('keeps the employer’s logo in the navbar, in its 178 x 160 box, beside the company’s name', async () => {
    at('/careers/dashboard?domain=acme.example');
    addShellSlots();
    renderWithStore(<App />, { session: bootData({}, { logoUrl: '/host-demo/acme-logo.svg' }) });
    const brand = screen.getByRole('link', { name: 'Careers at Acme Robotics' });
    const logo = brand.querySelector('img')!;
    expect(logo).toHaveAttribute('src', '/host-demo/acme-logo.svg');
    expect(logo).toHaveAttribute('alt', '');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['178', '160']);
  });

  it('shows no logo from an address that is not the site’s or https', async () => {
    at('/careers/dashboard?domain=acme.example');
    addShellSlots();
    renderWithStore(<App />, { session: bootData({}, { logoUrl: 'javascript:alert(1)' }) });
    expect(screen.getByRole('link', { name: 'Careers at Acme Robotics' }).querySelector('img')).toBeNull();
  });

  it('switches the language at once, keeps it in the address and on <html lang>', async () => {
    at('/careers/profile?domain=acme.example');
    addShellSlots();
    renderWithStore(<App />, { session: bootData() });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr-CA');
    await waitFor(() => expect(i18n.language).toBe('fr-CA'));
    await waitFor(() => expect(window.location.search).toBe('?domain=acme.example&hl=fr-CA'));
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(await screen.findByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Se déconnecter' })).toBeInTheDocument();
  });

  it('on a phone, the links fold into a Menu that Escape closes (focus back on the button)', async () => {
    addShellSlots();
    renderWithStore(<App />, { session: bootData() });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveClass('cw-shell-navbar__panel--open');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('configuration', () => {
  it('without a custom navbar a visitor gets the navbar with Sign in (which opens the sign-in dialog)', async () => {
    addShellSlots();
    renderWithStore(<App />, {
      session: bootData({ isLoggedIn: false, user: null }, { customNavbarConfig: undefined }),
    });
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute(
      'href',
      `/careers/login?domain=acme.example&next=${encodeURIComponent('/careers?domain=acme.example')}`,
    );
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    fireEvent.click(signIn);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/careers');
  });

  it('no Sign in when candidates may not sign in', () => {
    addShellSlots();
    renderWithStore(<App />, {
      session: bootData(
        { isLoggedIn: false, user: null, loginSignupConfig: { candidateLoginEnabled: false } },
        { customNavbarConfig: undefined },
      ),
    });
    expect(screen.getByRole('navigation', { name: 'Careers' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('"Powered by" without a custom footer, nothing with hideInjectedFooter, and no footer on onboarding', async () => {
    const slots = addShellSlots();
    const noFooter = { customPageSections: {} };
    const view = renderWithStore(<App />, { session: bootData({}, noFooter) });
    await waitFor(() => expect(partRoot(slots.footer)?.textContent).toBe('Powered by Careers Widgets'));
    view.unmount();
    expect(slots.footer.childElementCount).toBe(0);

    renderWithStore(<App />, {
      session: bootData({ behaviourFlags: { hideInjectedFooter: true } }, noFooter),
    }).unmount();
    expect(slots.footer.childElementCount).toBe(0);

    at('/careers/onboarding');
    renderWithStore(<App />, { session: bootData() });
    expect(shellAttribute()).toBe('navbar');
    expect(slots.footer.childElementCount).toBe(0);
  });

  it('the implementation-phase banner, 24 px, above the navbar', () => {
    addShellSlots();
    renderWithStore(<App />, { session: bootData({ pcsxConfig: { implementationPhase: true } }) });
    expect(screen.getByText('This careers site is being set up: some pages and details may still change.')).toHaveClass(
      'cw-shell-phase',
    );
    expect(shellAttribute()).toBe('navbar phase promo footer');
  });

  it('an alert banner says it is important', async () => {
    const slots = addShellSlots();
    renderWithStore(<App />, {
      session: bootData(
        { isLoggedIn: false, user: null },
        { customPageSections: { customPcsBanner: { alertType: 'alert', html: 'Site maintenance tonight' } } },
      ),
    });
    await waitFor(() =>
      expect(partRoot(slots.banner)?.querySelector('.cw-shell-promo__text')?.textContent).toBe(
        'Site maintenance tonight',
      ),
    );
    expect(partRoot(slots.banner)?.querySelector('section')).toHaveAttribute('aria-label', 'Important announcement');
  });
});
