import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import type { PendingAction } from '../contract/account';
import { i18n, initI18n } from '../i18n/i18n';
import { fail, installFakeServer, type FakeServer } from '../testing';
import { setGlobal } from '../testing/fakeWeb';
import { prepareAuth } from './prepareAuth';
import { LoginDialog, type SignupSettings } from './LoginDialog';

jest.mock('./reload', () => ({ reloadPage: jest.fn() }));

const NEXT = '/careers/job/7';
const DOMAIN = 'acme.example';
const mailSent = (email: string) => ({ status: 202, body: { data: { ok: true, email } } });

let server: FakeServer;

beforeAll(async () => {
  await initI18n('en');
  await prepareAuth();
});

beforeEach(() => {
  server = installFakeServer();
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
});

afterEach(() => setGlobal('fetch', undefined));

function renderDialog({
  signup = {},
  pendingAction,
  onSignedIn = jest.fn(),
}: { signup?: SignupSettings | null; pendingAction?: PendingAction; onSignedIn?: () => void } = {}) {
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <LoginDialog
        domain={DOMAIN}
        next={NEXT}
        onClose={jest.fn()}
        onSignedIn={onSignedIn}
        intro="saveJob"
        signup={signup ?? undefined}
        pendingAction={pendingAction}
      />
    </I18nextProvider>,
  );
  return { user, onSignedIn, ...result };
}

/** The dialog shows the screen titled `title`: its name, its visible heading (focused), and its description. */
function expectScreen(title: string, description?: string) {
  const dialog = screen.getByRole('dialog', { name: title });
  const heading = screen.getByRole('heading', { level: 2 });
  expect(heading).toHaveTextContent(title);
  expect(dialog).toHaveAttribute('aria-labelledby', heading.id);
  if (description !== undefined) expect(dialog).toHaveAccessibleDescription(description);
  return { dialog, heading };
}

const bodyOf = (path: string, index = 0) => server.callsTo('POST', path)[index]?.body;

async function axeViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the sign-in screen’s ways in', () => {
  it('offers a password reset, a mailed code and a new account, as buttons', () => {
    renderDialog();
    expectScreen('Sign in to continue', 'Sign in to save this job.');
    for (const name of ['Forgot your password?', 'Email me a code', 'Create account']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('type', 'button');
    }
    expect(screen.getByText(/New here\?/)).toBeVisible();
  });

  it('offers no account creation without sign-up settings', () => {
    renderDialog({ signup: null });
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.queryByText(/New here\?/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
  });

  it('moves focus to each new screen’s title, keeps the typed email, and leads back to the password', async () => {
    const { user } = renderDialog();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const forgot = expectScreen('Reset your password');
    expect(forgot.heading).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    const signIn = expectScreen('Sign in to continue', 'Sign in to save this job.');
    expect(signIn.heading).toHaveFocus();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(expectScreen('Sign in with a code').heading).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(expectScreen('Create your account').heading).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expectScreen('Sign in to continue');
    expect(server.calls).toHaveLength(0);
  });

  it('has no axe violations on any screen', async () => {
    const { user, container } = renderDialog();
    expect(await axeViolations(container)).toEqual([]);
    for (const name of ['Forgot your password?', 'Email me a code', 'Create account']) {
      await user.click(screen.getByRole('button', { name }));
      // With the errors shown too: each tied to its field.
      await user.click(
        within(screen.getByRole('dialog'))
          .getAllByRole('button', { name: /Email me|Create/ })
          .at(-1)!,
      );
      expect(await axeViolations(container)).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    }
  });
});

