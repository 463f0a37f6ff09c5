import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { request } from '../http/http';
import { i18n, initI18n } from '../i18n/i18n';
import { baseBootData, installFakeServer, ok, renderWithStore, type FakeServer } from '../testing';
import { setGlobal } from '../testing/fakeWeb';
import { canSignIn, LoginGate, LoginModalHost, prepareAuth, requestLogin, type LoginRequest } from './index';
import { signupSettings } from './loginModal';
import { reloadPage } from './reload';

jest.mock('./reload', () => ({ reloadPage: jest.fn() }));
const reloadMock = reloadPage as jest.MockedFunction<typeof reloadPage>;

const signedOut = (overrides = {}) => baseBootData({ isLoggedIn: false, user: null, ...overrides });

/** A page with the host and a button that asks for sign-in with `loginRequest`. */
function Page({ loginRequest }: { loginRequest: LoginRequest }) {
  const [asked, setAsked] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setAsked(asked + 1);
          requestLogin(loginRequest);
        }}
      >
        Save Nurse
      </button>
      <LoginModalHost />
    </>
  );
}

let server: FakeServer;

beforeAll(async () => {
  await initI18n('en');
  // The sign-in gate (unlike the modal host) leaves loading the dialog's texts to its widget's `prepare`.
  await prepareAuth();
});

beforeEach(() => {
  server = installFakeServer();
  server.on('POST', '/api/auth/login', {
    ...ok({ ok: true, next: '/careers' }),
    headers: { 'x-csrf-token': 'csrf-signed-in' },
  });
  server.on('POST', '/api/pcsx/positions/save', ok({ positionId: 7, positionUserActions: { isSaved: true } }));
  reloadMock.mockClear();
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-anonymous">';
  window.history.replaceState(null, '', '/careers/nurse?location=Boston');
});

afterEach(() => setGlobal('fetch', undefined));

