/**
 * The in-memory facet index of job search agrees with the search's SQL conditions: the count, and each filter
 * option's count (the positions the search would find with that option chosen instead), for keyword, place,
 * distance, map-area and filter searches; and it sees writes made with plain SQL at once (data version).
 */
import { sql } from 'kysely';
import { databaseKind } from '../src/db/dialect';
import { createBoilerplate } from '../src/positions/boilerplate';
import { generateDemoPositions } from '../src/positions/demo-positions';
import { createFacetIndexes } from '../src/positions/facet-index';
import { insertPositions } from '../src/positions/repository';
import { FILTERS, readFilter } from '../src/positions/filters';
import { createSearch, type SearchInput } from '../src/positions/search';
import { fts5Query, queryWords, tsQuery } from '../src/positions/text';
import { DEMO_DOMAIN, useTestApp } from './helpers';

const ctx = useTestApp();
const NOW = new Date();
let allIds: number[] = [];

beforeAll(async () => {
  allIds = await insertPositions(
    ctx.db,
    generateDemoPositions({ domain: DEMO_DOMAIN, count: 1200, now: NOW, seed: 3 }),
  );
});

const input = (over: Partial<SearchInput>): SearchInput => ({
  domain: DEMO_DOMAIN,
  now: NOW.toISOString(),
  query: '',
  filters: {},
  placeName: null,
  origin: null,
  bounds: null,
  sort: 'relevance',
  start: 0,
  num: 10,
  ...over,
});

const toronto = { name: 'Toronto', lat: 43.6532, lng: -79.3832 };

/**
 * The in-memory engine's count and its option counts (the first four of every filter, each chosen instead of the
 * filter's applied values, read by the filter's own entry of the table) equal the SQL conditions' matches.
 */
async function expectEnginesAgree(base: SearchInput): Promise<void> {
  const search = createSearch(ctx.db);
  const result = await search.run(base);
  expect(result.count).toBe((await search.matchingIds(base, allIds)).length);
  expect(result.count).toBeGreaterThan(0);
  expect(result.facets.map((facet) => facet.filterName)).toEqual(
    FILTERS.map(({ name }) => name).filter((name) => name !== 'distance' || base.origin !== null),
  );
  for (const facet of result.facets) {
    expect(facet.options.length).toBeGreaterThan(0);
    for (const option of facet.options.slice(0, 4)) {
      const name = facet.filterName as (typeof FILTERS)[number]['name'];
      const chosen = { ...base, filters: { ...base.filters, [name]: readFilter(name, [option.value]) } };
      expect([facet.filterName, option.value, option.count]).toEqual([
        facet.filterName,
        option.value,
        (await search.matchingIds(chosen, allIds)).length,
      ]);
    }
  }
  const markerTotal = result.markers.reduce((sum, marker) => sum + marker.count, 0);
  expect(markerTotal).toBeGreaterThanOrEqual(result.markers.length);
}

