/**
 * Job search and positions (docs/product/search.md, docs/product/positions-and-map.md) on SQLite and PostgreSQL:
 * full-text search with ranking, filters with counts, place, distance and map area, paging, markers, suggestions,
 * position details, match details, insights, overrides, the job cart and saved positions. Expected numbers come from
 * the generator's own list (an oracle apart from the database), never from the search itself.
 */
import { Value } from '@sinclair/typebox/value';
import {
  JobCartResponse,
  MatchDetailsResponse,
  PositionDetailsResponse,
  PositionInsightsResponse,
  SavedPositionsResponse,
  SearchResponse,
  type PositionSummary,
  type SearchData,
} from '../src/contract';
import { createEmployerRepository } from '../src/employers/repository';
import { DEMO_CITIES, generateDemoPositions, seedDemoSearchData } from '../src/positions/demo-positions';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import { DEMO_DOMAIN, demoClients, type TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
const NOW = new Date();
const DAY = 24 * 3600 * 1000;
/** The demo positions as generated: the oracle. */
const generated = generateDemoPositions({ domain: DEMO_DOMAIN, count: 2000, now: NOW });
const isOpen = (position: NewPosition) =>
  !position.archivedAt && (!position.validThrough || position.validThrough > NOW.toISOString());
const open = generated.filter(isOpen);

let casey: TestClient;
let olive: TestClient;
let visitor: TestClient;
/** Positions added by the tests: open, archived, expired; and one of another employer. */
const ids = { quokka: 0, zebra: 0, yak: 0, globex: 0, future: 0 };

const extra = (title: string, changes: Partial<NewPosition> = {}): NewPosition => ({
  domain: DEMO_DOMAIN,
  title,
  description: `<p>${title}</p>`,
  department: 'Zoology',
  employmentType: 'Full-time',
  remote: false,
  skills: ['Animal Care'],
  locations: [{ name: 'Acme Campus North, Reykjavík', lat: 64.1466, lng: -21.9426 }],
  postedAt: new Date(NOW.getTime() - 3 * DAY).toISOString(),
  ...changes,
});

beforeAll(async () => {
  expect(await seedDemoSearchData(ctx.db, NOW)).toBe(true);
  await createEmployerRepository(ctx.db).create(
    { domain: 'globex.example', companyName: 'Globex', notificationsEnabled: false, actionRequiredConfigured: false },
    NOW,
  );
  const added = await insertPositions(ctx.db, [
    extra('Quokka Keeper'),
    extra('Zebra Wrangler', { archivedAt: new Date(NOW.getTime() - DAY).toISOString() }),
    extra('Yak Shaver', { validThrough: new Date(NOW.getTime() - DAY).toISOString() }),
    extra('Future Falconer', { postedAt: new Date(NOW.getTime() + 5 * DAY).toISOString() }),
    extra('Globex Quokka Keeper', { domain: 'globex.example' }),
  ]);
  [ids.quokka, ids.zebra, ids.yak, ids.future, ids.globex] = added as [number, number, number, number, number];
  ({ casey, olive, visitor } = await demoClients(ctx.app));
});

async function search(query: string, client: TestClient = visitor): Promise<SearchData> {
  const res = await client.get(`/api/pcsx/search?domain=${DEMO_DOMAIN}&${query}`);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
  const body = res.json();
  expect([...Value.Errors(SearchResponse, body)]).toEqual([]);
  return body.data as SearchData;
}

const countBy = <T>(items: T[], key: (item: T) => string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) for (const value of new Set(key(item))) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};
const optionsOf = (data: SearchData, name: string) =>
  new Map(
    data.filterDef.allFilters.find((filter) => filter.filterName === name)!.options.map((o) => [o.value, o.count]),
  );
const haversine = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

