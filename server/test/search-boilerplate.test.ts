/**
 * Issue 22, defect 7 (decision 017): text every posting of an employer carries — its name, its boilerplate — does
 * not decide which positions a keyword finds. "robot" found all ~1,700 open demo positions, because every
 * description says "Acme Robotics" and "our robots"; now it finds those whose title, skills or department say so.
 * A word only some descriptions hold still finds them. Expected numbers come from the generator's own list.
 */
import { createEmployerRepository } from '../src/employers/repository';
import { namesEmployer } from '../src/positions/boilerplate';
import { createSearch, type SearchInput } from '../src/positions/search';
import { generateDemoPositions, seedDemoSearchData } from '../src/positions/demo-positions';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import type { SearchData } from '../src/contract';
import { DEMO_DOMAIN, TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
const NOW = new Date();
const DAY = 24 * 3600 * 1000;
const generated = generateDemoPositions({ domain: DEMO_DOMAIN, count: 2000, now: NOW });
const open = generated.filter(
  (p) => !p.archivedAt && (!p.validThrough || p.validThrough > NOW.toISOString()) && p.postedAt <= NOW.toISOString(),
);
const SMALL = 'initech.example';
let visitor: TestClient;
const ids = { hydroponics: 0, initechKeeper: 0, initechRobot: 0 };

const position = (domain: string, title: string, description: string, skills: string[] = []): NewPosition => ({
  domain,
  title,
  description,
  department: 'Operations',
  employmentType: 'Full-time',
  remote: false,
  skills,
  locations: [{ name: 'Ottawa, ON, Canada', lat: 45.4215, lng: -75.6972 }],
  postedAt: new Date(NOW.getTime() - 2 * DAY).toISOString(),
});

beforeAll(async () => {
  expect(await seedDemoSearchData(ctx.db, NOW)).toBe(true);
  await createEmployerRepository(ctx.db).create(
    { domain: SMALL, companyName: 'Initech Robotics', notificationsEnabled: false, actionRequiredConfigured: false },
    NOW,
  );
  [ids.hydroponics, ids.initechKeeper, ids.initechRobot] = (await insertPositions(ctx.db, [
    position(DEMO_DOMAIN, 'Greenhouse Lead', '<p>Acme Robotics grows food: you run our hydroponics racks.</p>'),
    position(SMALL, 'Quokka Keeper', '<p>Initech Robotics is hiring a keeper.</p>'),
    position(SMALL, 'Robot Operator', '<p>Initech Robotics is hiring an operator.</p>'),
  ])) as [number, number, number];
  visitor = new TestClient(ctx.app);
  await visitor.get('/careers/login');
});

async function search(query: string, domain = DEMO_DOMAIN): Promise<SearchData> {
  const res = await visitor.get(`/api/pcsx/search?domain=${domain}&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as SearchData;
}

/** Open demo positions whose title, skills or department hold a word starting with `start` (case ignored). */
const outsideDescription = (start: string) => {
  const word = new RegExp(`(^|[^\\p{L}\\p{N}])${start}`, 'iu');
  return open.filter((p) => word.test(p.title) || p.skills.some((s) => word.test(s)) || word.test(p.department));
};

describe('keyword search and employer boilerplate (defect 7)', () => {
  it('"robot" finds the positions whose title, skills or department say so, not every "Acme Robotics" posting', async () => {
    const expected = outsideDescription('robot');
    // Every open demo description says "Acme Robotics" and "our robots": before the rule, all of them matched.
    expect(open.every((p) => /Acme Robotics/.test(p.description) && /our robots/.test(p.description))).toBe(true);
    expect(open.length).toBeGreaterThan(1600);
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.length).toBeLessThan(open.length / 2);
    for (const sort of ['relevance', 'date']) {
      const data = await search(`query=robot&sort_by=${sort}`);
      expect(data.count).toBe(expected.length);
      expect(data.positions.every((p) => /robot/i.test(`${p.name} ${p.department} ${p.skills.join(' ')}`))).toBe(true);
    }
    // The counts follow: only the departments of those positions are offered.
    const data = await search('query=robot');
    const departments = data.filterDef.allFilters.find((f) => f.filterName === 'department')!.options;
    const byDepartment = new Map<string, number>();
    for (const p of expected) byDepartment.set(p.department, (byDepartment.get(p.department) ?? 0) + 1);
    expect(new Map(departments.map((o) => [o.value, o.count]))).toEqual(byDepartment);
    expect((await search('query=robots')).count).toBe(expected.length);
  });

  it('the employer’s name alone finds nothing; a title word with it still finds its positions', async () => {
    expect((await search('query=acme')).count).toBe(0);
    expect((await search('query=acme%20robotics')).count).toBe(0);
    const technicians = open.filter((p) => p.title === 'Robotics Technician').length;
    expect(technicians).toBeGreaterThan(10);
    expect((await search('query=robotics%20technician')).count).toBe(technicians);
  });

  it('a word only some descriptions hold still finds them (description matches of real content count)', async () => {
    // "working in Toronto": the description names the place; no title or skill does.
    const inToronto = open.filter((p) => !p.remote && p.locations.some((l) => l.name.startsWith('Toronto')));
    expect(inToronto.length).toBeGreaterThan(10);
    expect((await search('query=toronto')).count).toBe(inToronto.length);
    const hydroponics = await search('query=hydroponics');
    expect(hydroponics.positions.map((p) => p.id)).toEqual([ids.hydroponics]);
  });

  it('an employer with few positions: its name is boilerplate, the rest of its text is not', async () => {
    expect((await search('query=initech', SMALL)).count).toBe(0);
    expect((await search('query=initec', SMALL)).count).toBe(0);
    // "Robotics" in every description is the name; "Robot Operator" says it in its title.
    expect((await search('query=robot', SMALL)).positions.map((p) => p.id)).toEqual([ids.initechRobot]);
    expect((await search('query=keeper', SMALL)).positions.map((p) => p.id)).toEqual([ids.initechKeeper]);
    // Two positions only: "hiring" is in both descriptions, but two postings say nothing about boilerplate.
    expect((await search('query=hiring', SMALL)).count).toBe(2);
  });

  it('the share is of the positions open at the search’s instant: one more opening can end a word’s boilerplate', async () => {
    const domain = 'quanta.example';
    await createEmployerRepository(ctx.db).create(
      { domain, companyName: 'Quanta', notificationsEnabled: false, actionRequiredConfigured: false },
      NOW,
    );
    const titles = ['Welder', 'Painter', 'Driver', 'Cook', 'Clerk'];
    await insertPositions(ctx.db, [
      ...titles.map((title) => position(domain, title, `<p>Our quantum lab needs a ${title}.</p>`)),
      // Opens in two days; its description does not say "quantum".
      {
        ...position(domain, 'Guard', '<p>Guard the gate.</p>'),
        postedAt: new Date(NOW.getTime() + 2 * DAY).toISOString(),
      },
    ]);
    const search = createSearch(ctx.db);
    const at = (ms: number): SearchInput => ({
      domain,
      now: new Date(ms).toISOString(),
      query: 'quantum',
      filters: {},
      placeName: null,
      origin: null,
      bounds: null,
      sort: 'relevance',
      start: 0,
      num: 10,
    });
    // Now: 5 of 5 open descriptions say it (100 % >= 90 %): boilerplate, found nowhere else.
    expect((await search.run(at(NOW.getTime()))).count).toBe(0);
    // In three days: 5 of 6 (83 %): the descriptions count again. The same search object, so nothing stale is kept.
    expect((await search.run(at(NOW.getTime() + 3 * DAY))).count).toBe(5);
    expect((await search.run(at(NOW.getTime()))).count).toBe(0);
  });

  it('a word names the employer: a name word, one ending away, or its start while typed', () => {
    const acme = ['acme', 'robotics'];
    expect(namesEmployer('robot', false, acme)).toBe(true);
    expect(namesEmployer('robotics', false, acme)).toBe(true);
    expect(namesEmployer('rob', true, acme)).toBe(true);
    expect(namesEmployer('rob', false, acme)).toBe(false);
    // Not a prefix relation: left to the share rule (the name in the descriptions), as "robots" above.
    expect(namesEmployer('robots', false, acme)).toBe(false);
    expect(namesEmployer('art', false, ['art', 'co'])).toBe(true);
    expect(namesEmployer('artist', false, ['art', 'co'])).toBe(false);
    expect(namesEmployer('engineering', false, ['engineer'])).toBe(true);
  });
});
