/**
 * The search call repeats `filter_{name}` per value, while the page's address keeps a filter's values comma-joined
 * (docs/product/search.md#filters). GET /api/pcsx/search takes both, and a mix: the same values give the same answer. A
 * value holding a comma is percent-encoded inside the value in either form
 * (`behaviourFlags.enableCommaInFilterValues`): a single parameter cannot otherwise be told from a comma-joined list.
 */
import { createEmployerRepository } from '../src/employers/repository';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import type { SearchData } from '../src/contract';
import { TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
const NOW = new Date();
const DOMAIN = 'filters.example';
const TORONTO = { name: 'Toronto, ON, Canada', lat: 43.6532, lng: -79.3832 };
const PARIS = { name: 'Paris, France', lat: 48.8566, lng: 2.3522 };
const OSLO = { name: 'Oslo, Norway', lat: 59.9139, lng: 10.7522 };
let visitor: TestClient;

const position = (title: string, department: string, locations: NewPosition['locations']): NewPosition => ({
  domain: DOMAIN,
  title,
  description: `<p>${title}</p>`,
  department,
  employmentType: 'Full-time',
  remote: false,
  skills: ['Planning'],
  locations,
  postedAt: new Date(NOW.getTime() - 3600 * 1000).toISOString(),
});

beforeAll(async () => {
  await createEmployerRepository(ctx.db).create(
    { domain: DOMAIN, companyName: 'Filters', notificationsEnabled: false, actionRequiredConfigured: false },
    NOW,
  );
  await insertPositions(ctx.db, [
    position('Planner A', 'Finance', [TORONTO]),
    position('Planner B', 'People', [PARIS]),
    position('Planner C', 'Sales', [OSLO]),
    position('Planner D', 'Finance', [PARIS, OSLO]),
  ]);
  visitor = new TestClient(ctx.app);
});

async function search(query: string): Promise<SearchData> {
  const res = await visitor.get(`/api/pcsx/search?domain=${DOMAIN}&sort_by=date&${query}`);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
  return res.json().data as SearchData;
}

/** What must not depend on the form: the count, the page, the filters as applied and their option counts. */
const answer = (data: SearchData) => ({
  count: data.count,
  ids: data.positions.map((p) => p.id),
  applied: data.appliedFilters,
  facets: data.filterDef.allFilters,
});

describe('filter_{name}: repeated per value in a call, or comma-joined in an address', () => {
  it('gives the same answer in both forms and in a mix', async () => {
    const joined = await search('filter_department=Finance,People');
    expect(joined.count).toBe(3);
    expect(joined.appliedFilters).toEqual({ department: ['Finance', 'People'] });
    expect(answer(await search('filter_department=Finance&filter_department=People'))).toEqual(answer(joined));
    const three = await search('filter_department=Finance,People,Sales');
    expect(answer(await search('filter_department=Finance&filter_department=People,Sales'))).toEqual(answer(three));
    // A value repeated, or empty, counts once / not at all.
    expect(
      answer(
        await search('filter_department=Finance&filter_department=&filter_department=People&filter_department=Finance'),
      ),
    ).toEqual(answer(joined));
  });

  it('a value holding a comma, percent-encoded inside the value, in either form', async () => {
    const toronto = encodeURIComponent(encodeURIComponent(TORONTO.name));
    const paris = encodeURIComponent(encodeURIComponent(PARIS.name));
    const joined = await search(`filter_location=${toronto},${paris}`);
    expect(joined.count).toBe(3);
    expect(joined.appliedFilters).toEqual({ location: [TORONTO.name, PARIS.name] });
    expect(answer(await search(`filter_location=${toronto}&filter_location=${paris}`))).toEqual(answer(joined));
    // With other filters, each repeated the same way.
    const both = await search(`filter_location=${toronto}&filter_location=${paris}&filter_department=Finance`);
    expect(both.count).toBe(2);
    expect(answer(await search(`filter_location=${toronto},${paris}&filter_department=Finance`))).toEqual(answer(both));
  });

  it('a repeated filter that takes one value is refused as the joined one is (400 naming it)', async () => {
    for (const query of ['filter_distance=10&filter_distance=20', 'filter_distance=10,20']) {
      const res = await visitor.get(`/api/pcsx/search?domain=${DOMAIN}&location=Toronto&${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'filter_distance' });
    }
  });
});
