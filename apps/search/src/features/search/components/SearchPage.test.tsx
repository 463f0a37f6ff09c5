import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@careers/shared';
import type { BootData, PositionSummary, SearchConfig, SearchData } from '@careers/shared/contract';
import {
  baseBootData,
  deferred,
  DOMAIN,
  fail,
  installFakeServer,
  mockViewport,
  ok,
  renderWithStore,
  type FakeResponseInit,
  type FakeServer,
} from '@careers/shared/testing';
import { SearchPage } from './SearchPage';
import { setupSearchI18n } from '../../../test/setup';

// The lazy children and the other features' controls only show what they were given.
jest.mock('../../position/components/PositionDetails', () => ({
  PositionDetails: ({
    positionId,
    layout,
    focusOnShow,
    summary,
  }: {
    positionId: number;
    layout: string;
    focusOnShow?: boolean;
    summary?: { name: string } | null;
  }) => (
    <div
      data-testid="position-details"
      data-layout={layout}
      data-focus={String(focusOnShow === true)}
      data-summary={summary?.name ?? ''}
    >
      Position {positionId}
    </div>
  ),
}));
jest.mock('../../map/components/MapPanel', () => ({
  __esModule: true,
  default: ({ selectedMarkerId }: { selectedMarkerId?: string | null }) => (
    <div data-testid="map" data-selected={selectedMarkerId ?? ''}>
      Map
    </div>
  ),
}));
jest.mock('../../saved-searches/components/SaveSearchButton', () => ({ SaveSearchButton: () => null }));
jest.mock('../../job-alerts/components/JobAlertButton', () => ({
  JobAlertButton: ({ address }: { address: { query: string; location: string; filters: object } }) => (
    <span data-testid="job-alerts" data-search={JSON.stringify([address.query, address.location, address.filters])} />
  ),
}));
jest.mock('../../saved/components/SaveButton', () => ({ SaveButton: () => null }));
jest.mock('../../cart/components/CartButton', () => ({ CartButton: () => null }));

const SEARCH = '/api/pcsx/search';
const DESKTOP = 1280;
const PHONE = 375;

function position(id: number): PositionSummary {
  return {
    id,
    name: `Nurse ${id}`,
    department: 'Care',
    employment_type: 'full_time',
    location: 'Toronto, ON, Canada',
    locations: [{ name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 }],
    is_remote: false,
    salary_min: null,
    salary_max: null,
    salary_currency: null,
    skills: [],
    posted_at: new Date().toISOString(),
    valid_through: null,
    archived_at: null,
    distance_km: null,
    positionUserActions: { isSaved: false, inCart: false },
  };
}

/** A page of `count` results from `start` (positions 101, 102, ...), with the department filter's options. */
function searchData(count: number, start = 0): SearchData {
  const size = Math.max(0, Math.min(10, count - start));
  return {
    count,
    positions: Array.from({ length: size }, (_, index) => position(101 + start + index)),
    filterDef: {
      allFilters: [
        {
          filterName: 'department',
          options: [
            { label: 'Care', value: 'Care', count: 3 },
            { label: 'Surgery', value: 'Surgery', count: 2 },
          ],
        },
        { filterName: 'skills', options: [{ label: 'Go', value: 'Go', count: 1 }] },
      ],
    },
    sortBy: 'relevance',
    appliedFilters: {},
    debug: null,
    savedSearchMetadata: null,
    resultsMetaData: {
      start,
      num: 10,
      query: '',
      location: '',
      origin: null,
      distanceKm: null,
      sortOptions: ['relevance'],
    },
    markers: [],
  };
}

/** The search answer for `count` results, paged by the call's `start`. */
const results =
  (count: number) =>
  ({ query }: { query: URLSearchParams }): FakeResponseInit =>
    ok(searchData(count, Number(query.get('start') ?? '0')));

const searchConfig: SearchConfig = { smartFilters: ['department'], allFilters: ['department'] };
const session = (config: SearchConfig = searchConfig): BootData =>
  baseBootData({ pcsxConfig: { searchConfig: config } });

let server: FakeServer;
let errorToast: jest.SpyInstance;
let viewport: ReturnType<typeof mockViewport>;

beforeAll(async () => {
  await setupSearchI18n();
});

beforeEach(() => {
  server = installFakeServer();
  server.on('GET', SEARCH, results(25));
  errorToast = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
  viewport = mockViewport(DESKTOP);
  window.scrollTo = jest.fn();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  viewport.restore();
});

