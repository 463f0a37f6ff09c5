import { readSearchAddress, searchAddressQuery, searchCall, EMPTY_SEARCH } from './search-url';
import type { SearchConfig } from './index';

const config: SearchConfig = {
  smartFilters: ['department'],
  allFilters: ['department', 'employment_type', 'distance'],
  searchOptionsMap: {
    employment_type: { displayName: 'Employment type', options: { labelMap: { full_time: 'Full-time' } } },
  },
};

describe('reading a search address', () => {
  it('reads every parameter, and turns hyphens and underscores of the path form into spaces', () => {
    const address = readSearchAddress(
      '/careers/software-engineer/new_york',
      '?start=20&pid=42&sort_by=date&filter_department=Engineering,Sales',
    );
    expect(address).toEqual({
      query: 'software engineer',
      location: 'new york',
      start: 20,
      pid: 42,
      sortBy: 'date',
      filters: { department: ['Engineering', 'Sales'] },
      mapBounds: null,
    });
  });

  it('drops filters the employer does not offer, and maps display names and labels to keys and values', () => {
    const address = readSearchAddress(
      '/careers',
      '?filter_skills=Go&filter_Employment%20type=Full-time&filter_department=Sales',
      { searchConfig: config },
    );
    expect(address.filters).toEqual({ employment_type: ['full_time'], department: ['Sales'] });
  });

  it('keeps a value holding a comma when the flag is on (percent-encoded), and splits it when off', () => {
    const search = `?filter_department=${encodeURIComponent(`${encodeURIComponent('Research, Labs')},Sales`)}`;
    expect(readSearchAddress('/careers', search, { commaInFilterValues: true }).filters.department).toEqual([
      'Research, Labs',
      'Sales',
    ]);
    expect(readSearchAddress('/careers', '?filter_department=Research, Labs').filters.department).toEqual([
      'Research',
      'Labs',
    ]);
  });

  it('ignores a bad start, sort or pid', () => {
    const address = readSearchAddress('/careers', '?start=-10&sort_by=price&pid=abc');
    expect(address).toMatchObject({ start: 0, sortBy: null, pid: null });
  });

  it('blanks the map names (with the map distance and bounds) when booting, not afterwards', () => {
    const area = '?location=Map%20Area&map_bounds=40,-80,45,-70';
    expect(readSearchAddress('/careers', area, {}, { boot: true })).toMatchObject({ location: '', mapBounds: null });
    expect(readSearchAddress('/careers', area)).toMatchObject({ location: 'Map Area', mapBounds: '40,-80,45,-70' });
    const pin = '?location=Map%20Location%3A%3A%3A43.65,-79.38&filter_distance=0';
    expect(readSearchAddress('/careers', pin, {}, { boot: true })).toMatchObject({ location: '', filters: {} });
  });
});

describe('writing a search address and its call', () => {
  it('leaves empty values out, and round-trips', () => {
    expect(searchAddressQuery(EMPTY_SEARCH)).toBe('');
    const state = { ...EMPTY_SEARCH, query: 'nurse', start: 10, filters: { department: ['Care', 'ICU'] } };
    const query = searchAddressQuery(state);
    expect(query).toBe('?query=nurse&start=10&filter_department=Care%2CICU');
    expect(readSearchAddress('/careers', query)).toEqual(state);
  });

  it('sends a Map Area search as map_bounds without a location, and never the open position', () => {
    const call = searchCall(
      { ...EMPTY_SEARCH, location: 'Map Area', mapBounds: '40,-80,45,-70', pid: 7, sortBy: 'date' },
      'acme.example',
    );
    expect(call).toEqual({
      url: '/api/pcsx/search',
      params: { domain: 'acme.example', map_bounds: '40,-80,45,-70', sort_by: 'date' },
    });
  });

  it('sends a Map Location with its coordinates and the distance filter', () => {
    const call = searchCall(
      { ...EMPTY_SEARCH, location: 'Map Location:::43.65,-79.38', filters: { distance: ['0'] } },
      'acme.example',
    );
    expect(call.params).toEqual({
      domain: 'acme.example',
      location: 'Map Location:::43.65,-79.38',
      filter_distance: ['0'],
    });
  });
});
