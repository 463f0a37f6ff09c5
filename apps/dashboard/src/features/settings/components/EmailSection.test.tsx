import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@careers/shared';
import type { CandidateSettings } from '@careers/shared/contract';
import { deferred, DOMAIN, fail, type FakeResponseInit } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr-CA.json';
import { SETTINGS_URLS } from '../endpoints';
import { SettingsPage } from './SettingsPage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';

const texts = en.settings.email;
const CURRENT = 'candidate@example.com';
const PASSWORD = 'correct horse battery staple';

const settings: CandidateSettings = {
  language: 'en',
  languageChosen: false,
  supportedLanguages: ['en', 'fr-CA'],
  savedSearchAlerts: true,
  savedSearchAlertsOffered: true,
  savedSearches: [],
  email: CURRENT,
};

/** The 202 of `POST /api/auth/email`: a link went to `email`. */
const mailed = (email: string): FakeResponseInit => ({ status: 202, body: { data: { ok: true, email } } });

const fake = setUpDashboardTests({
  answer: (server) => server.on('GET', SETTINGS_URLS.settings, { status: 200, body: { data: settings } }),
  toasts: true,
});

const section = () => screen.getByRole('region', { name: texts.title });
const changeButton = () => within(section()).getByRole('button', { name: texts.open });
const newEmailBox = () => within(section()).getByRole('textbox', { name: texts.newEmail });
const passwordBox = () => within(section()).getByLabelText(texts.password, { selector: 'input' });
const posts = () => fake.server.callsTo('POST', SETTINGS_URLS.changeEmail);

/** Opens the settings page and the "Change email" form. */
async function openForm() {
  const user = userEvent.setup();
  renderPage(<SettingsPage />);
  await screen.findByRole('region', { name: texts.title });
  await user.click(changeButton());
  return user;
}

