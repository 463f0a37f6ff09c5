import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_SEARCH, notify, type SearchAddress } from '@careers/shared';
import {
  baseBootData,
  DOMAIN,
  fail,
  installFakeServer,
  ok,
  renderWithStore,
  type FakeServer,
} from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { SearchForm, type SearchFormProps } from './SearchForm';
import { setupSearchI18n } from '../../../test/setup';

const SUGGESTIONS = '/api/pcsx/search_suggestions';
const LOCATIONS = '/api/pcsx/location_suggestions';
const T = en.form;

let server: FakeServer;
let errorToast: jest.SpyInstance;
let onSearch: jest.Mock;

beforeAll(async () => {
  await setupSearchI18n();
});

beforeEach(() => {
  jest.useFakeTimers();
  server = installFakeServer();
  server.on(
    'GET',
    SUGGESTIONS,
    ok({
      suggestions: [
        { term: 'Nurse practitioner', kind: 'title' },
        { term: 'Nursing', kind: 'skill' },
      ],
    }),
  );
  server.on('GET', LOCATIONS, ok({ suggestions: [] }));
  errorToast = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  onSearch = jest.fn();
  window.history.replaceState(null, '', '/careers');
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete (navigator as { geolocation?: unknown }).geolocation;
});

function renderForm(props: Partial<SearchFormProps> = {}, address: Partial<SearchAddress> = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithStore(
    <SearchForm
      domain={DOMAIN}
      address={{ ...EMPTY_SEARCH, ...address }}
      minSuggestionLength={1}
      currentLocationEnabled={false}
      onSearch={onSearch}
      {...props}
    />,
    { session: baseBootData() },
  );
  return user;
}

const queryBox = () => screen.getByRole('combobox', { name: T.query });
const locationBox = () => screen.getByRole('combobox', { name: T.location });
const suggestionCalls = () => server.callsTo('GET', SUGGESTIONS);
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));
/** Lets a request that is about to start reach the fake server (so "no call yet" is not checked too early). */
const flush = () =>
  act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });

describe('SearchForm: search suggestions', () => {
  it('asks 500 ms after typing stops, for the trimmed term, and lists the answer', async () => {
    const user = renderForm();
    await user.type(queryBox(), '  nurse ');
    wait(499);
    await flush();
    expect(suggestionCalls()).toHaveLength(0);
    wait(1);
    await flush();
    expect(suggestionCalls()).toHaveLength(1);
    expect(suggestionCalls()[0]!.query.get('query')).toBe('nurse');
    expect(suggestionCalls()[0]!.query.get('domain')).toBe(DOMAIN);
    expect(await screen.findByRole('option', { name: /Nurse practitioner/ })).toHaveTextContent(
      'Nurse practitionerJob title',
    );
    expect(screen.getByRole('option', { name: /Nursing/ })).toHaveTextContent('NursingSkill');
    expect(queryBox()).toHaveAttribute('aria-expanded', 'true');
  });

  it('waits for the typing to stop: a pause shorter than 500 ms asks nothing', async () => {
    const user = renderForm();
    await user.type(queryBox(), 'nu');
    wait(400);
    await user.type(queryBox(), 'rse');
    wait(400);
    await flush();
    expect(suggestionCalls()).toHaveLength(0);
    wait(100);
    await waitFor(() => expect(suggestionCalls()).toHaveLength(1));
    expect(suggestionCalls()[0]!.query.get('query')).toBe('nurse');
  });

  it('asks only from the minimum length', async () => {
    const user = renderForm({ minSuggestionLength: 3 });
    await user.type(queryBox(), ' nu ');
    wait(2000);
    await flush();
    expect(suggestionCalls()).toHaveLength(0);
    await user.clear(queryBox());
    await user.type(queryBox(), 'nur');
    wait(500);
    await waitFor(() => expect(suggestionCalls()).toHaveLength(1));
    expect(suggestionCalls()[0]!.query.get('query')).toBe('nur');
  });

  it('asks for the same term once within two minutes, and again after', async () => {
    const user = renderForm();
    await user.type(queryBox(), 'nurse');
    wait(500);
    await screen.findByRole('option', { name: /Nurse practitioner/ });

    await user.clear(queryBox());
    wait(1000);
    await user.type(queryBox(), 'nurse');
    wait(500);
    expect(await screen.findByRole('option', { name: /Nurse practitioner/ })).toBeInTheDocument();
    await flush();
    expect(suggestionCalls()).toHaveLength(1);

    await user.clear(queryBox());
    wait(121_000);
    await user.type(queryBox(), 'nurse');
    wait(500);
    await waitFor(() => expect(suggestionCalls()).toHaveLength(2));
  });

  it('shows "An error occurred while loading the results" when suggestions fail', async () => {
    server.on('GET', SUGGESTIONS, fail(500, 'Internal error'));
    const user = renderForm();
    await user.type(queryBox(), 'nurse');
    wait(500);
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith('An error occurred while loading the results', { autoClose: 2000 }),
    );
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('searches for a suggestion chosen with ArrowDown and Enter', async () => {
    const user = renderForm();
    await user.type(queryBox(), 'nur');
    wait(500);
    await screen.findByRole('option', { name: /Nurse practitioner/ });
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Nurse practitioner/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ query: 'Nurse practitioner', location: '' });
    expect(queryBox()).toHaveValue('Nurse practitioner');
  });

  it('searches for the typed term, trimmed, on Enter with no suggestion chosen', async () => {
    const user = renderForm({}, { location: 'Toronto' });
    await user.type(queryBox(), ' nurse {Enter}');
    expect(onSearch).toHaveBeenCalledWith({ query: 'nurse', location: 'Toronto' });
  });
});

