import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, notify } from '@careers/shared';
import type { CandidateSettings } from '@careers/shared/contract';
import { baseBootData, deferred, DOMAIN, fail, ok, type FakeResponseInit } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr-CA.json';
import { SETTINGS_URLS } from '../endpoints';
import { leavePage } from '../leave';
import { SettingsPage } from './SettingsPage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';

jest.mock('../leave', () => ({ leavePage: jest.fn() }));

const texts = en.settings;

function settings(overrides: Partial<CandidateSettings> = {}): CandidateSettings {
  return {
    language: 'en',
    languageChosen: false,
    supportedLanguages: ['en', 'fr-CA'],
    savedSearchAlerts: true,
    savedSearchAlertsOffered: true,
    savedSearches: [
      { id: 7, query: 'gardener', location: 'Toronto', url: '/careers/search?query=gardener', alerts: true },
      { id: 8, query: '', location: '', url: '/careers/search', alerts: false },
    ],
    email: 'candidate@example.com',
    ...overrides,
  };
}

const fake = setUpDashboardTests({
  answer: (server) => server.on('GET', SETTINGS_URLS.settings, ok(settings())),
  toasts: true,
});

beforeEach(() => jest.mocked(leavePage).mockClear());

async function open() {
  const user = userEvent.setup();
  renderPage(<SettingsPage />);
  await screen.findByRole('combobox', { name: texts.language.label });
  return user;
}

const lastPost = () => fake.server.callsTo('POST', SETTINGS_URLS.settings).at(-1)?.body;

describe('loading', () => {
  it('shows a placeholder, then the settings', async () => {
    const pending = deferred<FakeResponseInit>();
    fake.server.on('GET', SETTINGS_URLS.settings, () => pending.promise);
    renderPage(<SettingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: texts.loading })).toBeInTheDocument();
    pending.resolve(ok(settings()));
    expect(await screen.findByRole('combobox', { name: texts.language.label })).toHaveValue('en');
    expect(screen.queryByRole('status', { name: texts.loading })).not.toBeInTheDocument();
  });

  it('titles the page with the employer’s SEO title for settings (docs/product/shell.md#page-title)', async () => {
    document.title = 'Production Supervisor | Acme Robotics';
    renderPage(
      <SettingsPage />,
      baseBootData({
        pcsxConfig: {
          branding: { companyName: 'Acme Robotics' },
          seo: { settings: { title: 'Account settings · Acme Robotics' } },
        } as ReturnType<typeof baseBootData>['pcsxConfig'],
      }),
    );
    await screen.findByRole('combobox', { name: texts.language.label });
    expect(document.title).toBe('Account settings · Acme Robotics');
  });

  it('shows an error with a retry that loads again', async () => {
    fake.server.on('GET', SETTINGS_URLS.settings, fail(500));
    const user = userEvent.setup();
    renderPage(<SettingsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.loadFailed);
    fake.server.on('GET', SETTINGS_URLS.settings, ok(settings()));
    await user.click(within(screen.getByRole('alert')).getByRole('button'));
    expect(await screen.findByRole('combobox', { name: texts.language.label })).toBeInTheDocument();
  });
});

