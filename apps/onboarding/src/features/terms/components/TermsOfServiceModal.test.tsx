import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, selectBoot } from '@careers/shared';
import { bootData, DOMAIN, onboarding, renderWithStore, setupI18n, termsConfig } from '../../../test/renderWithStore';
import {
  deferred,
  fail,
  installFakeServer,
  ok,
  type FakeResponseInit,
  type FakeServer,
} from '../../../test/fakeServer';
import { App } from '../../../App';
import { reloadPage } from '../reloadPage';

jest.mock('../reloadPage', () => ({ reloadPage: jest.fn() }));

const reloadMock = reloadPage as jest.MockedFunction<typeof reloadPage>;
const TERMS = '/api/pcsx/terms_of_service';
const ONBOARDING = '/api/pcsx/onboarding';

let server: FakeServer;
let errorToast: jest.SpyInstance;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  server = installFakeServer();
  server.on('GET', TERMS, ok({ tosAttested: false }));
  server.on('POST', TERMS, ok({ tosAttested: true }));
  server.on('POST', ONBOARDING, ok({ isOnboarded: true, isBootstrapped: true, tosAttested: true }));
  reloadMock.mockClear();
  errorToast = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});

afterEach(() => {
  errorToast.mockRestore();
  document.body.innerHTML = '';
});

/** A candidate who must accept the terms: enabled, not attested (starting data and status check agree). */
function termsSession(overrides: { isOnboarded?: boolean; config?: Parameters<typeof termsConfig>[0] } = {}) {
  return bootData({
    pcsxConfig: { termsOfServiceConfig: termsConfig(overrides.config) },
    onboarding: onboarding({ tosAttested: false, isOnboarded: overrides.isOnboarded ?? true }),
  });
}

async function findTermsDialog() {
  return screen.findByRole('dialog', { name: 'Acme terms of use' });
}