describe('“Email me a code”', () => {
  async function askForCode(email = 'ada@example.com') {
    server.on('POST', '/api/auth/code', mailSent(email));
    const rendered = renderDialog();
    await rendered.user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await rendered.user.type(screen.getByLabelText('Email'), ` ${email} `);
    await rendered.user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByLabelText('Code');
    return rendered;
  }

  const SENT = 'We sent a 6-digit code to ada@example.com. It works for 15 minutes.';

  it('checks the email before sending', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(server.calls).toHaveLength(0);
  });

  it('mails a code, then shows where it went with focus in the code box', async () => {
    await askForCode();
    expect(bodyOf('/api/auth/code')).toEqual({ email: 'ada@example.com', domain: DOMAIN, next: NEXT });
    expectScreen('Sign in with a code', SENT);
    expect(screen.getByText(SENT)).toBeVisible();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(SENT);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toHaveAttribute('type', 'button');
  });

  it('checks the code: six digits once spaces are removed', async () => {
    const { user } = await askForCode();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(`Enter the code from the email. ${SENT}`);
    await user.type(screen.getByLabelText('Code'), '12 345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      `Enter the 6 digits of the code from the email. ${SENT}`,
    );
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(server.callsTo('POST', '/api/auth/code/verify')).toHaveLength(0);
  });

  it('signs in with the code (without its spaces) and then does what a password sign-in does', async () => {
    server.on('POST', '/api/auth/code/verify', { status: 200, body: { data: { ok: true, next: NEXT, claimed: 1 } } });
    const { user, onSignedIn } = await askForCode();
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(bodyOf('/api/auth/code/verify')).toEqual({
      email: 'ada@example.com',
      code: '123456',
      domain: DOMAIN,
      next: NEXT,
    });
  });

  it('a wrong or expired code (401 invalid_token) is an error of the code box; a new code can be sent', async () => {
    server.on(
      'POST',
      '/api/auth/code/verify',
      fail(401, 'Invalid or expired code.', { code: 'invalid_token', field: 'code' }),
    );
    const { user, onSignedIn } = await askForCode();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const invalid = 'That code is wrong or has expired. Ask for a new one.';
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(`${invalid} ${SENT}`));
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new code to ada@example.com.');
    expect(server.callsTo('POST', '/api/auth/code')).toHaveLength(2);
    expect(bodyOf('/api/auth/code', 1)).toEqual({ email: 'ada@example.com', domain: DOMAIN, next: NEXT });
    expect(screen.getByLabelText('Code')).toHaveValue('');
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });

  it('shows the server’s words when codes are asked for too often (429)', async () => {
    server.on('POST', '/api/auth/code', fail(429, 'Too many codes asked for. Try again in 10 minutes.'));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes asked for. Try again in 10 minutes.');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

describe('“Create account”', () => {
  const PASSWORD = 'correct horse battery staple';

  async function openSignup(options: Parameters<typeof renderDialog>[0] = {}) {
    const rendered = renderDialog(options);
    await rendered.user.click(screen.getByRole('button', { name: 'Create account' }));
    return rendered;
  }

  async function fillIn(user: ReturnType<typeof userEvent.setup>, { password = PASSWORD } = {}) {
    await user.type(screen.getByLabelText('First name'), ' Ada ');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com ');
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('checkbox'));
  }

  it('labels every field, with the password hint tied to the password', async () => {
    await openSignup();
    expectScreen('Create your account');
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText('At least 12 characters. Long phrases are easiest to remember.')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 12 characters. Long phrases are easiest to remember.',
    );
    expect(screen.getByRole('checkbox')).toBeRequired();
  });

  it.each<[SignupSettings, string]>([
    [{}, 'I agree that this employer keeps my details to process my account and applications.'],
    [{ company: 'Acme' }, 'I agree that Acme keeps my details to process my account and applications.'],
    [
      { company: 'Acme', consentText: 'Acme keeps your data under its privacy policy.' },
      'Acme keeps your data under its privacy policy.',
    ],
  ])('consent with settings %p reads “%s”', async (signup, label) => {
    await openSignup({ signup });
    expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
  });

  it('checks every field and the consent, focusing the first error, and sends nothing', async () => {
    const { user } = await openSignup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name.');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 12 characters. Long phrases are easiest to remember. Choose a password.',
    );
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Agree to this to create your account.');
    expect(screen.getByLabelText('First name')).toHaveFocus();

    await fillIn(user, { password: 'short pass' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 12 characters. Long phrases are easiest to remember. Use at least 12 characters.',
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(server.calls).toHaveLength(0);
  });

  it('posts the sign-up with the pending action, then says to check the email', async () => {
    server.on('POST', '/api/auth/signup', mailSent('ada@example.com'));
    const { user } = await openSignup({ pendingAction: { type: 'save_job', positionId: 7 } });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const sent =
      'We sent a link to ada@example.com. Open it to finish creating your account. ' +
      'If you already have an account, the email tells you how to sign in.';
    await waitFor(() => expectScreen('Check your email', sent));
    expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText(sent)).toBeVisible();
    expect(bodyOf('/api/auth/signup')).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: PASSWORD,
      domain: DOMAIN,
      consent: true,
      next: NEXT,
      pendingAction: { type: 'save_job', positionId: 7 },
    });
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(expectScreen('Sign in to continue').heading).toHaveFocus();
  });

  it('sends no pending action when none was asked for', async () => {
    server.on('POST', '/api/auth/signup', mailSent('ada@example.com'));
    const { user } = await openSignup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(bodyOf('/api/auth/signup')).not.toHaveProperty('pendingAction');
  });

  it('shows a weak password’s message (400 weak_password) on the password field', async () => {
    const message = 'This password is one of the most common. Choose another one.';
    server.on('POST', '/api/auth/signup', fail(400, message, { code: 'weak_password', field: 'password' }));
    const { user } = await openSignup();
    await fillIn(user, { password: 'password1234' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        `At least 12 characters. Long phrases are easiest to remember. ${message}`,
      ),
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expectScreen('Create your account');
  });

  it('shows another field’s error (400 with field) on that field', async () => {
    server.on('POST', '/api/auth/signup', fail(400, 'firstName must not be empty', { field: 'firstName' }));
    const { user } = await openSignup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('firstName must not be empty'),
    );
    expect(screen.getByLabelText('First name')).toHaveFocus();
  });

  it('shows a refused sign-up (403 candidate_signup_disabled) above the form', async () => {
    server.on(
      'POST',
      '/api/auth/signup',
      fail(403, 'Candidates cannot create accounts here.', { code: 'candidate_signup_disabled' }),
    );
    const { user } = await openSignup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This employer doesn’t offer new accounts here. Sign in if you already have one.',
    );
    expectScreen('Create your account');
  });
});

