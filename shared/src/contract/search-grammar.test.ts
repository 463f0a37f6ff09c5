import {
  decodeFilterValue,
  encodeFilterValue,
  filterValueParts,
  formatLocationText,
  hasControlCharacters,
  joinFilterValues,
  locationName,
  parseLocationText,
  specialLocation,
} from './search-grammar';

describe('the location grammar', () => {
  it('reads a place name, a special location and a place with coordinates', () => {
    expect(parseLocationText('  Toronto, ON ')).toEqual({ name: 'Toronto, ON', point: null, invalid: false });
    expect(parseLocationText('Toronto:::43.6532,-79.3832')).toEqual({
      name: 'Toronto',
      point: { lat: 43.6532, lng: -79.3832 },
      invalid: false,
    });
    expect(parseLocationText(':::0, 180 ')).toEqual({ name: '', point: { lat: 0, lng: 180 }, invalid: false });
    expect(specialLocation(' REMOTE ')).toBe('remote');
    expect(specialLocation('current location:::43.65,-79.43')).toBe('currentLocation');
    expect(specialLocation('Map Area')).toBe('mapArea');
    expect(specialLocation('Remote, Canada')).toBeNull();
    expect(locationName(' Map Location :::1,2')).toBe('Map Location');
  });

  it('gives back the same place from what it wrote (round trip)', () => {
    for (const point of [
      { lat: 43.6532, lng: -79.3832 },
      { lat: -90, lng: 180 },
      { lat: 0, lng: -0.5 },
      { lat: 64.1466, lng: -21.9426 },
    ]) {
      const text = formatLocationText('Map Location', point);
      expect(parseLocationText(text)).toEqual({ name: 'Map Location', point, invalid: false });
      expect(specialLocation(text)).toBe('mapLocation');
    }
    // Coordinates already rounded as text keep their digits.
    expect(formatLocationText('current location', { lat: '43.6500', lng: '-79.4300' })).toBe(
      'current location:::43.6500,-79.4300',
    );
  });

  it('reports coordinates that are not latitude,longitude within range, keeping the name', () => {
    for (const text of [
      'x:::95,0',
      'x:::0,181',
      'x:::43.6',
      'x:::a,b',
      'x:::1e1,2',
      'x:::+1,2',
      'x:::.5,2',
      'x:::1,2,3',
      'x:::1234,2',
      'x:::',
    ]) {
      expect([text, parseLocationText(text)]).toEqual([text, { name: 'x', point: null, invalid: true }]);
    }
    // The first `:::` separates: the rest must be coordinates.
    expect(parseLocationText('a:::b:::1,2').invalid).toBe(true);
  });
});

describe('the filter grammar', () => {
  it('splits repeated and comma-joined values, and decodes a percent-encoded one', () => {
    expect(filterValueParts(undefined)).toEqual([]);
    expect(filterValueParts('a,b')).toEqual(['a', 'b']);
    expect(filterValueParts(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(decodeFilterValue('Sales%2C%20North')).toBe('Sales, North');
    expect(decodeFilterValue('100% remote')).toBe('100% remote');
    expect(decodeFilterValue('%E0%A4%A')).toBeNull();
    expect(hasControlCharacters('a\u0007b')).toBe(true);
    expect(hasControlCharacters('Zürich, Genève')).toBe(false);
  });

  it('gives back the same values from what it wrote (round trip)', () => {
    const values = ['Sales, North', 'R&D', '100%', 'Data Science'];
    const sent = values.map(encodeFilterValue).join(',');
    expect(filterValueParts(sent).map(decodeFilterValue)).toEqual(values);
    // With the comma flag only values holding a comma are encoded; without it they are sent as they are.
    expect(joinFilterValues(['Sales, North', 'R&D'], true)).toBe('Sales%2C%20North,R&D');
    expect(joinFilterValues(['Sales, North', 'R&D'], false)).toBe('Sales, North,R&D');
    expect(filterValueParts(joinFilterValues(['Sales, North', 'R&D'], true)).map(decodeFilterValue)).toEqual([
      'Sales, North',
      'R&D',
    ]);
  });
});
