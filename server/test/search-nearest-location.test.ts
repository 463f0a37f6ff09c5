/**
 * Issue 22, defect 6 (server side): a result with several locations showed one place with another place's
 * distance ("Berlin, Germany · 28 km away" in a Toronto search). When the search has a place with coordinates,
 * each position's `locations` come nearest first, and `location` and `distance_km` are those of `locations[0]`;
 * without one, the employer's order stands and `distance_km` is null. The response shape does not change.
 */
import { createEmployerRepository } from '../src/employers/repository';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import type { PositionSummary, SearchData } from '../src/contract';
import { TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
const NOW = new Date();
const DOMAIN = 'multisite.example';
const BERLIN = { name: 'Berlin, Germany', lat: 52.52, lng: 13.405 };
const MISSISSAUGA = { name: 'Mississauga, ON, Canada', lat: 43.589, lng: -79.6441 };
const MADRID = { name: 'Madrid, Spain', lat: 40.4168, lng: -3.7038 };
const AUCKLAND = { name: 'Auckland, New Zealand', lat: -36.8485, lng: 174.7633 };
const OTTAWA = { name: 'Ottawa, ON, Canada', lat: 45.4215, lng: -75.6972 };
const TORONTO = { lat: 43.6532, lng: -79.3832 };
let visitor: TestClient;
const ids = { spread: 0, ottawaFirst: 0, remote: 0 };

const position = (title: string, locations: NewPosition['locations'], remote = false): NewPosition => ({
  domain: DOMAIN,
  title,
  description: `<p>${title}</p>`,
  department: 'Operations',
  employmentType: 'Full-time',
  remote,
  skills: ['Logistics'],
  locations,
  postedAt: new Date(NOW.getTime() - 24 * 3600 * 1000).toISOString(),
});

/** The great-circle distance the search uses (mean radius 6371 km), rounded as the answer rounds it. */
const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
};

beforeAll(async () => {
  await createEmployerRepository(ctx.db).create(
    { domain: DOMAIN, companyName: 'Multisite', notificationsEnabled: false, actionRequiredConfigured: false },
    NOW,
  );
  [ids.spread, ids.ottawaFirst, ids.remote] = (await insertPositions(ctx.db, [
    position('Fleet Planner', [BERLIN, MISSISSAUGA, MADRID, AUCKLAND]),
    position('Depot Lead', [OTTAWA, AUCKLAND, MISSISSAUGA]),
    position('Remote Dispatcher', [], true),
  ])) as [number, number, number];
  visitor = new TestClient(ctx.app);
  await visitor.get('/careers/login');
});

async function search(query: string): Promise<SearchData> {
  const res = await visitor.get(`/api/pcsx/search?domain=${DOMAIN}&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as SearchData;
}

const byId = (data: SearchData) => new Map<number, PositionSummary>(data.positions.map((p) => [p.id, p]));

describe('several locations and a searched place (defect 6)', () => {
  it.each([
    ['a place with coordinates', `location=${encodeURIComponent('Toronto:::43.6532,-79.3832')}&filter_distance=250`],
    ['a place by name, sorted by distance', 'location=Toronto&filter_distance=250&sort_by=distance'],
  ])(
    '%s: locations nearest first, with the distance of the first',
    async (_name, query) => {
      const data = await search(query);
      const origin = data.resultsMetaData.origin!;
      expect(km(origin, TORONTO)).toBeLessThan(20);
      const found = byId(data);
      const spread = found.get(ids.spread)!;
      // Before: "Berlin, Germany" with Mississauga's distance.
      expect(spread.locations.map((l) => l.name)).toEqual([MISSISSAUGA.name, MADRID.name, BERLIN.name, AUCKLAND.name]);
      expect(spread.location).toBe(MISSISSAUGA.name);
      expect(spread.distance_km).toBe(km(origin, MISSISSAUGA));
      const depot = found.get(ids.ottawaFirst)!;
      expect(depot.locations.map((l) => l.name)).toEqual([MISSISSAUGA.name, OTTAWA.name, AUCKLAND.name]);
      expect(depot.location).toBe(MISSISSAUGA.name);
      expect(depot.distance_km).toBe(km(origin, MISSISSAUGA));
      // Every card: its distance is its first location's.
      for (const p of data.positions) expect([p.id, p.distance_km]).toEqual([p.id, km(origin, p.locations[0]!)]);
      expect(found.has(ids.remote)).toBe(false);
      // The gazetteer loads at its first use (about 0.3 s idle, seconds on a loaded machine): a wait, not a bound.
    },
    30_000,
  );

  it('the nearest location is the one a farther search place makes first', async () => {
    // From Madrid, the same position's first place is Madrid (0 km), then Berlin.
    const data = await search(`location=${encodeURIComponent('Madrid:::40.4168,-3.7038')}&filter_distance=10`);
    const spread = byId(data).get(ids.spread)!;
    expect(spread.locations.map((l) => l.name)).toEqual([MADRID.name, BERLIN.name, MISSISSAUGA.name, AUCKLAND.name]);
    expect([spread.location, spread.distance_km]).toEqual([MADRID.name, 0]);
    expect(byId(data).has(ids.ottawaFirst)).toBe(false);
  });

  it('the map: each position has one pin, at its nearest place, with a searched place; every place without one', async () => {
    // Before: a Toronto search drew pins in Berlin, Madrid and Auckland for the positions also open there.
    const near = await search(`location=${encodeURIComponent('Toronto:::43.6532,-79.3832')}&filter_distance=250`);
    expect(near.markers.map((m) => [m.location, m.count])).toEqual([[MISSISSAUGA.name, 2]]);
    const everywhere = await search('sort_by=date');
    expect(new Set(everywhere.markers.map((m) => m.location))).toEqual(
      new Set([BERLIN.name, MISSISSAUGA.name, MADRID.name, AUCKLAND.name, OTTAWA.name]),
    );
  });

  it('without a place: the employer’s order, no distance; a remote position without a place says Remote', async () => {
    const data = await search('sort_by=date');
    const found = byId(data);
    const spread = found.get(ids.spread)!;
    expect(spread.locations.map((l) => l.name)).toEqual([BERLIN.name, MISSISSAUGA.name, MADRID.name, AUCKLAND.name]);
    expect([spread.location, spread.distance_km]).toEqual([BERLIN.name, null]);
    expect([found.get(ids.remote)!.location, found.get(ids.remote)!.distance_km]).toEqual(['Remote', null]);
    // A remote search: no coordinates, so no distance either.
    const remote = await search('location=Remote');
    expect(remote.positions.map((p) => [p.id, p.distance_km])).toEqual([[ids.remote, null]]);
  });
});