async function openAndSignIn(loginRequest: LoginRequest, session = signedOut()) {
  const user = userEvent.setup();
  renderWithStore(<Page loginRequest={loginRequest} />, { session });
  await user.click(screen.getByRole('button', { name: 'Save Nurse' }));
  await screen.findByRole('dialog', { name: 'Sign in to continue' });
  await user.type(screen.getByLabelText('Email'), 'candidate@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

/** The headers of the `index`th call to `METHOD path`. */
function headersOf(method: string, path: string): Record<string, string> {
  const call = server.fetch.mock.calls.find(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && init?.method === method,
  );
  return (call?.[1]?.headers ?? {}) as Record<string, string>;
}

describe('requestLogin and LoginModalHost (docs/product/routes-and-access.md#sign-in-requests)', () => {
  it('shows nothing until asked, then the sign-in dialog; closing it drops the request and gives focus back', async () => {
    const user = userEvent.setup();
    const action = jest.fn();
    renderWithStore(<Page loginRequest={{ action }} />, { session: signedOut() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: 'Save Nurse' });
    await user.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(action).not.toHaveBeenCalled();
    expect(reloadMock).not.toHaveBeenCalled();
  });

  it('signs in with the current address as next, runs the pending action with the new CSRF token, then reloads', async () => {
    const order: string[] = [];
    reloadMock.mockImplementation(() => order.push('reload'));
    const action = jest.fn(async () => {
      order.push('action');
      await request('/api/pcsx/positions/save', { method: 'POST', body: { position_id: 7 } });
    });
    await openAndSignIn({ action });

    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['action', 'reload']);
    expect(server.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'candidate@example.com',
      password: 'secret',
      domain: 'acme.example',
      next: '/careers/nurse?location=Boston',
    });
    expect(headersOf('POST', '/api/auth/login')['x-csrf-token']).toBe('csrf-anonymous');
    expect(server.callsTo('POST', '/api/pcsx/positions/save')).toHaveLength(1);
    expect(headersOf('POST', '/api/pcsx/positions/save')['x-csrf-token']).toBe('csrf-signed-in');
    reloadMock.mockReset();
  });

  it('does not run the action when the current page is not in its routes, and still reloads', async () => {
    window.history.replaceState(null, '', '/careers/job/7');
    const action = jest.fn();
    await openAndSignIn({ action, routes: ['jobs'] });
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action when the current page id is in its routes', async () => {
    window.history.replaceState(null, '', '/careers/job/7');
    const action = jest.fn();
    await openAndSignIn({ action, routes: ['jobs', 'singlePosition'] });
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('with skipRefresh runs the action, closes the dialog and does not reload', async () => {
    const action = jest.fn();
    await openAndSignIn({ action, skipRefresh: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).toHaveBeenCalledTimes(1);
    expect(reloadMock).not.toHaveBeenCalled();
  });

  it('resets the sort option: the page reloads without sort_by', async () => {
    window.history.replaceState(null, '', '/careers/nurse?sort_by=date&location=Boston#results');
    await openAndSignIn({});
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/careers/nurse');
    expect(window.location.search).toBe('?location=Boston');
    expect(window.location.hash).toBe('#results');
  });

  it('drops sort_by from the address with skipRefresh too', async () => {
    window.history.replaceState(null, '', '/careers/search?sort_by=date');
    await openAndSignIn({ skipRefresh: true });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(reloadMock).not.toHaveBeenCalled();
  });

  it('logs a failed action and reloads all the same', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('save failed');
    await openAndSignIn({ action: () => Promise.reject(failure) });
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('failed'), failure);
    logged.mockRestore();
  });

  it('a failed sign-in keeps the dialog open and runs nothing', async () => {
    server.on('POST', '/api/auth/login', {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Email or password is incorrect.' },
    });
    const action = jest.fn();
    await openAndSignIn({ action });
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
    expect(reloadMock).not.toHaveBeenCalled();
  });

  it('shows one dialog when several widgets render a host', async () => {
    const user = userEvent.setup();
    renderWithStore(
      <>
        <Page loginRequest={{}} />
        <LoginModalHost />
      </>,
      { session: signedOut() },
    );
    await user.click(screen.getByRole('button', { name: 'Save Nurse' }));
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
  });

  it('opens no dialog where candidate login is switched off, and drops the request', async () => {
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const session = signedOut({ loginSignupConfig: { candidateLoginEnabled: false } });
    renderWithStore(<Page loginRequest={{}} />, { session });
    await user.click(screen.getByRole('button', { name: 'Save Nurse' }));
    await waitFor(() => expect(warned).toHaveBeenCalledWith(expect.stringContaining('switched off')));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    warned.mockRestore();
  });
});

describe('the modal’s intro: why sign-in is asked for', () => {
  const GATE_INTRO = 'This page is for signed-in candidates. Sign in with your careers account.';

  async function open(loginRequest: LoginRequest) {
    const user = userEvent.setup();
    renderWithStore(<Page loginRequest={loginRequest} />, { session: signedOut() });
    await user.click(screen.getByRole('button', { name: 'Save Nurse' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Sign in to continue' }) };
  }

  it('without a reason, says what signing in offers, not that the page is for signed-in candidates', async () => {
    const { user, dialog } = await open({ action: jest.fn() });
    const general = 'Sign in to save jobs, keep your job cart and get alerts.';
    expect(screen.getByText(general)).toBeVisible();
    expect(dialog).toHaveAccessibleDescription(general);
    expect(screen.queryByText(GATE_INTRO)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
  });

  it.each<[NonNullable<LoginRequest['reason']>, string]>([
    ['saveJob', 'Sign in to save this job.'],
    ['addToCart', 'Sign in to add this job to your job cart.'],
    ['saveSearch', 'Sign in to save this search and get alerts about new jobs.'],
  ])('with reason %p, names the action: “%s”', async (reason, text) => {
    const { user, dialog } = await open({ reason, action: jest.fn() });
    expect(screen.getByText(text)).toBeVisible();
    expect(dialog).toHaveAccessibleDescription(text);
    expect(screen.queryByText(GATE_INTRO)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
  });

  it('a new request replaces the reason shown', async () => {
    const { user } = await open({ reason: 'saveJob' });
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Sign in to save this job.');
    act(() => requestLogin({ reason: 'addToCart' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Sign in to add this job to your job cart.'),
    );
    await user.keyboard('{Escape}');
  });

  it('shows the reason in Canadian French', async () => {
    await act(async () => {
      await i18n.changeLanguage('fr-CA');
    });
    try {
      const user = userEvent.setup();
      renderWithStore(<Page loginRequest={{ reason: 'addToCart' }} />, { session: signedOut() });
      await user.click(screen.getByRole('button', { name: 'Save Nurse' }));
      const dialog = await screen.findByRole('dialog', { name: 'Connectez-vous pour continuer' });
      expect(dialog).toHaveAccessibleDescription('Connectez-vous pour ajouter cet emploi à votre panier d’emplois.');
      await user.keyboard('{Escape}');
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});

describe('creating an account from a sign-in request', () => {
  const PASSWORD = 'correct horse battery staple';

  async function openSignup(loginRequest: LoginRequest, session = signedOut()) {
    const user = userEvent.setup();
    renderWithStore(<Page loginRequest={loginRequest} />, { session });
    await user.click(screen.getByRole('button', { name: 'Save Nurse' }));
    await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    return user;
  }

  it('sends the request’s pending action with the sign-up, and runs nothing until the email is confirmed', async () => {
    server.on('POST', '/api/auth/signup', { status: 202, body: { data: { ok: true, email: 'ada@example.com' } } });
    const action = jest.fn();
    const user = await openSignup({ reason: 'saveJob', action, pendingAction: { type: 'save_job', positionId: 7 } });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(server.callsTo('POST', '/api/auth/signup')[0]?.body).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: PASSWORD,
      domain: 'acme.example',
      consent: true,
      next: '/careers/nurse?location=Boston',
      pendingAction: { type: 'save_job', positionId: 7 },
    });
    expect(action).not.toHaveBeenCalled();
    expect(reloadMock).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
  });

  it('words the consent with the company name, or the employer’s own consent text', async () => {
    const branded = signedOut({ pcsxConfig: { branding: { companyName: 'Acme Health' } } });
    const user = await openSignup({}, branded);
    expect(
      screen.getByRole('checkbox', {
        name: 'I agree that Acme Health keeps my details to process my account and applications.',
      }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    cleanup();

    const ownText = 'Acme Health keeps your details as its privacy notice says.';
    await openSignup(
      {},
      signedOut({
        pcsxConfig: { branding: { companyName: 'Acme Health' } },
        loginSignupConfig: { candidateLoginEnabled: true, consentText: ownText },
      }),
    );
    expect(screen.getByRole('checkbox', { name: ownText })).toBeInTheDocument();
  });

  it('offers no account creation where the employer switched sign-up off', async () => {
    const user = userEvent.setup();
    const session = signedOut({ loginSignupConfig: { candidateLoginEnabled: true, candidateSignupEnabled: false } });
    renderWithStore(<Page loginRequest={{}} />, { session });
    await user.click(screen.getByRole('button', { name: 'Save Nurse' }));
    await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
  });

  it('the sign-in gate follows the same setting', async () => {
    window.history.replaceState(null, '', '/careers/saved-jobs');
    renderWithStore(<LoginGate />, {
      session: signedOut({ loginSignupConfig: { candidateLoginEnabled: true, candidateSignupEnabled: false } }),
    });
    await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    cleanup();
    renderWithStore(<LoginGate />, { session: signedOut() });
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });
});

describe('signupSettings', () => {
  it.each([
    [undefined, undefined, {}],
    [{ candidateLoginEnabled: true }, 'Acme', { company: 'Acme' }],
    [
      { candidateLoginEnabled: true, candidateSignupEnabled: true, consentText: 'Ours.' },
      'Acme',
      {
        company: 'Acme',
        consentText: 'Ours.',
      },
    ],
    [{ candidateLoginEnabled: true, candidateSignupEnabled: false }, 'Acme', undefined],
  ])('loginSignupConfig %p with company %p: %p', (loginSignupConfig, companyName, expected) => {
    const pcsxConfig = companyName ? { branding: { companyName } } : {};
    expect(signupSettings(baseBootData({ loginSignupConfig, pcsxConfig }))).toEqual(expected);
  });
});

describe('canSignIn (docs/product/routes-and-access.md#who-may-sign-in)', () => {
  it.each([
    [undefined, true],
    [{ candidateLoginEnabled: true }, true],
    [{ candidateLoginEnabled: false }, false],
  ])('loginSignupConfig %p: %p', (loginSignupConfig, expected) => {
    expect(canSignIn(baseBootData({ loginSignupConfig }))).toBe(expected);
    expect(canSignIn(null)).toBe(true);
  });
});
