import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { i18n, navigate, useCartActions } from '@careers/shared';
import type { BootData, PositionSummary } from '@careers/shared/contract';
import { DOMAIN, installFakeServer, ok, type FakeServer } from '@careers/shared/testing';
import { App } from '../../../App';
import { addShellSlots, bootData, renderWithStore, setupI18n } from '../../../test/setup';

const position = (id: number, name: string, location = 'Boston'): PositionSummary =>
  ({ id, name, location, positionUserActions: { isSaved: false, inCart: false } }) as PositionSummary;
const nurse = position(3, 'Nurse');
const welder = position(5, 'Welder');

const cartAnswer = (items: PositionSummary[], invalidPositionIds: string[] = []) =>
  ok({ jobCartData: items, invalidPositionIds });

/** A signed-in candidate of Acme (its careers navbar for them) with the cart on, unless overridden. */
const cartOn = (overrides: Partial<BootData> = {}, branding: Record<string, unknown> = {}) =>
  bootData({ ...overrides, pcsxConfig: { jobCartConfig: { enabled: true }, ...overrides.pcsxConfig } }, branding);

const at = (address: string) => window.history.replaceState(null, '', address);
const cartButton = () => screen.getByRole('button', { name: /^Job cart \(\d+\)$/ });

let server: FakeServer;

beforeEach(async () => {
  await setupI18n();
  server = installFakeServer();
  server.on('GET', '/api/pcsx/job_cart', cartAnswer([nurse, welder]));
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
  document.body.innerHTML = '';
  at('/careers/dashboard?domain=acme.example');
});

afterEach(async () => {
  jest.restoreAllMocks();
  if (i18n.language !== 'en') await act(() => i18n.changeLanguage('en'));
});

async function openPanel(session = cartOn()) {
  const user = userEvent.setup();
  addShellSlots();
  const view = renderWithStore(<App />, { session });
  await waitFor(() => expect(cartButton()).toHaveTextContent('Job cart (2)'));
  await user.click(cartButton());
  return { user, dialog: await screen.findByRole('dialog', { name: 'Job cart' }), ...view };
}

// The job cart button (docs/product/shell.md#job-cart-button) when jobCartConfig.enabled, on every page (issue 22: it
// showed on the search page only, drawn by the search widget).
describe('the job cart panel of the shell', () => {
  it('is in the careers navbar on every page, not only the search page', async () => {
    addShellSlots();
    renderWithStore(<App />, { session: cartOn() });
    const navbar = screen.getByRole('banner');
    await waitFor(() => expect(within(navbar).getByRole('button', { name: 'Job cart (2)' })).toBeInTheDocument());
    for (const address of [
      '/careers/offers',
      '/careers/profile',
      '/careers/apply?pid=3',
      '/careers/job/5',
      '/careers',
    ]) {
      act(() => navigate(`${address}${address.includes('?') ? '&' : '?'}domain=acme.example`));
      expect(cartButton()).toHaveTextContent('Job cart (2)');
    }
    // One call for the whole visit: the cart is the page's one cached cart.
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/pcsx/job_cart')[0]?.query.get('domain')).toBe(DOMAIN);
  });

  it('lists the cart with remove buttons and an Apply link to every position', async () => {
    const { dialog } = await openPanel();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nurse · BostonRemove', 'Welder · BostonRemove']);
    expect(within(dialog).getByRole('button', { name: 'Remove Nurse from the job cart' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Apply to all 2' })).toHaveAttribute(
      'href',
      '/careers/apply?pid=3,5',
    );
    // Focus moves into the dialog, on its heading, once the dialog's effects have run (the dialog can be found as
    // soon as it is drawn; a loaded machine showed the moment between).
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Job cart' })).toHaveFocus());
  });

  it('removes a position, keeps focus in the dialog, and gives it back to its button when closed', async () => {
    server.on('POST', '/api/pcsx/job_cart', cartAnswer([welder]));
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Nurse from the job cart' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/pcsx/job_cart')[0]?.body).toEqual({
      pids: ['3'],
      operation: 'remove',
      domain: DOMAIN,
    });
    expect(within(dialog).getByRole('heading', { name: 'Job cart' })).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/careers/apply?pid=5');
    // The answer replaced the cart: no second call.
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cartButton()).toHaveFocus();
    expect(cartButton()).toHaveTextContent('Job cart (1)');
  });

  it('shows unavailable positions and removes them', async () => {
    server.on('GET', '/api/pcsx/job_cart', cartAnswer([nurse, welder], ['9', '12']));
    server.on('POST', '/api/pcsx/job_cart', cartAnswer([nurse, welder]));
    const { user, dialog } = await openPanel();
    expect(within(dialog).getByText('2 positions in your cart are no longer available.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove unavailable positions' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Remove unavailable positions' })).not.toBeInTheDocument(),
    );
    expect(server.callsTo('POST', '/api/pcsx/job_cart')[0]?.body).toEqual({
      pids: ['9', '12'],
      operation: 'remove',
      domain: DOMAIN,
    });
  });

  it('counts what another widget adds (the shared cart), without fetching the cart again', async () => {
    server.on('POST', '/api/pcsx/job_cart', cartAnswer([nurse, welder, position(8, 'Machinist')]));
    // An "Add to cart" of the search widget, through the same shared hooks.
    function AddMachinist() {
      const { add } = useCartActions();
      return (
        <button type="button" onClick={() => void add([8])}>
          Add to cart: Machinist
        </button>
      );
    }
    const user = userEvent.setup();
    addShellSlots();
    renderWithStore(
      <>
        <App />
        <AddMachinist />
      </>,
      { session: cartOn() },
    );
    await waitFor(() => expect(cartButton()).toHaveTextContent('Job cart (2)'));
    await user.click(screen.getByRole('button', { name: 'Add to cart: Machinist' }));
    await waitFor(() => expect(cartButton()).toHaveTextContent('Job cart (3)'));
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(1);
  });

  it('is pinned over the page where the employer’s own navbar is in force for signed-in candidates', async () => {
    addShellSlots();
    renderWithStore(<App />, {
      session: cartOn({}, { customNavbarConfig: { enable: true, showInLoggedinView: true } }),
    });
    expect(screen.queryByRole('banner')).toBeNull();
    await waitFor(() => expect(cartButton()).toHaveTextContent('Job cart (2)'));
    expect(cartButton().closest('.cw-shell-cart')).toHaveClass('cw-shell-cart--floating');
  });

  it('is not shown without the cart, nor to visitors (the cart is a candidate’s), and asks nothing of the server', () => {
    addShellSlots();
    renderWithStore(<App />, { session: bootData() });
    renderWithStore(<App />, { session: cartOn({ isLoggedIn: false, user: null }) });
    expect(screen.queryByRole('button', { name: /^Job cart/ })).toBeNull();
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(0);
  });

  it('is named by its text, in English and in French (WCAG 2.5.3)', async () => {
    addShellSlots();
    const { container } = renderWithStore(<App />, { session: cartOn() });
    await waitFor(() => expect(cartButton()).toHaveTextContent('Job cart (2)'));
    const results = await axe.run(container, { runOnly: ['label-content-name-mismatch', 'button-name'] });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await act(() => i18n.changeLanguage('fr-CA'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Panier d’emplois (2)' })).toHaveAttribute('aria-haspopup', 'dialog'),
    );
  });
});