describe('language and alerts', () => {
  it('saves the language and switches the page to it', async () => {
    fake.server.on('POST', SETTINGS_URLS.settings, ok(settings({ language: 'fr-CA', languageChosen: true })));
    const user = await open();
    await user.selectOptions(screen.getByRole('combobox', { name: texts.language.label }), 'fr-CA');
    await waitFor(() => expect(i18n.language).toBe('fr-CA'));
    expect(lastPost()).toEqual({ domain: DOMAIN, language: 'fr-CA' });
    expect(await screen.findByRole('heading', { level: 1, name: fr.settings.title })).toBeInTheDocument();
    expect(window.location.search).toContain('hl=fr-CA');
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('says "Settings saved" in the language chosen, not the one the page had', async () => {
    fake.server.on('POST', SETTINGS_URLS.settings, ok(settings({ language: 'fr-CA', languageChosen: true })));
    const user = await open();
    fake.server.on('GET', SETTINGS_URLS.settings, ok(settings({ language: 'fr-CA', languageChosen: true })));
    await user.selectOptions(screen.getByRole('combobox', { name: texts.language.label }), 'fr-CA');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(fr.settings.saved));

    // And back: a French page switched to English says it in English.
    fake.server.on('POST', SETTINGS_URLS.settings, ok(settings({ language: 'en', languageChosen: true })));
    await user.selectOptions(await screen.findByRole('combobox', { name: fr.settings.language.label }), 'en');
    await waitFor(() => expect(notify.success).toHaveBeenLastCalledWith(texts.saved));
    expect(jest.mocked(notify.success).mock.calls.map(([text]) => text)).toEqual([fr.settings.saved, texts.saved]);
  });

  it('switches every alert off, and one saved search’s alerts', async () => {
    fake.server.on('POST', SETTINGS_URLS.settings, ({ body }) => {
      const change = body as { savedSearchAlerts?: boolean };
      return ok(settings(change.savedSearchAlerts === false ? { savedSearchAlerts: false } : {}));
    });
    const user = await open();
    expect(screen.getByRole('checkbox', { name: 'gardener · Toronto' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: texts.alerts.everything })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'gardener · Toronto' }));
    await waitFor(() => expect(lastPost()).toEqual({ domain: DOMAIN, savedSearches: [{ id: 7, alerts: false }] }));
    await user.click(screen.getByRole('checkbox', { name: texts.alerts.all }));
    await waitFor(() => expect(lastPost()).toEqual({ domain: DOMAIN, savedSearchAlerts: false }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: texts.alerts.all })).not.toBeChecked());
    expect(screen.getByRole('group', { name: texts.alerts.each })).toBeDisabled();
  });

  it('tells when saving fails and keeps the setting', async () => {
    fake.server.on('POST', SETTINGS_URLS.settings, fail(500));
    const user = await open();
    await user.click(screen.getByRole('checkbox', { name: texts.alerts.all }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(texts.saveFailed));
    expect(screen.getByRole('checkbox', { name: texts.alerts.all })).toBeChecked();
  });

  it('says when there are no saved searches', async () => {
    fake.server.on('GET', SETTINGS_URLS.settings, ok(settings({ savedSearches: [] })));
    await open();
    expect(screen.getByText(texts.alerts.none)).toBeInTheDocument();
  });

  it('says when the site sends no alerts', async () => {
    fake.server.on('GET', SETTINGS_URLS.settings, ok(settings({ savedSearchAlertsOffered: false, savedSearches: [] })));
    await open();
    expect(screen.getByText(texts.alerts.notOffered)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('your data', () => {
  it('links the JSON download', async () => {
    await open();
    const link = screen.getByRole('link', { name: texts.data.download });
    expect(link).toHaveAttribute('href', `${SETTINGS_URLS.myData}?domain=${DOMAIN}`);
    expect(link).toHaveAttribute('download');
  });
});

describe('delete account', () => {
  it('asks for the email, refuses another, then deletes, signs out and goes to /careers', async () => {
    fake.server.on('POST', SETTINGS_URLS.deleteAccount, ok({ ok: true, next: '/careers' }));
    const user = await open();
    await user.click(screen.getByRole('button', { name: texts.delete.open }));
    const dialog = await screen.findByRole('dialog', { name: texts.delete.dialogTitle });
    expect(within(dialog).getByRole('button', { name: texts.delete.cancel })).toHaveFocus();
    expect(dialog).toHaveTextContent('candidate@example.com');

    const input = within(dialog).getByRole('textbox', { name: texts.delete.confirmLabel });
    await user.type(input, 'someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: texts.delete.confirm }));
    expect(await within(dialog).findByText(texts.delete.mismatch)).toBeInTheDocument();
    expect(fake.server.callsTo('POST', SETTINGS_URLS.deleteAccount)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Candidate@Example.com{Enter}');
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith(`/careers?domain=${DOMAIN}`));
    expect(fake.server.callsTo('POST', SETTINGS_URLS.deleteAccount)[0]!.body).toEqual({
      domain: DOMAIN,
      confirm: 'Candidate@Example.com',
    });
    expect(notify.success).toHaveBeenCalledWith(texts.delete.done);
  });

  it('shows the server’s refusal and a failure, and closes with Escape', async () => {
    fake.server.on('POST', SETTINGS_URLS.deleteAccount, fail(400, 'Type your email.', { field: 'confirm' }));
    const user = await open();
    await user.click(screen.getByRole('button', { name: texts.delete.open }));
    const dialog = await screen.findByRole('dialog', { name: texts.delete.dialogTitle });
    await user.type(within(dialog).getByRole('textbox'), 'candidate@example.com{Enter}');
    expect(await within(dialog).findByText(texts.delete.mismatch)).toBeInTheDocument();
    fake.server.on('POST', SETTINGS_URLS.deleteAccount, fail(500));
    await user.click(within(dialog).getByRole('button', { name: texts.delete.confirm }));
    expect(await within(dialog).findByText(texts.delete.failed)).toBeInTheDocument();
    expect(leavePage).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
