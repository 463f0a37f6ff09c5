import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { api, LoginModalHost, notify, prepareAuth, useCartActions } from '@careers/shared';
import type { BootData, PositionSummary } from '@careers/shared/contract';
import {
  baseBootData,
  DOMAIN,
  fail,
  installFakeServer,
  ok,
  renderWithStore,
  type FakeServer,
} from '@careers/shared/testing';
import { CartButton } from './CartButton';
import { setupSearchI18n } from '../../../test/setup';

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
  await setupSearchI18n({ prepare: prepareAuth });
});

beforeEach(() => {
  server = installFakeServer();
  server.on('GET', '/api/pcsx/job_cart', cartAnswer([nurse, welder]));
  server.on('GET', '/api/pcsx/search', ok({ positions: [] }));
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
  window.history.replaceState(null, '', '/careers');
});

afterEach(() => jest.restoreAllMocks());

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

  it('asks the server to add the position for a visitor who creates an account instead', async () => {
    server.on('POST', '/api/auth/signup', { status: 202, body: { data: { ok: true, email: 'ada@example.com' } } });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <CartButton position={welder} />
        <LoginModalHost />
      </>,
      { session: cartOn({ isLoggedIn: false, user: null }) },
    );
    await user.click(toggle());
    await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(server.callsTo('POST', '/api/auth/signup')[0]?.body).toMatchObject({
      pendingAction: { type: 'add_to_cart', positionId: 5 },
    });
    // Added by the server once the email is confirmed, not by this page.
    expect(server.callsTo('POST', '/api/pcsx/job_cart')).toHaveLength(0);
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
