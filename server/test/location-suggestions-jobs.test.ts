/**
 * Issue 22, item 9: location suggestions put cities with no jobs first ("wat" offered Waterbury and Waterloo, Iowa
 * before Waterloo, Ontario, where the demo employer hires). The cities of the employer's open positions now come
 * first, in the gazetteer's order among themselves, then the others as before. The employer is the `domain`
 * parameter, else the default one (the route reads no session: its answer is publicly cacheable).
 */
import { createEmployerRepository } from '../src/employers/repository';
import { gazetteer } from '../src/geo/gazetteer';
import { LOCATION_SUGGESTIONS_CACHE_CONTROL } from '../src/geo/routes';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import type { LocationSuggestion } from '../src/contract';
import { DEMO_DOMAIN, TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
const NOW = new Date();
const DAY = 24 * 3600 * 1000;
const OTHER = 'nojobs.example';
let visitor: TestClient;

const position = (locations: NewPosition['locations'], changes: Partial<NewPosition> = {}): NewPosition => ({
  domain: DEMO_DOMAIN,
  title: 'Site Technician',
  description: '<p>Site Technician</p>',
  department: 'Operations',
  employmentType: 'Full-time',
  remote: false,
  skills: [],
  locations,
  postedAt: new Date(NOW.getTime() - DAY).toISOString(),
  ...changes,
});

beforeAll(async () => {
  await createEmployerRepository(ctx.db).create(
    { domain: OTHER, companyName: 'No Jobs Inc', notificationsEnabled: false, actionRequiredConfigured: false },
    NOW,
  );
  await insertPositions(ctx.db, [
    position([{ name: 'Waterloo, ON, Canada', lat: 43.4643, lng: -80.5204 }]),
    // Two cities of one position; the Paris of Texas, not of France.
    position([
      { name: 'Paris, TX, United States', lat: 33.6609, lng: -95.5555 },
      { name: 'Ottawa, ON, Canada', lat: 45.4215, lng: -75.6972 },
    ]),
    // A name the gazetteer does not know: the city is the nearest one to its coordinates.
    position([{ name: 'Acme Campus North, Reykjavík', lat: 64.1466, lng: -21.9426 }]),
    // Closed positions are no jobs: archived in Springfield, Missouri; expired in Watford.
    position([{ name: 'Springfield, MO, United States', lat: 37.2089, lng: -93.2923 }], {
      archivedAt: new Date(NOW.getTime() - DAY).toISOString(),
    }),
    position([{ name: 'Watford, United Kingdom', lat: 51.6565, lng: -0.3903 }], {
      validThrough: new Date(NOW.getTime() - DAY).toISOString(),
    }),
  ]);
  visitor = new TestClient(ctx.app);
  // The gazetteer loads at its first use (about 0.3 s idle, seconds on a loaded machine): a wait, not a bound.
  gazetteer();
}, 30_000);

async function labels(query: string, domain?: string, limit = 5): Promise<string[]> {
  const params = new URLSearchParams({ query, limit: String(limit), ...(domain ? { domain } : {}) });
  const res = await visitor.get(`/api/pcsx/location_suggestions?${params.toString()}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe(LOCATION_SUGGESTIONS_CACHE_CONTROL);
  expect(res.headers['set-cookie']).toBeUndefined();
  return (res.json() as { data: { suggestions: LocationSuggestion[] } }).data.suggestions.map((s) => s.label);
}

describe('location suggestions: cities with open positions first (item 9)', () => {
  it('puts the employer’s cities first, then the gazetteer’s order', async () => {
    // An employer without positions: the gazetteer's order (largest first).
    const plain = await labels('wat', OTHER);
    expect(plain.slice(0, 3)).toEqual([
      'Waterbury, Connecticut, United States',
      'Waterloo, Iowa, United States',
      'Waterloo, Ontario, Canada',
    ]);
    const preferred = await labels('wat', DEMO_DOMAIN);
    expect(preferred[0]).toBe('Waterloo, Ontario, Canada');
    // The rest keep their order; nothing is lost but the last one pushed out.
    expect(preferred.slice(1)).toEqual(plain.filter((label) => label !== 'Waterloo, Ontario, Canada').slice(0, 4));
    expect((await labels('paris', OTHER))[0]).toBe('Paris, Île-de-France, France');
    expect((await labels('paris', DEMO_DOMAIN)).slice(0, 2)).toEqual([
      'Paris, Texas, United States',
      'Paris, Île-de-France, France',
    ]);
    expect((await labels('rey', OTHER))[0]).toBe('Reynosa, Tamaulipas, Mexico');
    expect((await labels('rey', DEMO_DOMAIN))[0]).toBe('Reykjavík, Iceland');
  });

  it('the default employer when no domain is sent (the search widget sends none)', async () => {
    expect((await labels('wat'))[0]).toBe('Waterloo, Ontario, Canada');
    // An unknown domain prefers nothing, and still answers.
    expect(await labels('wat', 'unknown.example')).toEqual(await labels('wat', OTHER));
  });

  it('only open positions count; a qualifier or a country still narrows', async () => {
    expect(await labels('spring', DEMO_DOMAIN)).toEqual(await labels('spring', OTHER));
    expect((await labels('watf', DEMO_DOMAIN))[0]).toBe((await labels('watf', OTHER))[0]);
    expect(await labels('paris, france', DEMO_DOMAIN)).toEqual(await labels('paris, france', OTHER));
    expect((await labels('united states', DEMO_DOMAIN))[0]).toBe('Paris, Texas, United States');
  });

  it('sees a new opening on the next call (no stale preference inside the server)', async () => {
    expect((await labels('san', DEMO_DOMAIN))[0]).toBe('Santiago, Región Metropolitana, Chile');
    await insertPositions(ctx.db, [position([{ name: 'San Diego, CA, United States', lat: 32.7157, lng: -117.1611 }])]);
    expect((await labels('san', DEMO_DOMAIN))[0]).toBe('San Diego, California, United States');
  });
});
