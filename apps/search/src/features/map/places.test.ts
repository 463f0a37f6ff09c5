import type { MapMarker } from '@careers/shared/contract';
import { placesKey, splitMarkers, toMapBounds } from './places';

const marker = (id: string, overrides: Partial<MapMarker> = {}): MapMarker => ({
  id,
  latlong: { lat: 43.65, lng: -79.38 },
  count: 1,
  location: 'Toronto',
  is_remote: false,
  ...overrides,
});

it('draws on-site places and counts the jobs of remote markers instead of drawing them', () => {
  const result = splitMarkers([
    marker('a', { count: 4 }),
    marker('b:remote', { is_remote: true, count: 3 }),
    marker('c:remote', { is_remote: true, count: 2 }),
    marker('bad', { latlong: { lat: Number.NaN, lng: 0 } }),
    marker('far', { latlong: { lat: 91, lng: 0 } }),
  ]);
  expect(result.places.map((p) => p.id)).toEqual(['a']);
  expect(result.remoteJobs).toBe(5);
});

it('writes bounds as the search sends them: ordered, clamped, without exponent form', () => {
  expect(toMapBounds({ south: 45.123456789, west: -73.9, north: 45.7, east: -73.4 })).toEqual({
    south: 45.123457,
    west: -73.9,
    north: 45.7,
    east: -73.4,
  });
  expect(toMapBounds({ south: -95, west: -190, north: 0.0000000001, east: 200 })).toEqual({
    south: -90,
    west: -180,
    north: 0,
    east: 180,
  });
  // West > east crosses the antimeridian and is kept as is.
  expect(toMapBounds({ south: -10, west: 170, north: 10, east: -170 })).toEqual({
    south: -10,
    west: 170,
    north: 10,
    east: -170,
  });
});

it('keys a set of places by ids, whatever their order', () => {
  expect(placesKey([marker('b'), marker('a')])).toBe(placesKey([marker('a'), marker('b')]));
});