describe('when the terms modal shows', () => {
  it('shows for a logged-in candidate with terms enabled who has not attested', async () => {
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(server.callsTo('GET', TERMS)).toHaveLength(1));
    expect(server.callsTo('GET', TERMS)[0]?.query.get('domain')).toBe(DOMAIN);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows when the status check says not attested even if the starting data said attested', async () => {
    renderWithStore(<App />, {
      session: bootData({
        pcsxConfig: { termsOfServiceConfig: termsConfig() },
        onboarding: onboarding({ tosAttested: true }),
      }),
    });
    expect(await findTermsDialog()).toBeInTheDocument();
  });

  it('does not show when the status check says attested', async () => {
    server.on('GET', TERMS, ok({ tosAttested: true }));
    renderWithStore(<App />, { session: termsSession() });
    await waitFor(() => expect(server.callsTo('GET', TERMS)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not show, and checks nothing, when terms are disabled', async () => {
    const { container } = renderWithStore(<App />, {
      session: bootData({
        pcsxConfig: { termsOfServiceConfig: termsConfig({ enabled: false }) },
        onboarding: onboarding({ tosAttested: false }),
      }),
    });
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
    expect(server.calls).toHaveLength(0);
  });

  it('does not show, and checks nothing, for a logged-out visitor', async () => {
    const { container } = renderWithStore(<App />, {
      session: { ...termsSession(), isLoggedIn: false, user: null, profile: null, onboarding: null },
    });
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
    expect(server.calls).toHaveLength(0);
  });

  it('shows nothing when the status check fails (docs/product/terms-and-onboarding.md#status-check-failure), without crashing or a toast', async () => {
    server.on('GET', TERMS, fail(500, 'Database down'));
    const { container } = renderWithStore(<App />, { session: termsSession() });
    await waitFor(() => expect(server.callsTo('GET', TERMS)).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('shows nothing when the status check answers without a boolean tosAttested', async () => {
    server.on('GET', TERMS, ok({ tosAttested: 'no' }));
    const { container } = renderWithStore(<App />, { session: termsSession() });
    await waitFor(() => expect(server.callsTo('GET', TERMS)).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});

describe('content', () => {
  it('shows the configured heading, helper and info texts, the disclaimer and the accept button', async () => {
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Acme terms of use' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(
      'Please read and accept our terms to continue. You can read them again at any time in your settings.',
    );
    const region = within(dialog).getByRole('region', { name: 'Terms of service text' });
    // Short enough not to scroll (jsdom lays nothing out): no Tab stop of its own.
    expect(region).not.toHaveAttribute('tabindex');
    expect(region).toHaveTextContent('By using this site you agree to the terms');
    expect(within(dialog).getByRole('button', { name: 'I agree' })).toBeEnabled();
  });

  it('falls back to "Terms of service" and "Accept" and leaves out blank texts', async () => {
    renderWithStore(<App />, {
      session: termsSession({
        config: { headingText: undefined, submitButtonText: '  ', helperText: '', infoText: undefined },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Terms of service' });
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(dialog.querySelectorAll('p.cw-onb-helper, p.cw-onb-info')).toHaveLength(0);
  });

  it('makes the disclaimer a Tab stop while it scrolls, so the keyboard can scroll it', async () => {
    const height = jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(900);
    const client = jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    try {
      renderWithStore(<App />, { session: termsSession() });
      const dialog = await findTermsDialog();
      expect(within(dialog).getByRole('region', { name: 'Terms of service text' })).toHaveAttribute('tabindex', '0');
    } finally {
      height.mockRestore();
      client.mockRestore();
    }
  });

  it('renders a malicious disclaimer sanitised', async () => {
    const hostile =
      '<p>Terms</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
      '<a href="javascript:window.__pwned=3">bad link</a><a href="https://acme.example/privacy">Privacy</a>' +
      '<iframe src="https://evil.example"></iframe><style>.cw-onb-button{display:none}</style>';
    renderWithStore(<App />, { session: termsSession({ config: { disclaimerText: hostile } }) });
    const dialog = await findTermsDialog();
    const region = within(dialog).getByRole('region', { name: 'Terms of service text' });
    expect(region.querySelector('script, iframe, style')).toBeNull();
    expect(region.querySelector('[onerror]')).toBeNull();
    expect(within(region).getByText('bad link')).not.toHaveAttribute('href');
    const privacy = within(region).getByRole('link', { name: 'Privacy (opens in a new tab)' });
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe('cannot be closed', () => {
  it('has no close button and ignores Escape', async () => {
    const user = userEvent.setup();
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['I agree']);
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    within(dialog).getByRole('button', { name: 'I agree' }).focus();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('onboarding-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Acme terms of use' })).toBeInTheDocument();
    expect(server.callsTo('POST', TERMS)).toHaveLength(0);
  });

  it('covers the page with a backdrop', async () => {
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    const backdrop = screen.getByTestId('onboarding-backdrop');
    expect(backdrop).toHaveClass('cw-dialog-backdrop');
    expect(backdrop).toContainElement(dialog);
  });
});

describe('focus', () => {
  it('starts on the heading and stays inside the dialog with Tab and Shift+Tab', async () => {
    const user = userEvent.setup();
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    await waitFor(() => expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus());
    // The disclaimer does not scroll here (jsdom lays nothing out), so it is no Tab stop: its link is.
    const link = within(dialog).getByRole('link', { name: /terms/ });
    const button = within(dialog).getByRole('button', { name: 'I agree' });

    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(button).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab({ shift: true });
    expect(button).toHaveFocus();
  });

  it('keeps focus in the dialog when the backdrop is pressed', async () => {
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    const button = within(dialog).getByRole('button', { name: 'I agree' });
    act(() => button.focus());
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    act(() => {
      screen.getByTestId('onboarding-backdrop').dispatchEvent(press);
    });
    expect(press.defaultPrevented).toBe(true);
    expect(button).toHaveFocus();
  });

  it('brings focus back when something outside the dialog gets it', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'Page button';
    document.body.appendChild(outside);
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    act(() => outside.focus());
    expect(outside).not.toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('accepting', () => {
  it('records the acceptance, onboards a candidate who is not onboarded, then reloads the page', async () => {
    const user = userEvent.setup();
    renderWithStore(<App />, { session: termsSession({ isOnboarded: false }) });
    const dialog = await findTermsDialog();
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }));

    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST', TERMS)).toHaveLength(1);
    expect(server.callsTo('POST', TERMS)[0]?.body).toEqual({ domain: DOMAIN, accepted: true });
    expect(server.callsTo('POST', ONBOARDING)).toHaveLength(1);
    expect(server.callsTo('POST', ONBOARDING)[0]?.body).toEqual({ domain: DOMAIN });
    const order = server.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(order).toEqual([TERMS, ONBOARDING]);
    // The page is about to reload: the modal stays, busy.
    expect(within(dialog).getByRole('button', { name: 'I agree' })).toBeDisabled();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('closes the modal without onboarding or reloading when the candidate is already onboarded', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<App />, { session: termsSession({ isOnboarded: true }) });
    const dialog = await findTermsDialog();
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', TERMS)).toHaveLength(1);
    expect(server.callsTo('POST', ONBOARDING)).toHaveLength(0);
    expect(reloadMock).not.toHaveBeenCalled();
    expect(selectBoot(store.getState())?.onboarding?.tosAttested).toBe(true);
  });

  it('is disabled and busy while the call runs, so it cannot be sent twice', async () => {
    const user = userEvent.setup();
    const answer = deferred<FakeResponseInit>();
    server.on('POST', TERMS, () => answer.promise);
    renderWithStore(<App />, { session: termsSession({ isOnboarded: true }) });
    const dialog = await findTermsDialog();
    const button = within(dialog).getByRole('button', { name: 'I agree' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saving your acceptance…');
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(server.callsTo('POST', TERMS)).toHaveLength(1);
    await act(async () => answer.resolve(ok({ tosAttested: true })));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('on failure: a toast with the server message, the modal stays and the button works again', async () => {
    const user = userEvent.setup();
    server.on('POST', TERMS, fail(400, 'Terms changed, please reload the page'));
    renderWithStore(<App />, { session: termsSession({ isOnboarded: false }) });
    const dialog = await findTermsDialog();
    const button = within(dialog).getByRole('button', { name: 'I agree' });
    await user.click(button);

    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Terms changed, please reload the page'));
    expect(screen.getByRole('dialog', { name: 'Acme terms of use' })).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(button).toHaveFocus();
    expect(server.callsTo('POST', ONBOARDING)).toHaveLength(0);
    expect(reloadMock).not.toHaveBeenCalled();

    server.on('POST', TERMS, ok({ tosAttested: true }));
    await user.click(button);
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
  });

  it('on a failure without a server message: the generic message', async () => {
    const user = userEvent.setup();
    server.on('POST', TERMS, { status: 502, body: '<html><body>Bad gateway</body></html>' });
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith("We couldn't save your acceptance of the terms. Please try again."),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('adds no toast of its own when the HTTP layer already announced the failure (session timed out)', async () => {
    const user = userEvent.setup();
    server.on('POST', TERMS, { status: 401, body: {}, headers: { 'x-login': '1' } });
    renderWithStore(<App />, { session: termsSession() });
    const dialog = await findTermsDialog();
    const button = within(dialog).getByRole('button', { name: 'I agree' });
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(errorToast).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when onboarding fails after the acceptance: a toast, the modal stays, and a retry only onboards', async () => {
    const user = userEvent.setup();
    server.on('POST', ONBOARDING, fail(500, 'Onboarding service unavailable'));
    renderWithStore(<App />, { session: termsSession({ isOnboarded: false }) });
    const dialog = await findTermsDialog();
    const button = within(dialog).getByRole('button', { name: 'I agree' });
    await user.click(button);
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Onboarding service unavailable'));
    await waitFor(() => expect(button).toBeEnabled());
    expect(reloadMock).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    server.on('POST', ONBOARDING, ok({ isOnboarded: true, isBootstrapped: true, tosAttested: true }));
    await user.click(button);
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST', TERMS)).toHaveLength(1);
    expect(server.callsTo('POST', ONBOARDING)).toHaveLength(2);
  });
});