describe('“Forgot your password?”', () => {
  it('mails a link, then says where it went if an account uses it', async () => {
    server.on('POST', '/api/auth/password/forgot', mailSent('ada@example.com'));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address.');
    expect(server.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    const sent =
      'If an account uses ada@example.com, we sent it a link to choose a new password. The link works for 30 minutes.';
    await waitFor(() => expectScreen('Check your email', sent));
    expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(bodyOf('/api/auth/password/forgot')).toEqual({ email: 'ada@example.com', domain: DOMAIN, next: NEXT });
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expectScreen('Sign in to continue');
  });

  it('shows the server’s email error on the email field', async () => {
    server.on('POST', '/api/auth/password/forgot', fail(400, 'email must match format "email"', { field: 'email' }));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('email must match format "email"'),
    );
  });
});

describe('in Canadian French', () => {
  it('names the screens and their buttons', async () => {
    await act(async () => {
      await i18n.changeLanguage('fr-CA');
    });
    try {
      const { user } = renderDialog({ signup: { company: 'Acme' } });
      await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
      expectScreen('Créer votre compte');
      expect(
        screen.getByRole('checkbox', {
          name: 'J’accepte que mes renseignements soient conservés par Acme pour gérer mon compte et mes candidatures.',
        }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Retour à la connexion' }));
      await user.click(screen.getByRole('button', { name: 'M’envoyer un code par courriel' }));
      expectScreen('Se connecter avec un code');
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});