function renderPage(address: string, config?: SearchConfig) {
  window.history.replaceState(null, '', address);
  return renderWithStore(<SearchPage />, { session: session(config) });
}

const here = () => `${window.location.pathname}${window.location.search}`;
const status = () => screen.getByRole('status');
const resultsArea = () => status().closest('[aria-busy]');
const searches = () => server.callsTo('GET', SEARCH);
const resultLink = (id: number) => screen.getByRole('link', { name: `Nurse ${id}` });
const details = () => screen.queryByTestId('position-details');

describe('SearchPage: loading and results', () => {
  it('offers job alerts for the search the page shows, beside the results count', async () => {
    renderPage('/careers?query=nurse&location=Toronto&filter_department=Care,Surgery&start=10');
    await screen.findByRole('link', { name: 'Nurse 111' });
    const alerts = screen.getByTestId('job-alerts');
    expect(alerts).toHaveAttribute(
      'data-search',
      JSON.stringify(['nurse', 'Toronto', { department: ['Care', 'Surgery'] }]),
    );
    expect(alerts.parentElement).toBe(status().parentElement);
  });

  it('shows loading while the search runs, then the range of the results', async () => {
    const held = deferred<FakeResponseInit>();
    server.on('GET', SEARCH, () => held.promise);
    renderPage('/careers?query=nurse');

    expect(status()).toHaveTextContent('Loading jobs…');
    expect(resultsArea()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]!.query.get('query')).toBe('nurse');
    expect(searches()[0]!.query.get('domain')).toBe(DOMAIN);

    await act(async () => held.resolve(ok(searchData(25))));
    await waitFor(() => expect(status()).toHaveTextContent('1–10 of 25 jobs'));
    expect(resultsArea()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getAllByRole('link', { name: /^Nurse / })).toHaveLength(10);
  });

  it('opens the first result beside the list on a desktop', async () => {
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(resultLink(101)).toHaveAttribute('aria-current', 'true');
    expect(resultLink(102)).not.toHaveAttribute('aria-current');
    expect(await screen.findByTestId('position-details')).toHaveTextContent('Position 101');
    expect(details()).toHaveAttribute('data-layout', 'side');
  });

  it('opens the position the address names (pid) instead of the first', async () => {
    renderPage('/careers?query=nurse&pid=103');
    await screen.findByRole('link', { name: 'Nurse 103' });
    expect(resultLink(103)).toHaveAttribute('aria-current', 'true');
    expect(resultLink(101)).not.toHaveAttribute('aria-current');
    expect(await screen.findByTestId('position-details')).toHaveTextContent('Position 103');
    // The position is not part of the search.
    expect(searches()[0]!.query.has('pid')).toBe(false);
  });

  it('on a phone opens no position until the candidate chooses one, then shows it as its own view', async () => {
    viewport.setWidth(PHONE);
    const user = userEvent.setup();
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(resultLink(101)).not.toHaveAttribute('aria-current');
    expect(details()).not.toBeInTheDocument();

    await user.click(resultLink(102));
    expect(here()).toBe('/careers?query=nurse&pid=102');
    expect(await screen.findByTestId('position-details')).toHaveTextContent('Position 102');
    expect(details()).toHaveAttribute('data-layout', 'page');
    expect(screen.queryByRole('link', { name: 'Nurse 101' })).not.toBeInTheDocument();
  });

  it('links the result pages with their start (10 a page)', async () => {
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(pages).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/careers?query=nurse');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/careers?query=nurse&start=10');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/careers?query=nurse&start=20');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/careers?query=nurse&start=10');
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('shows a later page with its range, and a position link keeps the page', async () => {
    renderPage('/careers?query=nurse&start=20');
    await screen.findByRole('link', { name: 'Nurse 121' });
    expect(status()).toHaveTextContent('21–25 of 25 jobs');
    expect(searches()[0]!.query.get('start')).toBe('20');
    expect(resultLink(122)).toHaveAttribute('href', '/careers?query=nurse&start=20&pid=122');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/careers?query=nurse&start=10');
  });

  it('serves an address it has already shown from the cache (one request per address)', async () => {
    const user = userEvent.setup();
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });

    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Nurse 111' });
    await user.click(screen.getByRole('link', { name: 'Page 1' }));
    // At once, without loading.
    expect(screen.getByRole('link', { name: 'Nurse 101' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('1–10 of 25 jobs');

    expect(searches().map((call) => call.query.get('start'))).toEqual([null, '10']);
  });

  it('does not send filters the employer does not offer', async () => {
    renderPage('/careers?query=nurse&filter_department=Care&filter_skills=Go');
    await screen.findByRole('link', { name: 'Nurse 101' });
    const query = searches()[0]!.query;
    expect(query.get('filter_department')).toBe('Care');
    expect(query.has('filter_skills')).toBe(false);
    expect(searches()).toHaveLength(1);
  });
});

