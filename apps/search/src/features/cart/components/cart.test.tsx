import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { api, LoginModalHost, notify, prepareAuth } from '@careers/shared';
import type { BootData, PositionSummary } from '@careers/shared/contract';
import {
  baseBootData,
  DOMAIN,
  fail,
  installFakeServer,
  ok,
  renderWithStore,
  setupWidgetI18n,
  type FakeServer,
} from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { NAMESPACE } from '../../search/namespace';
import { CartButton } from './CartButton';
import { applyHref, CartPanel } from './CartPanel';
import { useCartActions } from '../useCart';

const position = (id: number, name: string): PositionSummary =>
  ({ id, name, location: 'Boston', positionUserActions: { isSaved: false, inCart: false } }) as PositionSummary;
const nurse = position(3, 'Nurse');
const welder = position(5, 'Welder');

const cartOn = (overrides: Partial<BootData> = {}) =>
  baseBootData({ pcsxConfig: { jobCartConfig: { enabled: true } }, ...overrides });
const cartAnswer = (items: PositionSummary[], invalidPositionIds: string[] = []) =>
  ok({ jobCartData: items, invalidPositionIds });

// A query of the results, as the search feature provides them: cart changes must refresh their `inCart` flags.
const resultsApi = api.enhanceEndpoints({ addTagTypes: ['Search'] }).injectEndpoints({
  endpoints: (build) => ({
    cartTestResults: build.query<unknown, void>({ query: () => '/api/pcsx/search', providesTags: ['Search'] }),
  }),
});

let server: FakeServer;

beforeAll(async () => {
  await setupWidgetI18n(NAMESPACE, en, (lng) => import(`../../../locales/${lng}.json`), { prepare: prepareAuth });
});

beforeEach(() => {
  server = installFakeServer();
  server.on('GET', '/api/pcsx/job_cart', cartAnswer([nurse, welder]));
  server.on('GET', '/api/pcsx/search', ok({ positions: [] }));
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
  window.history.replaceState(null, '', '/careers');
});

afterEach(() => jest.restoreAllMocks());

const cartButton = () => screen.getByRole('button', { name: /^Job cart \(\d+\)$/ });

async function openPanel(session = cartOn()) {
  const user = userEvent.setup();
  const view = renderWithStore(<CartPanel />, { session });
  await waitFor(() => expect(cartButton()).toHaveTextContent('Job cart (2)'));
  await user.click(cartButton());
  return { user, dialog: screen.getByRole('dialog', { name: 'Job cart' }), ...view };
}

