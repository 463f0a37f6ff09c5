import { booted, createCareersStore } from '@careers/shared';
import { baseBootData } from '@careers/shared/testing';
import { changeFilters, cancelPendingFilters, runSearch } from './address';
import { selectPendingFilters } from './slice';
import { shownFilters } from './filters';
import { postedAgo } from './components/ResultsList';

function setup(address: string) {
  window.history.replaceState(null, '', address);
  const store = createCareersStore();
  store.dispatch(
    booted(
      baseBootData({
        pcsxConfig: { searchConfig: { smartFilters: ['department'], allFilters: ['department', 'distance'] } },
      }),
    ),
  );
  return store;
}

const here = () => `${window.location.pathname}${window.location.search}`;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('a filter change', () => {
  it('shows loading at once and searches 1,000 ms later, from the first page, with no open position', () => {
    const store = setup('/careers?query=nurse&start=20&pid=5');
    store.dispatch(changeFilters({ department: ['Care'] }));
    expect(selectPendingFilters(store.getState())).toEqual({ department: ['Care'] });
    jest.advanceTimersByTime(999);
    expect(here()).toBe('/careers?query=nurse&start=20&pid=5');
    jest.advanceTimersByTime(1);
    expect(here()).toBe('/careers?query=nurse&filter_department=Care');
    expect(selectPendingFilters(store.getState())).toBeNull();
  });

  it('makes one search of several quick changes', () => {
    const store = setup('/careers');
    const pushes = jest.spyOn(window.history, 'pushState');
    store.dispatch(changeFilters({ department: ['Care'] }));
    jest.advanceTimersByTime(600);
    store.dispatch(changeFilters({ department: ['Care', 'ICU'] }));
    jest.advanceTimersByTime(600);
    expect(pushes).not.toHaveBeenCalled();
    jest.advanceTimersByTime(400);
    expect(pushes).toHaveBeenCalledTimes(1);
    expect(here()).toBe('/careers?filter_department=Care%2CICU');
    pushes.mockRestore();
  });

  it('is dropped by a search run in the meantime', () => {
    const store = setup('/careers');
    store.dispatch(changeFilters({ department: ['Care'] }));
    cancelPendingFilters(store.dispatch);
    jest.advanceTimersByTime(2000);
    expect(here()).toBe('/careers');
    expect(selectPendingFilters(store.getState())).toBeNull();
  });
});

describe('a new search', () => {
  it('runs at once from the first page, and a new query drops the sort', () => {
    const store = setup('/careers?query=nurse&start=30&sort_by=date&pid=3&filter_department=Care');
    store.dispatch(runSearch({ query: 'surgeon', location: '' }));
    expect(here()).toBe('/careers?query=surgeon&filter_department=Care');
  });

  it('keeps the sort when only the sort changes, and clearing filters keeps the query', () => {
    const store = setup('/careers?query=nurse&start=30&filter_department=Care');
    store.dispatch(runSearch({ sortBy: 'date' }));
    expect(here()).toBe('/careers?query=nurse&sort_by=date&filter_department=Care');
    store.dispatch(runSearch({ filters: {} }));
    expect(here()).toBe('/careers?query=nurse&sort_by=date');
  });

  it("keeps the page's other parameters (domain, language, the sign-in request)", () => {
    const store = setup('/careers?domain=acme.example&hl=fr-CA&show_login_modal=1&query=nurse&start=10');
    store.dispatch(runSearch({ query: 'surgeon' }));
    expect(here()).toBe('/careers?domain=acme.example&hl=fr-CA&show_login_modal=1&query=surgeon');
  });

  it('drops the map distance 0 when leaving a Map Location', () => {
    const store = setup('/careers?location=Map%20Location%3A%3A%3A43.65%2C-79.38&filter_distance=0');
    store.dispatch(runSearch({ location: 'Toronto' }));
    expect(here()).toBe('/careers?location=Toronto');
  });
});

describe('filters as the page shows them', () => {
  it('keeps the configured filters only, in the configured order, and lists applied values with no match', () => {
    const shown = shownFilters(
      [
        { filterName: 'skills', options: [{ label: 'Go', value: 'Go', count: 3 }] },
        { filterName: 'department', options: [{ label: 'Care', value: 'Care', count: 12 }] },
      ],
      { department: ['ICU'] },
      {
        allFilters: ['department'],
        searchOptionsMap: { department: { displayName: 'Team', options: { labelMap: { ICU: 'Intensive care' } } } },
      },
    );
    expect(shown).toEqual([
      {
        name: 'department',
        displayName: 'Team',
        options: [
          { value: 'Care', label: 'Care', count: 12 },
          { value: 'ICU', label: 'Intensive care', count: 0 },
        ],
      },
    ]);
  });

  it('says how long ago a position was posted', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(postedAgo('2026-11-19T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(postedAgo('2026-11-22T09:00:00Z', 'en', now)).toBe('today');
    // Whole days, as the position view and the server's insights say it: never "4 months ago".
    expect(postedAgo('2026-07-22T12:00:00Z', 'en', now)).toBe('123 days ago');
    expect(postedAgo('2025-10-22T12:00:00Z', 'en', now)).toBe('last year');
  });
});