describe('SearchPage: failures and empty answers', () => {
  it('shows "Failed to load positions" once and an error state that tries again', async () => {
    server.on('GET', SEARCH, fail(500, 'Internal error'));
    const user = userEvent.setup();
    renderPage('/careers?query=nurse');

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getAllByText('Failed to load positions').length).toBeGreaterThan(0);
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('Failed to load positions', { autoClose: 2000 });
    expect(resultsArea()).toHaveAttribute('aria-busy', 'false');
    expect(details()).not.toBeInTheDocument();

    server.on('GET', SEARCH, results(25));
    await user.click(retry);
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(searches()).toHaveLength(2);
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it('says when nothing matches, without a Clear filters button when there are no filters', async () => {
    server.on('GET', SEARCH, results(0));
    renderPage('/careers?query=astronaut');
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    expect(screen.getByText('Try another keyword or a wider location.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(details()).not.toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('offers to clear the filters of an empty search, and clears them at once', async () => {
    server.on('GET', SEARCH, results(0));
    const user = userEvent.setup();
    renderPage('/careers?query=nurse&filter_department=Surgery');
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    expect(screen.getByText('Try removing some filters, or search for something else.')).toBeInTheDocument();

    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clearButtons[clearButtons.length - 1]!);
    expect(here()).toBe('/careers?query=nurse');
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]!.query.has('filter_department')).toBe(false);
  });

  // EmptyState wraps its children in <p class="cw-state__body">: the page passes text only, the button beside it.
  it('renders the empty state as valid HTML (no <p> inside <p>)', async () => {
    server.on('GET', SEARCH, results(0));
    const consoleError = jest.spyOn(console, 'error');
    renderPage('/careers?query=nurse&filter_department=Surgery');
    await screen.findByText('No jobs match your search');
    expect(document.querySelector('p p')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('SearchPage: a filter change', () => {
  it('shows loading at once, closes the position, and searches after a 1,000 ms pause', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(await screen.findByTestId('position-details')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Department' }));
    await user.click(screen.getByRole('checkbox', { name: /Care/ }));

    expect(status()).toHaveTextContent('Loading jobs…');
    expect(resultsArea()).toHaveAttribute('aria-busy', 'true');
    expect(details()).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Care/ })).toBeChecked();

    act(() => jest.advanceTimersByTime(900));
    await act(async () => {
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
    });
    expect(searches()).toHaveLength(1);
    expect(here()).toBe('/careers?query=nurse');

    act(() => jest.advanceTimersByTime(100));
    expect(here()).toBe('/careers?query=nurse&filter_department=Care');
    await act(async () => {
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
    });
    expect(searches()).toHaveLength(2);
    expect(searches()[1]!.query.get('filter_department')).toBe('Care');
    await waitFor(() => expect(status()).toHaveTextContent('1–10 of 25 jobs'));
    expect(await screen.findByTestId('position-details')).toHaveTextContent('Position 101');
  });
});

describe('SearchPage: issue 22', () => {
  it('keeps the previous results on screen, dimmed and busy, while a filter change loads', async () => {
    const held = deferred<FakeResponseInit>();
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    server.on('GET', SEARCH, () => held.promise);

    await user.click(screen.getByRole('button', { name: 'Department' }));
    await user.click(screen.getByRole('checkbox', { name: /^Care/ }));
    expect(status()).toHaveTextContent('Loading jobs…');
    expect(resultsArea()).toHaveAttribute('aria-busy', 'true');
    expect(resultsArea()).toHaveClass('cw-search__results--stale');
    // Still the ten previous results, not a short placeholder: the page does not collapse.
    expect(screen.getAllByRole('link', { name: /^Nurse / })).toHaveLength(10);

    // After the filter pause the new search runs; the previous results stay until it answers.
    act(() => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(screen.getAllByRole('link', { name: /^Nurse / })).toHaveLength(10);
    expect(resultsArea()).toHaveAttribute('aria-busy', 'true');
    await act(async () => held.resolve(ok(searchData(12))));
    await waitFor(() => expect(status()).toHaveTextContent('1–10 of 12 jobs'));
    expect(resultsArea()).toHaveAttribute('aria-busy', 'false');
    expect(resultsArea()).not.toHaveClass('cw-search__results--stale');
  });

  it('writes counts with the thousands separator of the page’s language', async () => {
    server.on('GET', SEARCH, results(1689));
    const user = userEvent.setup();
    renderPage('/careers?query=nurse');
    expect(await screen.findByText('1–10 of 1,689 jobs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Department' }));
    // The option's count: a number on screen, its words for screen readers, and no aria-label on a plain span.
    const care = screen.getByRole('checkbox', { name: 'Care 3 jobs' });
    expect(care.closest('li')).toHaveTextContent(/^Care 3/);
    expect(document.querySelectorAll('span[aria-label]')).toHaveLength(0);
  });

  it('names a filter button’s selected count in words, without an aria-label on the badge', async () => {
    renderPage('/careers?query=nurse&filter_department=Care');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(screen.getByRole('button', { name: 'Department 1 selected' })).toHaveTextContent(/^Department 1/);
    // Its text is the value alone (the cross is drawn), so the name holds all the text it shows (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: 'Care, remove the Department filter' }).textContent).toBe('Care');
    expect(document.querySelectorAll('span[aria-label]')).toHaveLength(0);
  });

  it('a closed filter menu holds no group: with "All filters" open, each group name is there once', async () => {
    const user = userEvent.setup();
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(screen.queryAllByRole('group', { name: 'Department', hidden: true })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'All filters' }));
    expect(screen.getAllByRole('group', { name: 'Department', hidden: true })).toHaveLength(1);
  });

  it('offers ways out of an empty search: clear the filters, search every place, see every position', async () => {
    server.on('GET', SEARCH, results(0));
    renderPage('/careers?query=astronaut&location=Mars&filter_department=Care&filter_distance=25');
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Search all locations' })).toHaveAttribute(
      'href',
      '/careers?query=astronaut&filter_department=Care',
    );
    expect(screen.getByRole('link', { name: 'See all open positions' })).toHaveAttribute('href', '/careers');
  });

  it('offers every open position when a plain keyword finds nothing', async () => {
    server.on('GET', SEARCH, results(0));
    renderPage('/careers?query=astronaut');
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all open positions' })).toHaveAttribute('href', '/careers');
    expect(screen.queryByRole('link', { name: 'Search all locations' })).not.toBeInTheDocument();
  });

  it('shows "Remote" once on a remote card', async () => {
    const remoteOnly: PositionSummary = { ...position(101), location: 'Remote', locations: [], is_remote: true };
    const hybrid: PositionSummary = { ...position(102), is_remote: true };
    server.on('GET', SEARCH, ok({ ...searchData(2), positions: [remoteOnly, hybrid] }));
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    const cards = screen.getAllByRole('listitem').filter((item) => item.classList.contains('cw-result'));
    expect(cards[0]!.textContent!.match(/Remote/g)).toHaveLength(1);
    expect(cards[1]!.textContent!.match(/Remote/g)).toHaveLength(1);
    expect(cards[1]).toHaveTextContent('Toronto, ON, Canada');
  });

  it('names one place per card, with that place’s distance, and draws that place’s pin selected', async () => {
    const berlin = { name: 'Berlin, Germany', lat: 52.52, lng: 13.405 };
    const toronto = { name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 };
    const auckland = { name: 'Auckland, New Zealand', lat: -36.85, lng: 174.76 };
    // The server answers a place search with each position's places nearest first, the distance the first one's.
    const answered: PositionSummary = {
      ...position(101),
      location: 'Toronto, ON, Canada',
      locations: [toronto, berlin, auckland],
      distance_km: 28,
    };
    server.on(
      'GET',
      SEARCH,
      ok({
        ...searchData(1),
        positions: [answered],
        markers: [berlin, toronto, auckland].map((place) => ({
          id: `${place.lat.toFixed(5)},${place.lng.toFixed(5)}`,
          latlong: { lat: place.lat, lng: place.lng },
          count: 1,
          location: place.name,
          is_remote: false,
        })),
      }),
    );
    const user = userEvent.setup();
    renderPage('/careers?query=nurse&location=Toronto', {
      ...searchConfig,
      mapConfig: { enabled: true, apiKey: 'key' },
    });
    const card = (await screen.findByRole('link', { name: 'Nurse 101' })).closest('li')!;
    expect(card).toHaveTextContent('Toronto, ON, Canada');
    expect(card).toHaveTextContent('28 km away');
    expect(card).not.toHaveTextContent('Berlin');

    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(await screen.findByTestId('map')).toHaveAttribute('data-selected', '43.65000,-79.38000');
  });

  it('measures the nearest place itself when the search carries coordinates (the browser’s position)', async () => {
    const berlin = { name: 'Berlin, Germany', lat: 52.52, lng: 13.405 };
    const toronto = { name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 };
    const unordered: PositionSummary = {
      ...position(101),
      location: 'Berlin, Germany',
      locations: [berlin, toronto],
      distance_km: 5,
    };
    server.on('GET', SEARCH, ok({ ...searchData(1), positions: [unordered] }));
    renderPage(`/careers?query=nurse&location=${encodeURIComponent('Current Location:::43.6500,-79.4300')}`);
    const card = (await screen.findByRole('link', { name: 'Nurse 101' })).closest('li')!;
    expect(card).toHaveTextContent('Toronto, ON, Canada');
    expect(card).toHaveTextContent('4 km away');
    expect(card).not.toHaveTextContent('Berlin');
  });

  it('gives focus to a position the candidate opens from the list, not to the one shown first', async () => {
    const user = userEvent.setup();
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(await screen.findByTestId('position-details')).toHaveAttribute('data-focus', 'false');
    await user.click(resultLink(102));
    await waitFor(() => expect(details()).toHaveTextContent('Position 102'));
    expect(details()).toHaveAttribute('data-focus', 'true');
    // What the card told of it, for the notice if it is no longer open.
    expect(details()).toHaveAttribute('data-summary', 'Nurse 102');
  });
});