describe('search facets', () => {
  it.each<[string, Partial<SearchInput>]>([
    ['everything', {}],
    ['a keyword', { query: 'engineer' }],
    // Employer boilerplate (decision 017): "robot" is in every description, so it matches outside them only.
    ['a boilerplate word', { query: 'robot' }],
    ['a boilerplate word and a prefix', { query: 'robots eng' }],
    [
      'a keyword and two filters',
      { query: 'python', filters: { department: ['Data Science'], employment_type: ['Full-time'] } },
    ],
    ['a place with distance and a filter', { origin: toronto, filters: { distance: 250, skills: ['SQL', 'Python'] } }],
    ['a typed place name, remote only', { placeName: 'montreal', filters: { remote: true } }],
    [
      'a map area and places',
      {
        bounds: { south: 30, west: -130, north: 55, east: -60 },
        filters: { location: ['Toronto, ON, Canada', 'Seattle, WA, United States'] },
      },
    ],
  ])('count and option counts match the SQL conditions: %s', async (_name, over) => {
    await expectEnginesAgree(input(over));
  });

  // Every filter of the table (filters.ts), chosen alone with its most frequent option, from a place with
  // coordinates so that the distance filter is offered too.
  it.each(FILTERS.map(({ name }) => name))(
    'count and option counts match the SQL conditions with one filter of the table: %s',
    async (name) => {
      const base = input({ origin: toronto, filters: { distance: 250 } });
      const offered = (await createSearch(ctx.db).run(base)).facets.find((facet) => facet.filterName === name);
      const value = offered?.options[0]?.value;
      expect([name, value]).toEqual([name, expect.any(String)]);
      await expectEnginesAgree({ ...base, filters: { ...base.filters, [name]: readFilter(name, [value!]) } });
    },
  );

  it("gives relevance pages in the database's own order, the same when the words are searched again", async () => {
    const search = createSearch(ctx.db);
    /** Every open match of the search, in the engine's rank order (ties: newest first), straight from SQL. */
    const expected = async (over: Partial<SearchInput>) => {
      const base = input(over);
      const words = queryWords(base.query);
      // The employer's boilerplate words match outside the description only (decision 017).
      const index = await createFacetIndexes(ctx.db).get(DEMO_DOMAIN);
      const mask = await createBoilerplate(ctx.db).notInDescription(DEMO_DOMAIN, index, words, NOW.getTime());
      const { rows } =
        databaseKind(ctx.db) === 'postgres'
          ? await sql<{
              id: number;
            }>`select id from positions where domain = ${DEMO_DOMAIN} and search_vector @@ to_tsquery('english', ${tsQuery(words, mask)}) order by ts_rank(search_vector, to_tsquery('english', ${tsQuery(words, mask)})) desc, posted_at desc, id desc`.execute(
              ctx.db,
            )
          : await sql<{
              id: number;
            }>`select f.rowid as id from positions_fts f join positions p on p.id = f.rowid where positions_fts match ${fts5Query(words, mask)} order by bm25(positions_fts, 10.0, 4.0, 4.0, 1.0), p.posted_at desc, p.id desc`.execute(
              ctx.db,
            );
      const kept = new Set(await search.matchingIds(base, allIds));
      return rows.map((row) => Number(row.id)).filter((id) => kept.has(id));
    };
    const cases: Array<Partial<SearchInput>> = [
      { query: 'engineer' },
      { query: 'engineer', filters: { department: ['Robotics'] } },
      { query: 'engineer', filters: { remote: true, employment_type: ['Full-time'] } },
      { query: 'python' },
      { query: 'senior eng' },
      { query: 'robot' },
      { query: 'robot engineer' },
    ];
    // Deep pages first, then the first page, then all again: the remembered best rows must be extended, and
    // reused, without changing any page.
    for (const round of [1, 2]) {
      for (const over of cases) {
        const order = await expected(over);
        expect(order.length).toBeGreaterThan(round === 1 ? 0 : -1);
        for (const start of round === 1 ? [order.length - 3, 100, 0] : [0, 100, order.length - 3]) {
          const from = Math.max(0, start);
          const result = await search.run(input({ ...over, start: from, num: 10 }));
          expect([over, from, result.ids]).toEqual([over, from, order.slice(from, from + 10)]);
          expect(result.count).toBe(order.length);
        }
      }
    }
  });

  it('sees positions archived and added with plain SQL or the repository on the next search', async () => {
    const search = createSearch(ctx.db);
    const before = await search.run(input({ query: 'engineer', sort: 'date' }));
    const newest = before.ids[0]!;
    await sql`update positions set archived_at = ${NOW.toISOString()} where id = ${newest}`.execute(ctx.db);
    const after = await search.run(input({ query: 'engineer', sort: 'date' }));
    expect(after.count).toBe(before.count - 1);
    expect(after.ids).not.toContain(newest);
    await sql`update positions set archived_at = null where id = ${newest}`.execute(ctx.db);
    const [added] = await insertPositions(ctx.db, [
      {
        domain: DEMO_DOMAIN,
        title: 'Wombat Engineer',
        description: '<p>Wombats</p>',
        department: 'Wombat Care',
        employmentType: 'Full-time',
        remote: false,
        skills: ['Digging'],
        locations: [{ name: 'Canberra, Australia', lat: -35.2809, lng: 149.13 }],
        postedAt: NOW.toISOString(),
      },
    ]);
    const again = await search.run(input({ query: 'engineer', sort: 'date' }));
    expect(again.count).toBe(before.count + 1);
    expect(again.ids[0]).toBe(added);
    expect(again.facets.find((facet) => facet.filterName === 'department')?.options).toContainEqual({
      label: 'Wombat Care',
      value: 'Wombat Care',
      count: 1,
    });
    expect(again.markers).toContainEqual(
      expect.objectContaining({ location: 'Canberra, Australia', count: 1, is_remote: false }),
    );
  });
});