describe('SearchForm: the location box', () => {
  it('offers "remote" only, when current location is not enabled', async () => {
    const user = renderForm();
    await user.click(locationBox());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['remoteRemote jobs']);
    await user.click(screen.getByRole('option', { name: /remote/ }));
    expect(onSearch).toHaveBeenCalledWith({ query: '', location: 'remote' });
  });

  it('offers "remote" and "current location" when current location is enabled', async () => {
    renderForm({ currentLocationEnabled: true });
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(locationBox());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'remoteRemote jobs',
      'current locationUse my location',
    ]);
  });

  it('searches near the candidate with the browser position', async () => {
    const getCurrentPosition = jest.fn((success: PositionCallback) =>
      success({ coords: { latitude: 43.65323, longitude: -79.38318 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    const user = renderForm({ currentLocationEnabled: true }, { query: 'nurse' });
    await user.click(locationBox());
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ query: 'nurse', location: 'current location:::43.6532,-79.3832' });
    expect(locationBox()).toHaveValue('current location');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so under the box when the browser does not share the position', async () => {
    const getCurrentPosition = jest.fn((_success: PositionCallback, error: PositionErrorCallback) =>
      error({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
    const user = renderForm({ currentLocationEnabled: true });
    await user.click(locationBox());
    await user.click(screen.getByRole('option', { name: /current location/ }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(T.geolocation.denied);
    expect(screen.getByRole('button', { name: T.submit })).toBeEnabled();

    // Typing a place clears the message.
    await user.type(locationBox(), 'T');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("asks for the page employer's places (its cities with open positions come first)", async () => {
    const user = renderForm();
    await user.type(locationBox(), 'wat');
    wait(500);
    await flush();
    const calls = server.callsTo('GET', LOCATIONS);
    expect(calls).toHaveLength(1);
    expect([calls[0]!.query.get('query'), calls[0]!.query.get('domain')]).toEqual(['wat', DOMAIN]);
  });
});

describe('SearchForm: valid combobox markup', () => {
  it('makes both boxes text inputs: ARIA allows no combobox role or aria-expanded on <input type="search">', () => {
    renderForm();
    for (const box of [queryBox(), locationBox()]) {
      expect(box).toHaveAttribute('type', 'text');
      expect(box).toHaveAttribute('aria-expanded', 'false');
    }
  });
});