describe('SearchPage: spec lines of issue 22', () => {
  it('repeats filter_{name} per value in the search call while the address keeps them comma-joined', async () => {
    const user = userEvent.setup();
    renderPage('/careers?query=nurse&filter_department=Surgery,Care');
    await screen.findByRole('link', { name: 'Nurse 101' });
    const call = searches()[0]!.query;
    expect(call.getAll('filter_department')).toEqual(['Care', 'Surgery']);
    expect(here()).toBe('/careers?query=nurse&filter_department=Surgery%2CCare');
    // The next page's call repeats them too; its link keeps the address's form.
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/careers?query=nurse&start=10&filter_department=Surgery%2CCare',
    );
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Nurse 111' });
    expect(searches()[1]!.query.getAll('filter_department')).toEqual(['Care', 'Surgery']);
  });

  it('names the page with one hidden h1: "Job search", or "Job search with maps" when the map is offered', async () => {
    const { unmount } = renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Job search' })).toHaveClass('cw-visually-hidden');
    expect(screen.queryByText('Search jobs')).not.toBeInTheDocument();
    unmount();

    renderPage('/careers?query=nurse', { ...searchConfig, mapConfig: { enabled: true, apiKey: 'key' } });
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Job search with maps' })).toHaveClass('cw-visually-hidden');
  });

  it('opens the map on first load when isMapOpenByDefault is set, until the candidate closes it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage('/careers?query=nurse', {
      ...searchConfig,
      mapConfig: { enabled: true, apiKey: 'key' },
    });
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();
    unmount();

    renderPage('/careers?query=nurse', {
      ...searchConfig,
      mapConfig: { enabled: true, apiKey: 'key', isMapOpenByDefault: true },
    });
    expect(await screen.findByTestId('map')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shortens a filter option’s count past 1,000 (k, M, B), and says the whole number to screen readers', async () => {
    const big = searchData(25);
    big.filterDef.allFilters[0]!.options[0]!.count = 1689;
    server.on('GET', SEARCH, ok(big));
    const user = userEvent.setup();
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    await user.click(screen.getByRole('button', { name: 'Department' }));
    const care = screen.getByRole('checkbox', { name: 'Care 1,689 jobs' });
    expect(care.closest('li')).toHaveTextContent(/^Care 1\.7K/);
    expect(screen.getByRole('checkbox', { name: 'Surgery 2 jobs' }).closest('li')).toHaveTextContent(/^Surgery 2/);
  });

  it('switches between the desktop and phone layouts once resizing has paused for 250 ms', async () => {
    jest.useFakeTimers();
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(await screen.findByTestId('position-details')).toHaveAttribute('data-layout', 'side');

    const resizeTo = (width: number) =>
      act(() => {
        viewport.setWidth(width);
        window.dispatchEvent(new Event('resize'));
      });
    resizeTo(PHONE);
    act(() => jest.advanceTimersByTime(200));
    // Still resizing: the open position stays beside the list.
    resizeTo(PHONE - 10);
    act(() => jest.advanceTimersByTime(200));
    expect(details()).toHaveAttribute('data-layout', 'side');
    act(() => jest.advanceTimersByTime(50));
    // The phone layout: no position open until the candidate chooses one.
    expect(details()).not.toBeInTheDocument();
    expect(resultLink(101)).not.toHaveAttribute('aria-current');

    // Across the breakpoint and back within the pause: nothing moves.
    resizeTo(DESKTOP);
    act(() => jest.advanceTimersByTime(100));
    resizeTo(PHONE);
    act(() => jest.advanceTimersByTime(300));
    expect(details()).not.toBeInTheDocument();
  });

  it('marks the results whose match score reaches searchConfig.strongMatchThreshold "Strong match"', async () => {
    server.on('GET', '/api/pcsx/match_details', ({ query }) => {
      const id = Number(query.get('position_id'));
      // 101: 3 of 4 skills; the others 1 of 4.
      const matched = id === 101 ? ['Go', 'SQL', 'Rust'] : ['Go'];
      return ok({
        positionId: id,
        score: id === 101 ? 75 : 25,
        matchedSkills: matched,
        missingSkills: ['Python', 'SQL', 'Rust'].slice(0, 4 - matched.length),
        profileHasSkills: true,
        explanation: '',
      });
    });
    renderPage('/careers?query=nurse', { ...searchConfig, strongMatchThreshold: 70 });
    const card = (id: number) => resultLink(id).closest('li')!;
    await screen.findByRole('link', { name: 'Nurse 101' });
    await waitFor(() => expect(card(101)).toHaveTextContent('Strong match'));
    await waitFor(() => expect(server.callsTo('GET', '/api/pcsx/match_details')).toHaveLength(10));
    expect(screen.getAllByText('Strong match')).toHaveLength(1);
    expect(card(102)).not.toHaveTextContent('Strong match');
  });

  it('asks for no match details for the results without a threshold or for a signed-out visitor', async () => {
    const { unmount } = renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    unmount();
    window.history.replaceState(null, '', '/careers?query=nurse');
    renderWithStore(<SearchPage />, {
      session: baseBootData({
        isLoggedIn: false,
        user: null,
        pcsxConfig: { searchConfig: { ...searchConfig, strongMatchThreshold: 70 } },
      }),
    });
    await screen.findByRole('link', { name: 'Nurse 101' });
    expect(server.callsTo('GET', '/api/pcsx/match_details')).toHaveLength(0);
    expect(screen.queryByText('Strong match')).not.toBeInTheDocument();
  });

  it('shows a kept page of results again without asking for 5 minutes, then at once while asking again', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage('/careers?query=nurse');
    await screen.findByRole('link', { name: 'Nurse 101' });
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Nurse 111' });
    const firstPageCalls = () => searches().filter((call) => !call.query.has('start')).length;

    // Within the stale time: back to page 1 from what is kept, no new call.
    act(() => jest.advanceTimersByTime(4 * 60_000));
    await user.click(screen.getByRole('link', { name: 'Page 1' }));
    expect(screen.getByRole('link', { name: 'Nurse 101' })).toBeInTheDocument();
    expect(firstPageCalls()).toBe(1);

    // Past it: page 2 shows at once from what is kept, and is asked for again behind it.
    act(() => jest.advanceTimersByTime(5 * 60_000));
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(screen.getByRole('link', { name: 'Nurse 111' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('11–20 of 25 jobs');
    await waitFor(() => expect(searches().filter((call) => call.query.get('start') === '10')).toHaveLength(2));
    expect(status()).toHaveTextContent('11–20 of 25 jobs');
  });
});
