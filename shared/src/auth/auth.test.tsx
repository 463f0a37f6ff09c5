import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { BootData } from '../contract';
import { createCareersStore } from '../store/store';
import { booted } from '../store/sessionSlice';
import { i18n, initI18n } from '../i18n/i18n';
import { baseBootData } from '../testing';
import { jsonResponse, mockFetch, setGlobal } from '../testing/fakeWeb';
import { asksForLogin, LoginGate, prepareAuth } from './index';
import { LoginDialog, type LoginIntro } from './LoginDialog';
import { reloadPage } from './reload';
import frCA from './locales/fr-CA.json';
import en from './locales/en.json';

jest.mock('./reload', () => ({ reloadPage: jest.fn() }));
const reloadMock = reloadPage as jest.MockedFunction<typeof reloadPage>;

function boot(isLoggedIn: boolean): BootData {
  return baseBootData(isLoggedIn ? {} : { isLoggedIn: false, user: null });
}

function renderPage(session: BootData | null) {
  const store = createCareersStore();
  if (session) store.dispatch(booted(session));
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <LoginGate />
      </I18nextProvider>
    </Provider>,
  );
}

const GATE_INTRO = 'This page is for signed-in candidates. Sign in with your careers account.';
const GENERAL_INTRO = 'Sign in to save jobs, keep your job cart and get alerts.';

let fetchMock: ReturnType<typeof mockFetch>;

beforeAll(async () => {
  await initI18n('en');
  await prepareAuth();
});

beforeEach(() => {
  fetchMock = mockFetch();
  reloadMock.mockClear();
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
  window.history.replaceState(null, '', '/careers/offers?domain=acme.example');
});

afterEach(() => setGlobal('fetch', undefined));

describe('LoginGate', () => {
  it('shows nothing to a signed-in candidate', () => {
    const { container } = renderPage(boot(true));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing before the starting data', () => {
    const { container } = renderPage(null);
    expect(container).toBeEmptyDOMElement();
  });

  it('opens the sign-in dialog for a logged-out visitor, with labelled fields and focus in the email field', async () => {
    renderPage(boot(false));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // A protected page: the intro (the dialog's description) says the page is for signed-in candidates.
    expect(dialog).toHaveAccessibleDescription(GATE_INTRO);
    expect(screen.getByText(GATE_INTRO)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('sends the visitor to /careers when the dialog is closed while still logged out', async () => {
    const user = userEvent.setup();
    renderPage(boot(false));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(window.location.pathname).toBe('/careers');
    expect(window.location.search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('also closes on Escape', async () => {
    const user = userEvent.setup();
    renderPage(boot(false));
    await user.keyboard('{Escape}');
    expect(window.location.pathname).toBe('/careers');
  });
});

describe('LoginGate with show_login_modal (docs/product/routes-and-access.md#sign-in-dialog)', () => {
  it('opens on any page, asks to come back without the parameter, and closing it stays on the page', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/careers/nurse?show_login_modal=1&location=Boston');
    renderPage(boot(false));
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(window.location.pathname).toBe('/careers/nurse');
    expect(window.location.search).toBe('?location=Boston');
  });

  it('over a public page, says what signing in offers rather than that the page is for signed-in candidates', () => {
    window.history.replaceState(null, '', '/careers/nurse?show_login_modal=1');
    renderPage(boot(false));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(dialog).toHaveAccessibleDescription(GENERAL_INTRO);
    expect(screen.getByText(GENERAL_INTRO)).toBeVisible();
    expect(screen.queryByText(GATE_INTRO)).not.toBeInTheDocument();
  });

  it('over a protected page, keeps the protected-page intro', () => {
    window.history.replaceState(null, '', '/careers/saved-jobs?show_login_modal=1');
    renderPage(boot(false));
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toHaveAccessibleDescription(GATE_INTRO);
    expect(screen.queryByText(GENERAL_INTRO)).not.toBeInTheDocument();
  });

  it.each([
    ['?show_login_modal=1', true],
    ['?show_login_modal=true', true],
    ['?show_login_modal=TRUE', true],
    ['?show_login_modal=0', false],
    ['?show_login_modal=yes', false],
    ['', false],
  ])('%s asks for sign-in: %s', (search, expected) => {
    expect(asksForLogin(search)).toBe(expected);
  });
});

describe('LoginDialog', () => {
  it('shows field errors and sends nothing when the form is incomplete', async () => {
    const user = userEvent.setup();
    renderPage(boot(false));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts JSON with the CSRF header to /api/auth/login and reloads the page on success', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: { ok: true, next: '/careers/offers' } }));
    const user = userEvent.setup();
    renderPage(boot(false));
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(reloadMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('csrf-1');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      domain: 'acme.example',
      next: '/careers/offers?domain=acme.example',
    });
  });

  it('shows the server message when sign-in fails, and stays open', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { statusCode: 401, error: 'Unauthorized', message: 'Email or password is incorrect.' },
        { status: 401 },
      ),
    );
    const user = userEvent.setup();
    renderPage(boot(false));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    expect(reloadMock).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('translates the HTTP layer’s own messages (no server message)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderPage(boot(false));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem with the request');
  });

  it('can be used on its own with a custom success handler', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: { ok: true, next: '/x' } }));
    const onSignedIn = jest.fn();
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <LoginDialog domain="b.example" next="/careers/offer/abc12345" onClose={jest.fn()} onSignedIn={onSignedIn} />
      </I18nextProvider>,
    );
    await user.type(screen.getByLabelText('Email'), 'b@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      domain: 'b.example',
      next: '/careers/offer/abc12345',
    });
    expect(reloadMock).not.toHaveBeenCalled();
  });
});

describe('LoginDialog intro', () => {
  function renderDialog(intro?: LoginIntro) {
    return render(
      <I18nextProvider i18n={i18n}>
        <LoginDialog domain="b.example" onClose={jest.fn()} intro={intro} />
      </I18nextProvider>,
    );
  }

  it.each<[LoginIntro | undefined, string]>([
    [undefined, GATE_INTRO],
    ['protectedPage', GATE_INTRO],
    ['general', GENERAL_INTRO],
    ['saveJob', 'Sign in to save this job.'],
    ['addToCart', 'Sign in to add this job to your job cart.'],
    ['saveSearch', 'Sign in to save this search and get alerts about new jobs.'],
  ])('intro %p shows and describes the dialog with “%s”', (intro, text) => {
    renderDialog(intro);
    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(screen.getByText(text)).toBeVisible();
    expect(dialog).toHaveAccessibleDescription(text);
  });

  it('shows the intros in Canadian French', async () => {
    await act(async () => {
      await i18n.changeLanguage('fr-CA');
    });
    try {
      const { unmount } = renderDialog('saveJob');
      expect(screen.getByRole('dialog', { name: 'Connectez-vous pour continuer' })).toHaveAccessibleDescription(
        'Connectez-vous pour sauvegarder cet emploi.',
      );
      unmount();
      renderDialog('general');
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
        'Connectez-vous pour sauvegarder des emplois, conserver votre panier d’emplois et recevoir des alertes.',
      );
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});

describe('texts', () => {
  type Tree = { [key: string]: string | Tree };
  const keys = (tree: Tree, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

  it('has a Canadian French text for every English text', async () => {
    expect(keys(frCA as Tree).sort()).toEqual(keys(en as Tree).sort());
    await act(async () => {
      await i18n.changeLanguage('fr-CA');
    });
    expect(i18n.getFixedT('fr-CA', 'auth')('login.submit')).toBe('Se connecter');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});
