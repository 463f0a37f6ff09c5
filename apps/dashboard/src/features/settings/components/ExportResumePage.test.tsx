import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@careers/shared';
import type { ProfileDetails } from '@careers/shared/contract';
import { deferred, DOMAIN, fail, ok, type FakeResponseInit } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr-CA.json';
import { PROFILE_URLS } from '../../profile/endpoints';
import { SETTINGS_URLS } from '../endpoints';
import { ExportResumePage } from './ExportResumePage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';
import { testProfile } from '../../../test/profile';

const texts = en.settings.resume;

/** Casey with a phone number (shown in the resume's contact line) and no languages. */
function profile(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return testProfile({
    contact: { email: 'candidate@example.com', phone: '+1 416 555 0100' },
    languages: [],
    ...overrides,
  });
}

const fake = setUpDashboardTests({
  address: '/careers/export-resume',
  answer: (server) => server.on('GET', PROFILE_URLS.details, ok(profile())),
});

const render = () => renderPage(<ExportResumePage />);

it('shows a placeholder, then what the resume holds and the download links', async () => {
  const pending = deferred<FakeResponseInit>();
  fake.server.on('GET', PROFILE_URLS.details, () => pending.promise);
  render();
  expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
  expect(await screen.findByRole('status', { name: texts.loading })).toBeInTheDocument();
  pending.resolve(ok(profile()));
  expect(await screen.findByRole('heading', { level: 2, name: 'Casey Candidate' })).toBeInTheDocument();
  expect(screen.getByText('Platform engineer')).toBeInTheDocument();
  expect(screen.getByText('candidate@example.com · +1 416 555 0100 · Toronto, ON')).toBeInTheDocument();
  const items = within(screen.getByRole('list', { name: texts.contents })).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    'Summary 1 entry',
    'Experience 2 entries',
    'Education nothing yet',
    'Skills 1 entry',
    'Languages nothing yet',
    'Links nothing yet',
  ]);
  const download = screen.getByRole('link', { name: texts.download });
  expect(download).toHaveAttribute('href', `${SETTINGS_URLS.exportResume}?domain=${DOMAIN}&hl=en`);
  expect(download).toHaveAttribute('download');
  const view = screen.getByRole('link', { name: texts.open });
  expect(view).toHaveAttribute('href', `${SETTINGS_URLS.exportResume}?domain=${DOMAIN}&hl=en&disposition=inline`);
  expect(view).toHaveAttribute('target', '_blank');
  expect(screen.queryByText(texts.emptyTitle)).not.toBeInTheDocument();
});

it('suggests filling the profile when it is empty', async () => {
  fake.server.on(
    'GET',
    PROFILE_URLS.details,
    ok(profile({ summary: '', experience: [], skills: [], basic_info: { ...profile().basic_info, headline: '' } })),
  );
  render();
  expect(await screen.findByText(texts.emptyTitle)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: texts.edit })).toHaveAttribute('href', `/careers/profile?domain=${DOMAIN}`);
});

it('shows an error with a retry', async () => {
  fake.server.on('GET', PROFILE_URLS.details, fail(500));
  const user = userEvent.setup();
  render();
  expect(await screen.findByRole('alert')).toHaveTextContent(texts.loadFailed);
  fake.server.on('GET', PROFILE_URLS.details, ok(profile()));
  await user.click(within(screen.getByRole('alert')).getByRole('button'));
  expect(await screen.findByRole('heading', { level: 2, name: 'Casey Candidate' })).toBeInTheDocument();
});

it('starts the download at once with ?download=1', async () => {
  window.history.replaceState(null, '', '/careers/export-resume?download=1');
  const clicks = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  render();
  await screen.findByRole('heading', { level: 2, name: 'Casey Candidate' });
  expect(clicks).toHaveBeenCalledTimes(1);
});

it('is in French', async () => {
  await i18n.changeLanguage('fr-CA');
  render();
  expect(await screen.findByRole('heading', { level: 1, name: fr.settings.resume.title })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: fr.settings.resume.download })).toHaveAttribute(
    'href',
    `${SETTINGS_URLS.exportResume}?domain=${DOMAIN}&hl=fr-CA`,
  );
});