describe('GET /api/pcsx/search', () => {
  it('answers every open position, newest first, 10 a page, with the fields of the search answer', async () => {
    const data = await search('');
    // The 2,000 demo positions that are open, and the open Quokka Keeper; never archived, expired or future ones.
    expect(data.count).toBe(open.length + 1);
    expect(open.length).toBeGreaterThan(1600);
    expect(open.length).toBeLessThan(generated.length);
    expect(data.positions).toHaveLength(10);
    expect(Object.keys(data).sort()).toEqual(
      [
        'appliedFilters',
        'count',
        'debug',
        'filterDef',
        'markers',
        'positions',
        'resultsMetaData',
        'savedSearchMetadata',
        'sortBy',
      ].sort(),
    );
    expect(data.debug).toBeNull();
    const dates = data.positions.map((p) => p.posted_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await search('start=10');
    expect(second.positions).toHaveLength(10);
    expect(second.positions.map((p) => p.id)).not.toEqual(expect.arrayContaining([data.positions[0]!.id]));
    expect(second.positions[0]!.posted_at <= dates[9]!).toBe(true);
    const last = await search(`start=${data.count - 3}`);
    expect(last.positions).toHaveLength(3);
    expect((await search(`start=${data.count}`)).positions).toEqual([]);
  });

  it('never shows archived, expired or not yet posted positions', async () => {
    for (const word of ['zebra', 'yak', 'falconer']) expect((await search(`query=${word}`)).count).toBe(0);
    const quokka = await search('query=quokka');
    expect(quokka.positions.map((p) => p.id)).toEqual([ids.quokka]);
  });

  it('full text: a skill word and its prefix find exactly the positions asking for it', async () => {
    const expected = open.filter((p) => p.skills.includes('Kubernetes')).length;
    expect(expected).toBeGreaterThan(10);
    expect((await search('query=kubernetes')).count).toBe(expected);
    expect((await search('query=Kubern')).count).toBe(expected);
    // Words are ANDed; the last one is a prefix.
    const both = open.filter((p) => p.skills.includes('Kubernetes') && p.skills.includes('PostgreSQL')).length;
    expect((await search('query=kubernetes%20postgre')).count).toBe(both);
    // Punctuation and query syntax are words, never syntax: no error.
    expect((await search(`query=${encodeURIComponent('"kubernetes" OR * NEAR( -x :')}`)).count).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('ranks by relevance: a title match comes before a description match', async () => {
    const data = await search('query=controls%20engineer&sort_by=relevance');
    expect(data.sortBy).toBe('relevance');
    const titles = data.positions.map((p) => p.name);
    expect(titles[0]).toMatch(/Controls Engineer/);
    const byDate = await search('query=controls%20engineer&sort_by=date');
    expect(byDate.count).toBe(data.count);
    const dates = byDate.positions.map((p) => p.posted_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters with counts: each filter counts with the other filters applied, not its own', async () => {
    const all = await search('');
    const byDepartment = countBy(open, (p) => [p.department]);
    expect(optionsOf(all, 'department')).toEqual(new Map([...byDepartment, ['Zoology', 1]]));
    const finance = await search('filter_department=Finance');
    const financeOpen = open.filter((p) => p.department === 'Finance');
    expect(finance.count).toBe(financeOpen.length);
    expect(finance.positions.every((p) => p.department === 'Finance')).toBe(true);
    expect(finance.appliedFilters).toEqual({ department: ['Finance'] });
    // Its own filter still offers every department; the others count Finance positions only.
    expect(optionsOf(finance, 'department').get('Sales')).toBe(byDepartment.get('Sales'));
    expect(optionsOf(finance, 'employment_type')).toEqual(countBy(financeOpen, (p) => [p.employmentType]));
    expect(optionsOf(finance, 'skills')).toEqual(countBy(financeOpen, (p) => p.skills));
    // Several values: comma-joined or repeated.
    const two = open.filter((p) => ['Finance', 'People'].includes(p.department)).length;
    expect((await search('filter_department=Finance,People')).count).toBe(two);
    expect((await search('filter_department=Finance&filter_department=People')).count).toBe(two);
    // Filters combine: department and employment type and skills.
    const combined = open.filter(
      (p) => p.department === 'Engineering' && p.employmentType === 'Contract' && p.skills.includes('Go'),
    ).length;
    expect((await search('filter_department=Engineering&filter_employment_type=Contract&filter_skills=Go')).count).toBe(
      combined,
    );
  });

  it('a value holding a comma arrives percent-encoded (enableCommaInFilterValues)', async () => {
    const toronto = 'Toronto, ON, Canada';
    const expected = open.filter((p) => p.locations.some((l) => l.name === toronto)).length;
    const data = await search(`filter_location=${encodeURIComponent(encodeURIComponent(toronto))}`);
    expect(data.count).toBe(expected);
    expect(data.appliedFilters).toEqual({ location: [toronto] });
  });

  it('remote: the filter and the special location', async () => {
    const remote = open.filter((p) => p.remote).length;
    expect((await search('filter_remote=true')).count).toBe(remote);
    expect((await search('location=Remote')).count).toBe(remote);
    expect((await search('filter_remote=false')).count).toBe(open.length + 1 - remote);
    expect(optionsOf(await search(''), 'remote')).toEqual(
      new Map([
        ['true', remote],
        ['false', open.length + 1 - remote],
      ]),
    );
  });

  it('a place name: geocoded by the gazetteer (100 km around), else matched by name; special names without coordinates are no filter', async () => {
    const geocoded = await search('location=montreal');
    const origin = geocoded.resultsMetaData.origin!;
    expect(origin.name).toMatch(/^Montr[eé]al, Quebec, Canada$/);
    expect(haversine(origin, { lat: 45.5017, lng: -73.5673 })).toBeLessThan(10);
    expect(geocoded.resultsMetaData.distanceKm).toBe(100);
    const expected = open.filter((p) => p.locations.some((l) => haversine(origin, l) <= 100)).length;
    expect(geocoded.count).toBe(expected);
    expect(expected).toBeGreaterThan(10);
    // Not a city the gazetteer knows: positions whose location name holds the text (case and accents ignored).
    const campus = await search('location=ACME%20campus');
    expect(campus.resultsMetaData.origin).toBeNull();
    expect(campus.positions.map((p) => p.id)).toEqual([ids.quokka]);
    expect((await search('location=Map%20Area')).count).toBe(open.length + 1);
    expect((await search('location=current%20location')).count).toBe(open.length + 1);
  });

  it('distance from a place with coordinates (Map Location): radius, distance 0, sort by distance', async () => {
    const origin = { lat: 43.6532, lng: -79.3832 };
    const location = encodeURIComponent('Toronto:::43.6532,-79.3832');
    const within = (km: number) =>
      open.filter((p) => p.locations.some((l) => haversine(origin, l) <= Math.max(km, 1))).length;
    const here = await search(`location=${location}&filter_distance=0`);
    expect(here.count).toBe(within(0));
    expect(here.positions.every((p) => p.locations.some((l) => l.name === 'Toronto, ON, Canada'))).toBe(true);
    const near = await search(`location=${location}&filter_distance=100&sort_by=distance`);
    expect(near.count).toBe(within(100));
    expect(near.count).toBeGreaterThan(here.count);
    expect(near.sortBy).toBe('distance');
    const distances = near.positions.map((p) => p.distance_km!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(near.resultsMetaData.origin).toEqual({ name: 'Toronto', ...origin });
    expect(near.resultsMetaData.sortOptions).toEqual(['relevance', 'date', 'distance']);
    expect(optionsOf(near, 'distance').get('250')).toBe(within(250));
    // Default radius: 100 km.
    expect((await search(`location=${location}`)).count).toBe(within(100));
    // Without coordinates, distance is not a sort: relevance is used.
    expect((await search('sort_by=distance')).sortBy).toBe('relevance');
  });

  it('map_bounds: positions with a location in the box (south,west,north,east), across the antimeridian too', async () => {
    const inBox = (s: number, w: number, n: number, e: number) =>
      open.filter((p) =>
        p.locations.some(
          (l) => l.lat >= s && l.lat <= n && (w <= e ? l.lng >= w && l.lng <= e : l.lng >= w || l.lng <= e),
        ),
      ).length;
    const europe = await search('map_bounds=35,-10,60,25');
    expect(europe.count).toBe(inBox(35, -10, 60, 25));
    expect(europe.count).toBeGreaterThan(0);
    expect(europe.markers.every((m) => m.latlong.lat >= 35 && m.latlong.lat <= 60)).toBe(true);
    const pacific = await search('map_bounds=-50,170,70,-150');
    expect(pacific.count).toBe(inBox(-50, 170, 70, -150));
    expect(pacific.positions.every((p) => p.locations.some((l) => l.lng >= 170 || l.lng <= -150))).toBe(true);
  });

  it('markers: one per place with the number of matching positions', async () => {
    const data = await search('');
    const atPlace = countBy(
      open.filter((p) => !p.remote),
      (p) => p.locations.map((l) => l.name),
    );
    const toronto = data.markers.find((m) => m.location === 'Toronto, ON, Canada' && !m.is_remote)!;
    expect(toronto.count).toBe(atPlace.get('Toronto, ON, Canada'));
    expect(toronto.latlong).toEqual({ lat: 43.6532, lng: -79.3832 });
    expect(new Set(data.markers.map((m) => m.id)).size).toBe(data.markers.length);
    expect(data.markers.some((m) => m.is_remote)).toBe(true);
    // Every size of cluster can be seen: single, under 10, under 60, larger.
    const sizes = data.markers.map((m) => m.count);
    expect(sizes.some((n) => n === 1)).toBe(true);
    expect(sizes.some((n) => n > 1 && n < 10)).toBe(true);
    expect(sizes.some((n) => n >= 10 && n < 60)).toBe(true);
    expect(sizes.some((n) => n >= 60)).toBe(true);
    expect(DEMO_CITIES.length).toBeGreaterThanOrEqual(60);
  });

  it('savedSearchMetadata, resultsMetaData and debug', async () => {
    const data = await search('query=%20robot%20&location=Remote&filter_department=Robotics&debug=1');
    // Saved searches are for signed-in candidates (server/test/saved-searches.test.ts).
    expect(data.savedSearchMetadata).toBeNull();
    expect(data.resultsMetaData).toMatchObject({ start: 0, num: 10, query: 'robot', location: 'Remote' });
    expect(data.debug).toEqual({
      engine: ctx.kind === 'postgres' ? 'postgresql tsvector' : 'sqlite fts5',
      tookMs: expect.any(Number),
    });
  });

  it.each([
    ['filter_colour=red', 'filter_colour'],
    ['start=-1', 'start'],
    ['start=abc', 'start'],
    ['num=1000', 'num'],
    ['map_bounds=1,2,3', 'map_bounds'],
    ['map_bounds=a,b,c,d', 'map_bounds'],
    ['map_bounds=91,0,95,10', 'map_bounds'],
    ['map_bounds=50,0,40,10', 'map_bounds'],
    ['map_bounds=10,190,20,200', 'map_bounds'],
    ['sort_by=salary', 'sort_by'],
    ['filter_remote=maybe', 'filter_remote'],
    ['filter_distance=far', 'filter_distance'],
    ['location=x:::100,200', 'location'],
    ['location=x:::north', 'location'],
    ['filter_department=%25E0%25A4%25A', 'filter_department'],
    ['domain=not%20a%20domain', 'domain'],
  ])('bad input %s → 400 naming %s', async (query, field) => {
    const res = await visitor.get(`/api/pcsx/search?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', field });
  });

  it('an unknown employer answers 404; another employer sees only its own positions', async () => {
    expect((await visitor.get('/api/pcsx/search?domain=nobody.example')).statusCode).toBe(404);
    const res = await visitor.get('/api/pcsx/search?domain=globex.example&query=quokka');
    expect(res.json().data.positions.map((p: PositionSummary) => p.id)).toEqual([ids.globex]);
  });
});

describe('GET /api/pcsx/search_suggestions', () => {
  it('suggests titles and skills by word prefix, titles first', async () => {
    const res = await visitor.get(`/api/pcsx/search_suggestions?domain=${DEMO_DOMAIN}&query=kube`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.suggestions).toEqual([{ term: 'Kubernetes', kind: 'skill' }]);
    const engineer = (await visitor.get(`/api/pcsx/search_suggestions?query=ENGIN&limit=20`)).json().data
      .suggestions as Array<{ term: string; kind: string }>;
    expect(engineer.map((s) => s.term)).toEqual(expect.arrayContaining(['Software Engineer', 'Controls Engineer']));
    expect(engineer.every((s) => s.kind === 'title')).toBe(true);
    expect(engineer.every((s) => /\bengin/i.test(s.term))).toBe(true);
    const accents = (await visitor.get(`/api/pcsx/search_suggestions?query=q`)).json().data.suggestions;
    expect(accents.map((s: { term: string }) => s.term)).toContain('Quality Engineer');
    expect((await visitor.get('/api/pcsx/search_suggestions?query=%21%21')).json().data.suggestions).toEqual([]);
    const bad = await visitor.get('/api/pcsx/search_suggestions?query=');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query');
  });
});

describe('position details, insights, overrides', () => {
  it('details: data and metadata.isFallback; closed, unknown or another employer’s → 404', async () => {
    const res = await visitor.get(`/api/pcsx/position_details?domain=${DEMO_DOMAIN}&position_id=${ids.quokka}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([...Value.Errors(PositionDetailsResponse, body)]).toEqual([]);
    expect(body.metadata).toEqual({ isFallback: false });
    expect(body.data).toMatchObject({ name: 'Quokka Keeper', description: '<p>Quokka Keeper</p>', archived_at: null });
    // Archived, expired, not yet posted: answered as unknown, like search (issue 21; hardening-public-surface.test.ts).
    for (const id of [ids.zebra, ids.yak, ids.future, ids.globex, 2147483647]) {
      const missing = await visitor.get(`/api/pcsx/position_details?domain=${DEMO_DOMAIN}&position_id=${id}`);
      expect(missing.statusCode).toBe(404);
    }
    expect((await visitor.get('/api/pcsx/position_details?position_id=0')).json().field).toBe('position_id');
  });

  it('insights are true facts: posted days ago, similar open positions, the team’s most asked skills', async () => {
    const generatedId = (await search('filter_department=Finance')).positions[0]!;
    const res = await visitor.get(`/api/pcsx/position_insights?position_id=${generatedId.id}`);
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(PositionInsightsResponse, res.json())]).toEqual([]);
    const insights = res.json().data.insights as Array<{ key: string; value: unknown; text: string }>;
    // Calendar days (UTC without a zone from the browser), as the position's own "Posted" line counts them.
    const utcDay = (ms: number) => Math.floor(ms / DAY);
    const days = utcDay(Date.now()) - utcDay(Date.parse(generatedId.posted_at));
    expect(insights[0]).toMatchObject({ key: 'posted', value: days });
    const finance = open.filter((p) => p.department === 'Finance');
    expect(insights[1]).toMatchObject({ key: 'similar_openings', value: finance.length - 1 });
    expect(insights[1]!.text).toBe(`${finance.length - 1} similar openings in Finance`);
    const skills = insights[2]!.value as string[];
    expect(skills).toHaveLength(5);
    expect(
      finance.every((p) =>
        p.skills.every((s) => ['Excel', 'Financial Modeling', 'GAAP', 'SAP', 'Forecasting'].includes(s)),
      ),
    ).toBe(true);
    const french = await visitor.get(`/api/pcsx/position_insights?position_id=${ids.quokka}&hl=fr-CA`);
    expect(french.json().data.insights[0].text).toBe('Publié il y a 3 jours');
    // In the browser's zone (issue 22: "Posted 15 days ago" beside "16 days ago (Nov 10)"): days of the calendar there.
    const now = new Date();
    const torontoDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(date);
    const inToronto = async (zone: string) =>
      (
        await visitor.request({
          method: 'GET',
          url: `/api/pcsx/position_insights?position_id=${generatedId.id}`,
          headers: { 'x-careers-timezone': zone },
        })
      ).json().data.insights[0].value as number;
    const posted = new Date(Date.parse(generatedId.posted_at));
    const expected = (Date.parse(torontoDay(now)) - Date.parse(torontoDay(posted))) / DAY;
    expect(await inToronto('America/Toronto')).toBe(expected);
    expect(await inToronto('Not/AZone')).toBe(days);
    expect(french.json().data.insights[1].text).toBe('0 poste semblable ouvert en Zoology');
  });

  it('overrides: {} when none, the stored object when set', async () => {
    const none = await visitor.get(`/api/pcsx/overrides?position_id=${ids.quokka}`);
    expect(none.json()).toEqual({ data: { overrides: {} } });
    await ctx.db
      .insertInto('position_overrides')
      .values({ position_id: ids.quokka, config_json: '{"positionDetailsConfig":{"hideSalary":true}}' })
      .execute();
    const set = await visitor.get(`/api/pcsx/overrides?position_id=${ids.quokka}`);
    expect(set.json()).toEqual({ data: { overrides: { positionDetailsConfig: { hideSalary: true } } } });
    expect((await visitor.get(`/api/pcsx/overrides?position_id=${ids.globex}`)).statusCode).toBe(404);
  });
});

describe('GET /api/pcsx/match_details', () => {
  it('explains the match: skills the profile has, skills missing, and the score they make', async () => {
    const robotics = (await search('filter_department=Robotics', casey)).positions[0]!;
    const res = await casey.get(`/api/pcsx/match_details?position_id=${robotics.id}`);
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(MatchDetailsResponse, res.json())]).toEqual([]);
    const match = res.json().data;
    const own = ['TypeScript', 'React', 'Python', 'ROS', 'C++', 'SQL', 'Communication', 'Linux'];
    expect(match.matchedSkills).toEqual(robotics.skills.filter((s) => own.includes(s)));
    expect(match.missingSkills).toEqual(robotics.skills.filter((s) => !own.includes(s)));
    expect(match.score).toBe(Math.round((100 * match.matchedSkills.length) / robotics.skills.length));
    expect(match.profileHasSkills).toBe(true);
    expect(match.explanation).toBe(
      `You have ${match.matchedSkills.length} of the ${robotics.skills.length} skills this position asks for (${match.score}%).`,
    );
  });

  it('a profile without skills says so', async () => {
    const res = await olive.get(`/api/pcsx/match_details?position_id=${ids.quokka}&hl=fr-CA`);
    expect(res.json().data).toMatchObject({
      score: 0,
      matchedSkills: [],
      missingSkills: ['Animal Care'],
      profileHasSkills: false,
      explanation: expect.stringContaining('Votre profil ne mentionne encore aucune compétence'),
    });
  });

  it('needs a signed-in candidate; another employer’s position is not found', async () => {
    expect((await visitor.get(`/api/pcsx/match_details?position_id=${ids.quokka}`)).statusCode).toBe(401);
    expect((await casey.get(`/api/pcsx/match_details?position_id=${ids.globex}`)).statusCode).toBe(404);
  });
});

describe('job cart and saved positions', () => {
  const cart = async (client: TestClient) => {
    const res = await client.get('/api/pcsx/job_cart');
    expect(res.statusCode).toBe(200);
    expect([...Value.Errors(JobCartResponse, res.json())]).toEqual([]);
    return res.json().data as { jobCartData: PositionSummary[]; invalidPositionIds: string[] };
  };

  it('add and remove answer the whole cart; invalid ids are reported and not added; one candidate never sees another’s', async () => {
    const [first, second] = (await search('', casey)).positions;
    const added = await casey.post('/api/pcsx/job_cart', {
      pids: [String(first!.id), String(second!.id), String(ids.zebra), String(ids.globex), '9999999999', '0'],
      operation: 'add',
      domain: DEMO_DOMAIN,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.jobCartData.map((p: PositionSummary) => p.id)).toEqual([first!.id, second!.id]);
    expect(added.json().data.invalidPositionIds.sort()).toEqual(
      [String(ids.zebra), String(ids.globex), '9999999999', '0'].sort(),
    );
    expect(added.json().data.jobCartData[0].positionUserActions.inCart).toBe(true);
    expect((await cart(casey)).jobCartData.map((p) => p.id)).toEqual([first!.id, second!.id]);
    expect(await cart(olive)).toEqual({ jobCartData: [], invalidPositionIds: [] });
    const inOlivesSearch = (await search('', olive)).positions.find((p) => p.id === first!.id);
    expect(inOlivesSearch?.positionUserActions.inCart).toBe(false);
    const removed = await casey.post('/api/pcsx/job_cart', { pids: [String(first!.id)], operation: 'remove' });
    expect(removed.json().data.jobCartData.map((p: PositionSummary) => p.id)).toEqual([second!.id]);
    // Olive removing Casey's item changes nothing of Casey's.
    await olive.post('/api/pcsx/job_cart', { pids: [String(second!.id)], operation: 'remove' });
    expect((await cart(casey)).jobCartData.map((p) => p.id)).toEqual([second!.id]);
  });

  it('a position archived while in the cart is reported in invalidPositionIds until removed', async () => {
    await casey.post('/api/pcsx/job_cart', { pids: [String(ids.quokka)], operation: 'add' });
    await ctx.db
      .updateTable('positions')
      .set({ archived_at: NOW.toISOString() })
      .where('id', '=', ids.quokka)
      .execute();
    try {
      const now = await cart(casey);
      expect(now.invalidPositionIds).toEqual([String(ids.quokka)]);
      expect(now.jobCartData.map((p) => p.id)).not.toContain(ids.quokka);
      await casey.post('/api/pcsx/job_cart', { pids: [String(ids.quokka)], operation: 'remove' });
      expect((await cart(casey)).invalidPositionIds).toEqual([]);
    } finally {
      await ctx.db.updateTable('positions').set({ archived_at: null }).where('id', '=', ids.quokka).execute();
    }
  });

  it('bad cart bodies → 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ pids: [], operation: 'add' }, 'pids'],
      [{ pids: [1], operation: 'add' }, 'pids.0'],
      [{ pids: ['1'], operation: 'clear' }, 'operation'],
      [{ pids: ['1'] }, 'operation'],
    ];
    for (const [body, field] of cases) {
      const res = await casey.post('/api/pcsx/job_cart', body);
      expect({ status: res.statusCode, field: res.json().field }).toEqual({ status: 400, field });
    }
  });

  it('save and unsave flip isSaved; the saved list is the candidate’s own', async () => {
    const target = ids.quokka;
    const saved = await casey.post('/api/pcsx/positions/save', { position_id: target });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ positionId: target, positionUserActions: { isSaved: true, inCart: false } });
    expect((await casey.post('/api/pcsx/positions/save', { position_id: target })).statusCode).toBe(200);
    const details = await casey.get(`/api/pcsx/position_details?position_id=${target}`);
    expect(details.json().data.positionUserActions.isSaved).toBe(true);
    expect((await search('query=quokka', casey)).positions[0]!.positionUserActions.isSaved).toBe(true);
    expect((await search('query=quokka', olive)).positions[0]!.positionUserActions.isSaved).toBe(false);
    expect((await search('query=quokka', visitor)).positions[0]!.positionUserActions.isSaved).toBe(false);
    const list = await casey.get('/api/pcsx/positions/saved');
    expect([...Value.Errors(SavedPositionsResponse, list.json())]).toEqual([]);
    expect(list.json().data.positions.map((p: PositionSummary) => p.id)).toEqual([target]);
    expect((await olive.get('/api/pcsx/positions/saved')).json().data.positions).toEqual([]);
    // Olive unsaving it leaves Casey's saved.
    expect((await olive.post('/api/pcsx/positions/unsave', { position_id: target })).statusCode).toBe(200);
    expect((await casey.get('/api/pcsx/positions/saved')).json().data.positions).toHaveLength(1);
    const unsaved = await casey.post('/api/pcsx/positions/unsave', { position_id: target });
    expect(unsaved.json().data.positionUserActions.isSaved).toBe(false);
    expect((await casey.get('/api/pcsx/positions/saved')).json().data.positions).toEqual([]);
  });

  it('saving an archived, unknown or other employer’s position → 404; signed out → 401', async () => {
    for (const id of [ids.zebra, ids.globex, 2147483647]) {
      expect((await casey.post('/api/pcsx/positions/save', { position_id: id })).statusCode).toBe(404);
    }
    expect((await visitor.post('/api/pcsx/positions/save', { position_id: ids.quokka })).statusCode).toBe(401);
    expect((await visitor.get('/api/pcsx/job_cart')).statusCode).toBe(401);
    expect((await visitor.get('/api/pcsx/positions/saved')).statusCode).toBe(401);
  });
});
