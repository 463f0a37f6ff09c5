import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BootData, SavedSearchMetadata } from '@careers/shared/contract';
import {
  baseBootData,
  DOMAIN,
  fail,
  installFakeServer,
  ok,
  renderWithStore,
  type FakeServer,
} from '@careers/shared/testing';
import { saveSearchBody } from '../saveSearchBody';
import { SaveSearchButton } from './SaveSearchButton';
import { setupSearchI18n } from '../../../test/setup';

const metadata: NonNullable<SavedSearchMetadata> = {
  query: 'nurse',
  location: 'Boston',
  filters: { department: ['Nursing', 'Care'], skills: [] },
  sort_by: 'date',
  savedSearchId: null,
  canSave: true,
};

const offered = (overrides: Partial<BootData> = {}) =>
  baseBootData({
    notificationsConfig: {
      enabled: true,
      hasActionRequiredNotificationsConfigured: false,
      notificationKeys: { savedSearchNotification: { enabled: true } },
    },
    ...overrides,
  });

const savedSearch = (id: number) =>
  ok({ id, ...metadata, url: '/careers/nurse/Boston', createdAt: '2026-11-22T10:00:00.000Z' });

let server: FakeServer;

beforeAll(async () => {
  await setupSearchI18n();
});

beforeEach(() => {
  server = installFakeServer();
  server.on('POST', '/api/pcsx/saved_searches', savedSearch(11));
  server.on('POST', '/api/pcsx/saved_searches/delete', ok({ savedSearchId: 11, deleted: true }));
  document.head.innerHTML = '<meta name="csrf-token" content="csrf-1">';
});

const saveButton = () => screen.getByRole('button', { name: 'Save this search' });

describe('SaveSearchButton', () => {
  it('saves the search with its parameters and language, then deletes it again', async () => {
    const user = userEvent.setup();
    renderWithStore(<SaveSearchButton metadata={metadata} />, { session: offered() });
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Search saved');
    const remove = screen.getByRole('button', { name: 'Delete saved search' });
    expect(remove).toHaveFocus();
    expect(server.callsTo('POST', '/api/pcsx/saved_searches')[0]?.body).toEqual({
      domain: DOMAIN,
      query: 'nurse',
      location: 'Boston',
      sort_by: 'date',
      filter_department: 'Nursing,Care',
      hl: 'en',
    });

    await user.click(remove);
    await waitFor(() => expect(saveButton()).toHaveFocus());
    expect(server.callsTo('POST', '/api/pcsx/saved_searches/delete')[0]?.body).toEqual({
      domain: DOMAIN,
      saved_search_id: 11,
    });
    expect(screen.queryByText('Search saved')).not.toBeInTheDocument();
  });

  it('shows a search saved before as saved', () => {
    renderWithStore(<SaveSearchButton metadata={{ ...metadata, savedSearchId: 4, canSave: false }} />, {
      session: offered(),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Search saved');
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the limit is reached (409), and stays unsaved", async () => {
    const message = 'You can keep at most 20 saved searches; delete one to save this search.';
    server.on('POST', '/api/pcsx/saved_searches', fail(409, message, { code: 'conflict', field: 'saved_searches' }));
    const user = userEvent.setup();
    renderWithStore(<SaveSearchButton metadata={{ ...metadata, canSave: false }} />, { session: offered() });
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(saveButton()).toBeInTheDocument();
  });

  it('shows its own message for other failures', async () => {
    server.on('POST', '/api/pcsx/saved_searches', fail(500));
    const user = userEvent.setup();
    renderWithStore(<SaveSearchButton metadata={metadata} />, { session: offered() });
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This search could not be saved. Please try again.');
  });

  it.each<[string, BootData, SavedSearchMetadata]>([
    ['signed out', offered({ isLoggedIn: false, user: null }), metadata],
    ['the notification switched off', baseBootData(), metadata],
    ['candidate login switched off', offered({ loginSignupConfig: { candidateLoginEnabled: false } }), metadata],
    ['no metadata', offered(), null],
  ])('is not shown with %s', (_case, session, given) => {
    renderWithStore(<SaveSearchButton metadata={given} />, { session });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('saveSearchBody', () => {
  it('comma-joins filter values and percent-encodes values holding a comma when the flag is on', () => {
    const withComma = { ...metadata, query: '', location: '', filters: { location: ['Paris, France', 'Lyon'] } };
    expect(saveSearchBody(withComma, { domain: DOMAIN, language: 'fr-CA', encodeCommas: true })).toEqual({
      domain: DOMAIN,
      hl: 'fr-CA',
      sort_by: 'date',
      filter_location: 'Paris%2C%20France,Lyon',
    });
    expect(saveSearchBody(withComma, { domain: DOMAIN, language: 'en', encodeCommas: false }).filter_location).toBe(
      'Paris, France,Lyon',
    );
  });

  it('leaves out filters the call does not take', () => {
    const odd = { ...metadata, filters: { colour: ['blue'] } };
    expect(saveSearchBody(odd, { domain: DOMAIN, language: 'en', encodeCommas: false })).not.toHaveProperty(
      'filter_colour',
    );
  });
});