describe('CartPanel', () => {
  it('lists the cart with remove buttons and an Apply link to every position', async () => {
    const { dialog } = await openPanel();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Nurse'), expect.stringContaining('Welder')]);
    expect(within(dialog).getByRole('button', { name: 'Remove Nurse from the job cart' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Apply to all 2' })).toHaveAttribute(
      'href',
      '/careers/apply?pid=3,5',
    );
    expect(server.callsTo('GET', '/api/pcsx/job_cart')[0]?.query.get('domain')).toBe(DOMAIN);
  });

  it('removes a position and replaces the cart with the answer, without fetching it again', async () => {
    server.on('POST', '/api/pcsx/job_cart', cartAnswer([welder]));
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Nurse from the job cart' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Welder');
    expect(server.callsTo('POST', '/api/pcsx/job_cart')[0]?.body).toEqual({
      pids: ['3'],
      operation: 'remove',
      domain: DOMAIN,
    });
    expect(within(dialog).getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/careers/apply?pid=5');
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(1);
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

  it('shows an empty cart, and gives focus back to its button when closed', async () => {
    server.on('POST', '/api/pcsx/job_cart', cartAnswer([]));
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Nurse from the job cart' }));
    await waitFor(() => expect(within(dialog).getByText('Your job cart is empty.')).toBeInTheDocument());
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Job cart' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cartButton()).toHaveFocus();
    expect(cartButton()).toHaveTextContent('Job cart (0)');
  });

  it('is not shown when the employer has no cart, nor to signed-out visitors', () => {
    renderWithStore(<CartPanel />, { session: baseBootData() });
    renderWithStore(<CartPanel />, { session: cartOn({ isLoggedIn: false, user: null }) });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(0);
  });

  it('shows each position’s name and place apart, not run together', async () => {
    server.on('GET', '/api/pcsx/job_cart', cartAnswer([{ ...nurse, name: 'Robotics Technician', location: 'Ottawa' }]));
    const user = userEvent.setup();
    renderWithStore(<CartPanel />, { session: cartOn() });
    await waitFor(() => expect(cartButton()).toHaveTextContent('Job cart (1)'));
    await user.click(cartButton());
    const item = within(screen.getByRole('dialog', { name: 'Job cart' })).getByRole('listitem');
    expect(item).toHaveTextContent('Robotics Technician · Ottawa');
    expect(item).not.toHaveTextContent('TechnicianOttawa');
  });

  it('builds the apply address from the ids, comma-joined', () => {
    expect(applyHref([1, '2', 3])).toBe('/careers/apply?pid=1,2,3');
  });
});

describe('CartButton', () => {
  // Named by what it shows, then the position (WCAG 2.5.3): "Add to cart: Welder", "In cart: Welder".
  const toggle = () => screen.getByRole('button', { name: /^(Add to cart|In cart): Welder$/ });

  it('adds a position, takes the state from the answer, and refreshes the results', async () => {
    server.on('GET', '/api/pcsx/job_cart', cartAnswer([nurse]));
    server.on('POST', '/api/pcsx/job_cart', cartAnswer([nurse, welder]));
    const user = userEvent.setup();
    const { store } = renderWithStore(<CartButton position={welder} />, { session: cartOn() });
    store.dispatch(resultsApi.endpoints.cartTestResults.initiate());
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(1));
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(toggle()).toHaveAccessibleName('Add to cart: Welder');

    await user.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-pressed', 'true'));
    expect(toggle()).toHaveAccessibleName('In cart: Welder');
    expect(server.callsTo('POST', '/api/pcsx/job_cart')[0]?.body).toEqual({
      pids: ['5'],
      operation: 'add',
      domain: DOMAIN,
    });
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/search')).toHaveLength(2));
  });

  it('logs a failure only: no toast, state unchanged', async () => {
    server.on('GET', '/api/pcsx/job_cart', cartAnswer([]));
    server.on('POST', '/api/pcsx/job_cart', fail(500, 'Internal error'));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const toasts = [jest.spyOn(notify, 'error'), jest.spyOn(notify, 'info'), jest.spyOn(notify, 'warning')];
    const user = userEvent.setup();
    renderWithStore(<CartButton position={welder} />, { session: cartOn() });
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(1));
    await user.click(toggle());
    await waitFor(() => expect(logged).toHaveBeenCalledWith('[careers] job cart add failed', expect.anything()));
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    for (const toast of toasts) expect(toast).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to sign in, with the add as the pending action', async () => {
    const user = userEvent.setup();
    renderWithStore(
      <>
        <CartButton position={welder} />
        <LoginModalHost />
      </>,
      { session: cartOn({ isLoggedIn: false, user: null }) },
    );
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle());
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(0);
  });

  it('passes axe’s label-in-name rule in both states (WCAG 2.5.3)', async () => {
    server.on('GET', '/api/pcsx/job_cart', cartAnswer([welder]));
    const { container } = renderWithStore(<CartButton position={welder} />, { session: cartOn() });
    await waitFor(() => expect(toggle()).toHaveAccessibleName('In cart: Welder'));
    const results = await axe.run(container, {
      runOnly: ['label-content-name-mismatch', 'button-name'],
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(results.passes.map((pass) => pass.id)).toContain('button-name');
  });

  it('is not offered without the cart, nor to signed-out visitors where candidates cannot sign in', () => {
    renderWithStore(<CartButton position={welder} />, { session: baseBootData() });
    renderWithStore(<CartButton position={welder} />, {
      session: cartOn({ isLoggedIn: false, user: null, loginSignupConfig: { candidateLoginEnabled: false } }),
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('useCartActions', () => {
  function Harness({ ids }: { ids: number[] }) {
    const { add } = useCartActions();
    const [result, setResult] = useState('');
    return (
      <button type="button" onClick={() => void add(ids).then((changed) => setResult(String(changed)))}>
        add {result}
      </button>
    );
  }

  it('resolves to true when the cart changed and to false when the call failed', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('POST', '/api/pcsx/job_cart', cartAnswer([nurse]));
    const { unmount } = renderWithStore(<Harness ids={[3]} />, { session: cartOn() });
    await user.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('add true'));
    unmount();

    server.on('POST', '/api/pcsx/job_cart', fail(400, 'Bad request'));
    renderWithStore(<Harness ids={[3]} />, { session: cartOn() });
    await user.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('add false'));
  });
});