/** The description of a control: the texts its `aria-describedby` points to. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('email address', () => {
  it('shows the account’s email and a closed "Change email" that opens the form on its first field', async () => {
    const user = userEvent.setup();
    renderPage(<SettingsPage />);
    const region = await screen.findByRole('region', { name: texts.title });
    expect(region).toHaveTextContent(texts.current.replace('{{email}}', CURRENT));
    expect(changeButton()).toHaveAttribute('aria-expanded', 'false');
    expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(changeButton());
    expect(changeButton()).toHaveAttribute('aria-expanded', 'true');
    expect(newEmailBox()).toHaveFocus();
    expect(newEmailBox()).toBeRequired();
    expect(passwordBox()).toHaveAttribute('type', 'password');
    expect(passwordBox()).toHaveAttribute('autocomplete', 'current-password');
    expect(within(region).getByRole('button', { name: texts.submit })).toHaveAttribute('type', 'submit');
  });

  it('posts exactly the new email and the current password, then says where the link went and focuses that', async () => {
    const pending = deferred<FakeResponseInit>();
    fake.server.on('POST', SETTINGS_URLS.changeEmail, () => pending.promise);
    const user = await openForm();
    await user.type(newEmailBox(), '  New.Address@example.com ');
    await user.type(passwordBox(), `${PASSWORD}{Enter}`);

    expect(await within(section()).findByRole('button', { name: texts.submitting })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await user.keyboard('{Enter}');
    pending.resolve(mailed('New.Address@example.com'));

    const status = within(section()).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(texts.sent.replace('{{email}}', 'New.Address@example.com')));
    await waitFor(() => expect(status).toHaveFocus());
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({ email: 'New.Address@example.com', password: PASSWORD });
    expect(Object.fromEntries(posts()[0]!.query)).toEqual({ domain: DOMAIN, hl: 'en' });
    // The email changes only when the link is followed: the page still shows the current one.
    expect(section()).toHaveTextContent(texts.current.replace('{{email}}', CURRENT));
    expect(within(section()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(changeButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('puts a wrong password on its field, described by the error, and focuses it', async () => {
    fake.server.on(
      'POST',
      SETTINGS_URLS.changeEmail,
      fail(400, 'Your current password is incorrect.', { code: 'invalid_credentials', field: 'password' }),
    );
    const user = await openForm();
    await user.type(newEmailBox(), 'new@example.com');
    await user.type(passwordBox(), 'not my password');
    await user.click(within(section()).getByRole('button', { name: texts.submit }));

    await waitFor(() => expect(passwordBox()).toHaveFocus());
    expect(passwordBox()).toHaveAttribute('aria-invalid', 'true');
    expect(description(passwordBox())).toContain(texts.errors.passwordWrong);
    expect(newEmailBox()).not.toHaveAttribute('aria-invalid');
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section()).getByRole('status')).toBeEmptyDOMElement();
  });

  it('checks the fields before sending, and focuses the first in error', async () => {
    const user = await openForm();
    await user.click(within(section()).getByRole('button', { name: texts.submit }));
    expect(newEmailBox()).toHaveFocus();
    expect(description(newEmailBox())).toContain(texts.errors.emailRequired);
    expect(description(passwordBox())).toContain(texts.errors.passwordRequired);

    await user.type(newEmailBox(), 'not an address');
    await user.type(passwordBox(), PASSWORD);
    await user.click(within(section()).getByRole('button', { name: texts.submit }));
    expect(description(newEmailBox())).toContain(texts.errors.emailInvalid);
    expect(passwordBox()).not.toHaveAttribute('aria-invalid');

    await user.clear(newEmailBox());
    await user.type(newEmailBox(), 'Candidate@Example.com');
    await user.click(within(section()).getByRole('button', { name: texts.submit }));
    expect(description(newEmailBox())).toContain(texts.errors.emailSame);
    expect(newEmailBox()).toHaveFocus();
    expect(posts()).toHaveLength(0);
  });

  it('puts the server’s refusal of the address on the email field', async () => {
    fake.server.on(
      'POST',
      SETTINGS_URLS.changeEmail,
      fail(400, 'body/email must match format "email"', { field: 'email' }),
    );
    const user = await openForm();
    await user.type(newEmailBox(), 'new@example');
    await user.type(passwordBox(), `${PASSWORD}{Enter}`);
    await waitFor(() => expect(newEmailBox()).toHaveFocus());
    expect(newEmailBox()).toHaveAttribute('aria-invalid', 'true');
    expect(description(newEmailBox())).toContain(texts.errors.emailInvalid);
  });

  it('shows other failures above the form, which they describe: too many mails, or any other', async () => {
    fake.server.on('POST', SETTINGS_URLS.changeEmail, fail(429, 'Too many emails asked for. Try again in 42 minutes.'));
    const user = await openForm();
    await user.type(newEmailBox(), 'new@example.com');
    await user.type(passwordBox(), `${PASSWORD}{Enter}`);
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(texts.errors.tooMany);
    const form = alert.closest('form')!;
    expect(description(form)).toContain(texts.errors.tooMany);

    fake.server.on('POST', SETTINGS_URLS.changeEmail, fail(500));
    await user.click(within(section()).getByRole('button', { name: texts.submit }));
    await waitFor(() => expect(within(section()).getByRole('alert')).toHaveTextContent(texts.errors.failed));
    expect(newEmailBox()).toHaveValue('new@example.com');
  });

  it('Cancel closes the form, forgets what was typed and gives focus back to "Change email"', async () => {
    const user = await openForm();
    await user.type(newEmailBox(), 'new@example.com');
    await user.type(passwordBox(), PASSWORD);
    await user.click(within(section()).getByRole('button', { name: texts.cancel }));

    expect(within(section()).queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(changeButton()).toHaveFocus());
    expect(changeButton()).toHaveAttribute('aria-expanded', 'false');
    expect(posts()).toHaveLength(0);

    await user.keyboard('{Enter}');
    expect(newEmailBox()).toHaveValue('');
    expect(newEmailBox()).toHaveFocus();
  });

  it('speaks Canadian French', async () => {
    await i18n.changeLanguage('fr-CA');
    fake.server.on('POST', SETTINGS_URLS.changeEmail, mailed('nouveau@example.com'));
    const user = userEvent.setup();
    renderPage(<SettingsPage />);
    const region = await screen.findByRole('region', { name: fr.settings.email.title });
    await user.click(within(region).getByRole('button', { name: fr.settings.email.open }));
    await user.type(within(region).getByRole('textbox', { name: fr.settings.email.newEmail }), 'nouveau@example.com');
    await user.type(within(region).getByLabelText(fr.settings.email.password, { selector: 'input' }), PASSWORD);
    await user.click(within(region).getByRole('button', { name: fr.settings.email.submit }));
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent(
        fr.settings.email.sent.replace('{{email}}', 'nouveau@example.com'),
      ),
    );
    expect(Object.fromEntries(posts()[0]!.query)).toEqual({ domain: DOMAIN, hl: 'fr-CA' });
  });
});
