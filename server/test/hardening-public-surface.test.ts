/**
 * Issue 21, finding 7 and part of 8, on SQLite and PostgreSQL: what the public surface tells about positions that
 * search does not show (details, insights, overrides, match details and suggestions answer them as unknown, and
 * every surface decides with one rule), the job cart and saved positions capped per candidate, profile pictures
 * decoded and re-encoded, unknown /careers/ addresses answered 404 with the site's own page, a malformed stored
 * date that no longer breaks the dashboard, and HSTS when the cookies are Secure.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { JOB_CART_LIMIT, ROUTES, SAVED_POSITIONS_LIMIT } from '../src/contract';
import { seedDemoDashboard } from '../src/dashboard/demo';
import { isOpenAt, openPosition, openWindowMs } from '../src/positions/open';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import { STRICT_TRANSPORT_SECURITY } from '../src/web/security-headers';
import {
  buildApp,
  DASHBOARD_DEMO_TITLES,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  demoClients,
  type TestClient,
  useTestApp,
} from './helpers';

const ctx = useTestApp();

const DAY = 24 * 3600 * 1000;
const NOW = Date.now();
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

let casey: TestClient;
let olive: TestClient;
let visitor: TestClient;

const position = (title: string, changes: Partial<NewPosition> = {}): NewPosition => ({
  domain: DEMO_DOMAIN,
  title,
  description: `<p>${title}, salary and plans not yet public</p>`,
  department: 'Surface',
  employmentType: 'Full-time',
  remote: false,
  salaryMin: 91000,
  salaryMax: 99000,
  salaryCurrency: 'USD',
  skills: [`${title.split(' ')[0]}craft`],
  locations: [{ name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 }],
  postedAt: iso(-3 * DAY),
  ...changes,
});

/** One position in each state search knows, each with a title word and a skill of its own. */
const STATES = {
  open: position('Quillon Cartographer'),
  future: position('Vexillon Cartographer', { postedAt: iso(5 * DAY) }),
  archived: position('Zorbel Cartographer', { archivedAt: iso(-DAY) }),
  expired: position('Yarrowin Cartographer', { validThrough: iso(-DAY) }),
  // Posted an hour from now: the edge a sequential-id probe finds first.
  imminent: position('Wendrel Cartographer', { postedAt: iso(3600 * 1000) }),
} satisfies Record<string, NewPosition>;
type State = keyof typeof STATES;
const ids = {} as Record<State, number>;
/** Open positions for the cart and saved positions. */
let spare: number[] = [];

beforeAll(async () => {
  const states = Object.keys(STATES) as State[];
  const added = await insertPositions(ctx.db, [
    ...states.map((state) => STATES[state]),
    ...Array.from({ length: SAVED_POSITIONS_LIMIT + 1 }, (_, n) => position(`Spare ${n} Surveyor`)),
    ...DASHBOARD_DEMO_TITLES.map((title) => position(title)),
    position('Legacy Assembly Technician', { archivedAt: iso(-2 * DAY) }),
  ]);
  states.forEach((state, index) => (ids[state] = added[index]!));
  spare = added.slice(states.length, states.length + SAVED_POSITIONS_LIMIT + 1);
  // Overrides of a position not yet posted: its configuration must not leak either.
  await ctx.db
    .insertInto('position_overrides')
    .values({ position_id: ids.future, config_json: JSON.stringify({ positionDetailsConfig: { hideSalary: true } }) })
    .execute();
  expect(await seedDemoDashboard(ctx.db, DEMO_DOMAIN)).toBe(true);
  ({ casey, olive, visitor } = await demoClients(ctx.app));
});

/** A position call's answer with the requested id replaced, to compare it with the answer for another id. */
async function answerOf(client: TestClient, call: string, id: number) {
  const res = await client.get(`/api/pcsx/${call}?domain=${DEMO_DOMAIN}&position_id=${id}`);
  const body = res.json() as { message?: string };
  return { status: res.statusCode, body: { ...body, message: body.message?.replace(String(id), '<id>') } };
}

describe('positions that search does not show (finding 7)', () => {
  const UNKNOWN = 2_000_000_000;
  const closed: State[] = ['future', 'archived', 'expired', 'imminent'];

  it.each(closed)(
    'a %s position: details, insights, overrides and match details answer exactly as an unknown id',
    async (state) => {
      for (const call of ['position_details', 'position_insights', 'overrides']) {
        for (const client of [visitor, casey]) {
          const unknown = await answerOf(client, call, UNKNOWN);
          expect(unknown.status).toBe(404);
          expect({ call, ...(await answerOf(client, call, ids[state])) }).toEqual({ call, ...unknown });
        }
      }
      expect(await answerOf(casey, 'match_details', ids[state])).toEqual(
        await answerOf(casey, 'match_details', UNKNOWN),
      );
      // Nothing of it in any answer: title, description, salary, skills.
      const [word] = STATES[state].title.split(' ');
      for (const call of ['position_details', 'position_insights', 'overrides', 'match_details']) {
        const res = await casey.get(`/api/pcsx/${call}?domain=${DEMO_DOMAIN}&position_id=${ids[state]}`);
        expect(res.body).not.toContain(word);
        expect(res.body).not.toContain('91000');
      }
    },
  );

  it('an open position answers every call', async () => {
    for (const call of ['position_details', 'position_insights', 'overrides', 'match_details']) {
      expect({ call, status: (await answerOf(casey, call, ids.open)).status }).toEqual({ call, status: 200 });
    }
  });

  it('search, suggestions, details, the job page, the cart and saving agree on every position', async () => {
    const shown: Record<string, boolean[]> = {};
    for (const state of Object.keys(STATES) as State[]) {
      const id = ids[state];
      const [word] = STATES[state].title.split(' ');
      const search = await visitor.get(`/api/pcsx/search?domain=${DEMO_DOMAIN}&query=${word}`);
      const suggestions = await visitor.get(`/api/pcsx/search_suggestions?domain=${DEMO_DOMAIN}&query=${word}`);
      const details = await visitor.get(`/api/pcsx/position_details?domain=${DEMO_DOMAIN}&position_id=${id}`);
      const page = await visitor.get(`/careers/job/${id}?domain=${DEMO_DOMAIN}`);
      const cart = await olive.post('/api/pcsx/job_cart', {
        domain: DEMO_DOMAIN,
        pids: [String(id)],
        operation: 'add',
      });
      const save = await olive.post('/api/pcsx/positions/save', { domain: DEMO_DOMAIN, position_id: id });
      shown[state] = [
        search.json().data.positions.some((found: { id: number }) => found.id === id),
        suggestions.json().data.suggestions.length > 0,
        details.statusCode === 200,
        page.statusCode === 200,
        cart.json().data.jobCartData.some((found: { id: number }) => found.id === id),
        save.statusCode === 200,
      ];
    }
    const expected = (open: boolean) => Array<boolean>(6).fill(open);
    expect(shown).toEqual({
      open: expected(true),
      future: expected(false),
      archived: expected(false),
      expired: expected(false),
      imminent: expected(false),
    });
    await olive.post('/api/pcsx/job_cart', { domain: DEMO_DOMAIN, pids: [String(ids.open)], operation: 'remove' });
    await olive.post('/api/pcsx/positions/unsave', { domain: DEMO_DOMAIN, position_id: ids.open });
  }, 60_000);

  it('the rule in SQL, in code and in the facet index agree at its edges and on odd stored text', async () => {
    const now = iso(0);
    const nowMs = Date.parse(now);
    const day = now.slice(0, 10);
    // As the server writes dates, and as a hand or another tool might: no time, seconds without milliseconds,
    // an offset, not a date at all.
    const texts = [now, iso(1), iso(-1), day, `${day}T23:59:59Z`, `${now.slice(0, 19)}+00:00`, 'not a date', '1999'];
    const cases = [
      { archived_at: iso(1), posted_at: iso(-DAY), valid_through: null },
      ...texts.flatMap((posted) =>
        [null, ...texts].map((valid) => ({ archived_at: null, posted_at: posted, valid_through: valid })),
      ),
    ];
    for (const dates of cases) {
      const row = await ctx.db
        .selectFrom(
          ctx.db
            .selectNoFrom((eb) => [
              eb.val(dates.archived_at).as('archived_at'),
              eb.val(dates.posted_at).as('posted_at'),
              eb.val(dates.valid_through).as('valid_through'),
            ])
            .as('p'),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(openPosition(now))
        .executeTakeFirstOrThrow();
      const window = openWindowMs(dates);
      const code = isOpenAt(dates, now);
      expect({ dates, sql: Number(row.count) === 1, facets: window.from <= nowMs && nowMs < window.until }).toEqual({
        dates,
        sql: code,
        facets: code,
      });
    }
  });

  it('a posted date that is not a date: insights answer without the "posted" fact, never a 500', async () => {
    const [id] = await insertPositions(ctx.db, [position('Oddly Dated Cartwright', { postedAt: '2000-13-45' })]);
    const res = await visitor.get(`/api/pcsx/position_insights?domain=${DEMO_DOMAIN}&position_id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.insights.map((insight: { key: string }) => insight.key)).not.toContain('posted');
    await ctx.db.deleteFrom('positions').where('id', '=', id!).execute();
  });
});

describe('suggestions offer only what search can return (finding 8)', () => {
  it('titles and skills of closed positions are not offered; those of open ones are', async () => {
    const suggest = async (query: string) =>
      (await visitor.get(`/api/pcsx/search_suggestions?domain=${DEMO_DOMAIN}&query=${query}&limit=20`))
        .json()
        .data.suggestions.map((item: { term: string }) => item.term);
    expect(await suggest('cartographer')).toEqual(['Quillon Cartographer']);
    expect(await suggest('quilloncraft')).toEqual(['Quilloncraft']);
    for (const skill of ['Vexilloncraft', 'Zorbelcraft', 'Yarrowincraft', 'Wendrelcraft']) {
      expect({ skill, offered: await suggest(skill) }).toEqual({ skill, offered: [] });
    }
  });
});

describe('the job cart and saved positions are capped per candidate (finding 8)', () => {
  const cartRows = async (candidate: string) =>
    Number(
      (
        await ctx.db
          .selectFrom('job_cart_items as j')
          .innerJoin('candidates as c', 'c.id', 'j.candidate_id')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('c.email', '=', candidate)
          .executeTakeFirstOrThrow()
      ).count,
    );
  const add = (pids: number[]) =>
    casey.post('/api/pcsx/job_cart', { domain: DEMO_DOMAIN, pids: pids.map(String), operation: 'add' });

  it(`holds at most ${JOB_CART_LIMIT}: one more is a 409 naming pids, and nothing past it is stored`, async () => {
    const before = await cartRows(DEMO_CANDIDATE_EMAIL);
    const tooMany = await add(spare.slice(0, JOB_CART_LIMIT + 1 - before));
    expect({ status: tooMany.statusCode, code: tooMany.json().code, field: tooMany.json().field }).toEqual({
      status: 409,
      code: 'conflict',
      field: 'pids',
    });
    expect(await cartRows(DEMO_CANDIDATE_EMAIL)).toBe(before);

    const full = await add(spare.slice(0, JOB_CART_LIMIT - before));
    expect(full.statusCode).toBe(200);
    expect(full.json().data.jobCartData).toHaveLength(JOB_CART_LIMIT);
    // What is in the cart already can be added again; one more cannot.
    expect((await add(spare.slice(0, 3))).statusCode).toBe(200);
    const oneMore = await add([spare[JOB_CART_LIMIT]!]);
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json().message).toContain(String(JOB_CART_LIMIT));
    expect(await cartRows(DEMO_CANDIDATE_EMAIL)).toBe(JOB_CART_LIMIT);
    // Removing makes room again.
    await casey.post('/api/pcsx/job_cart', { domain: DEMO_DOMAIN, pids: [String(spare[0])], operation: 'remove' });
    expect((await add([spare[JOB_CART_LIMIT]!])).statusCode).toBe(200);
  });

  it(`saved positions: at most ${SAVED_POSITIONS_LIMIT}, then a 409 naming position_id`, async () => {
    const candidate = await ctx.db
      .selectFrom('candidates')
      .select('id')
      .where('email', '=', DEMO_OTHER_EMAIL)
      .executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('saved_positions').where('candidate_id', '=', candidate.id).execute();
    await ctx.db
      .insertInto('saved_positions')
      .values(
        spare
          .slice(0, SAVED_POSITIONS_LIMIT)
          .map((id) => ({ candidate_id: candidate.id, position_id: id, created_at: iso(0) })),
      )
      .execute();
    const save = (id: number) => olive.post('/api/pcsx/positions/save', { domain: DEMO_DOMAIN, position_id: id });
    const refused = await save(spare[SAVED_POSITIONS_LIMIT]!);
    expect({ status: refused.statusCode, field: refused.json().field }).toEqual({
      status: 409,
      field: 'position_id',
    });
    expect((await save(spare[0]!)).statusCode).toBe(200); // saved already: harmless
    const saved = await olive.get(`/api/pcsx/positions/saved?domain=${DEMO_DOMAIN}`);
    expect(saved.json().data.positions).toHaveLength(SAVED_POSITIONS_LIMIT);
    await olive.post('/api/pcsx/positions/unsave', { domain: DEMO_DOMAIN, position_id: spare[0] });
    expect((await save(spare[SAVED_POSITIONS_LIMIT]!)).statusCode).toBe(200);
  });
});

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A PNG whose header claims `width` x `height` (8-bit grey) with only a few rows of pixels. */
function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('profile pictures are decoded and re-encoded (finding 8)', () => {
  const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
  const setAvatar = (bytes: Buffer) =>
    olive.post('/api/pcsx/profile_edit', {
      domain: DEMO_DOMAIN,
      op_section: 'avatar',
      operation: 'update',
      op_data: { value: dataUrl(bytes) },
    });
  const storedFiles = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('stored_files')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const storedAvatar = async (res: { json(): { data: { basic_info: { avatar: string } } } }) => {
    const address = res.json().data.basic_info.avatar;
    return olive.get(address.slice(address.indexOf('/api/')));
  };

  it('refuses a 7-byte "JPEG" and a PNG claiming 60000 x 60000 pixels with 422 naming the value; stores nothing', async () => {
    const files = await storedFiles();
    const cases = [
      { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a]), says: 'cannot be read' },
      { bytes: claimedPng(60000, 60000), says: '60000 x 60000 pixels' },
      // A real PNG cut short: the header decodes, the pixels do not.
      {
        bytes: (
          await sharp(noise(64, 64), { raw: RAW(64, 64) })
            .png()
            .toBuffer()
        ).subarray(0, 200),
        says: 'cannot be read',
      },
    ];
    for (const { bytes, says } of cases) {
      const res = await setAvatar(bytes);
      expect({ status: res.statusCode, field: res.json().field }).toEqual({ status: 422, field: 'op_data.value' });
      expect(res.json().message).toContain(says);
    }
    expect(await storedFiles()).toBe(files);
  });

  it('a PNG with HTML appended is stored as a clean WebP without the HTML', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const res = await setAvatar(Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script>')]));
    expect(res.statusCode).toBe(200);
    const picture = await storedAvatar(res);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.includes('<script')).toBe(false);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 30, height: 30 });
  });

  it('a large photo is made 288 pixels square, its metadata (EXIF, GPS) left out', async () => {
    const photo = await sharp(noise(1600, 1200), { raw: RAW(1600, 1200) })
      .jpeg({ quality: 70 })
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect(photo.includes('Secret Camera Owner')).toBe(true);
    const res = await setAvatar(photo);
    expect(res.statusCode).toBe(200);
    const picture = await storedAvatar(res);
    const meta = await sharp(picture.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 288, height: 288 });
    expect(meta.exif).toBeUndefined();
    expect(picture.rawPayload.includes('Secret Camera Owner')).toBe(false);
  });
});

const RAW = (width: number, height: number) => ({ width, height, channels: 3 as const });
/** Pixels that do not compress (a photo's worth of bytes). */
function noise(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < bytes.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed >> 16;
  }
  return bytes;
}

describe('unknown /careers/ addresses (finding 8)', () => {
  it.each(['/careers/profile/extra/more', '/careers/a/b/c', '/careers/offer/1/x/y', '/careers/job/1/2'])(
    '%s answers 404 with the site’s own page: noindex and a notice linking home',
    async (address) => {
      const res = await visitor.get(`${address}?domain=${DEMO_DOMAIN}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain('id="careers-boot-data"');
      expect(res.body).toMatch(/<div id="careers-main"><section class="careers-notice"[^>]*><h2>Page not found<\/h2>/);
      expect(res.body).toContain(`href="/careers?domain=${DEMO_DOMAIN}"`);
    },
  );

  it('in French with hl=fr-CA', async () => {
    const res = await visitor.get(`/careers/a/b/c?domain=${DEMO_DOMAIN}&hl=fr-CA`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h2>Page introuvable</h2>');
  });

  it('every page of the route table keeps its 200, signed in and out', async () => {
    const addresses = ROUTES.filter((route) => route.path.startsWith('/careers/') && route.widget !== null).map(
      (route) =>
        route.path === '/careers/job/private'
          ? `${route.path}?pid=${ids.open}`
          : route.path.replace(/\/:pid\?/, `/${ids.open}`).replace(/:([a-zA-Z]+)\??/g, 'x1'),
    );
    for (const client of [visitor, casey]) {
      for (const address of ['/careers', '/careers/', '/careers/robotics', '/careers/robotics/toronto', ...addresses]) {
        const res = await client.get(`${address}${address.includes('?') ? '&' : '?'}domain=${DEMO_DOMAIN}`);
        expect({ address, status: res.statusCode }).toEqual({ address, status: 200 });
      }
    }
  });
});

describe('a malformed stored date (finding 8)', () => {
  it('leaves its line out of the dashboard card, and the rest of the answer stands', async () => {
    const candidate = await ctx.db
      .selectFrom('candidates')
      .select('id')
      .where('email', '=', DEMO_CANDIDATE_EMAIL)
      .executeTakeFirstOrThrow();
    const mine = { candidate_id: candidate.id } as const;
    const bad = 'not-a-date';
    const [application] = await ctx.db
      .selectFrom('applications')
      .select('id')
      .where('candidate_id', '=', mine.candidate_id)
      .orderBy('id')
      .limit(1)
      .execute();
    await ctx.db.updateTable('applications').set({ created_at: bad }).where('id', '=', application!.id).execute();
    await ctx.db
      .updateTable('interviews')
      .set({ ends_at: '2026-13-45T99:00:00Z' })
      .where('candidate_id', '=', mine.candidate_id)
      .execute();
    await ctx.db.updateTable('career_events').set({ starts_at: bad }).execute();
    await ctx.db
      .updateTable('referrals')
      .set({ created_at: bad })
      .where('candidate_id', '=', mine.candidate_id)
      .execute();
    await ctx.db
      .updateTable('draft_applications')
      .set({ updated_at: bad })
      .where('candidate_id', '=', mine.candidate_id)
      .execute();
    await ctx.db
      .updateTable('offers')
      .set({ expires_at: '9999-99-99' })
      .where('candidate_id', '=', mine.candidate_id)
      .where('status', '=', 'Extended')
      .execute();

    const answers: Record<string, unknown> = {};
    for (const what of ['applications', 'interviews', 'events', 'referrals', 'nudges']) {
      const res = await casey.get(`/api/pcsx/dashboard/${what}?domain=${DEMO_DOMAIN}`);
      expect({ what, status: res.statusCode }).toEqual({ what, status: 200 });
      answers[what] = res.json().data;
    }
    const applications = answers.applications as {
      applications: Array<{ card: { texts: Array<{ label: string }> }; details: { application_id: number } }>;
      inactiveApplications: Array<{ card: { texts: Array<{ label: string }> }; details: { application_id: number } }>;
    };
    const all = [...applications.applications, ...applications.inactiveApplications];
    const broken = all.find((item) => item.details.application_id === application!.id)!;
    expect(broken.card.texts.map((text) => text.label)).not.toContain('Applied');
    expect(all.filter((item) => item.card.texts.some((text) => text.label === 'Applied')).length).toBe(all.length - 1);
    const interviews = answers.interviews as { interviews: Array<{ card: { texts: Array<{ label: string }> } }> };
    for (const item of interviews.interviews) expect(item.card.texts.map((text) => text.label)).not.toContain('When');
    const texts = JSON.stringify(answers);
    expect(texts).not.toContain('Invalid Date');
    expect(texts).not.toContain('NaN');
  });

  it('a draft whose position has an archived date that does not parse is listed as closed, never a 500', async () => {
    const drafts = await casey.get(`/api/pcsx/draft_applications?domain=${DEMO_DOMAIN}`);
    expect(drafts.statusCode).toBe(200);
    const [first] = drafts.json().data.draft_applications as Array<{ position: { id: number } }>;
    expect(first).toBeDefined();
    await ctx.db
      .updateTable('positions')
      .set({ archived_at: 'not-a-date' })
      .where('id', '=', first!.position.id)
      .execute();
    const res = await casey.get(`/api/pcsx/draft_applications?domain=${DEMO_DOMAIN}`);
    expect(res.statusCode).toBe(200);
    const listed = (
      res.json().data.draft_applications as Array<{ position: { id: number; archived_at: number } }>
    ).find((draft) => draft.position.id === first!.position.id);
    // Closed (not -1), at a time that is a number: the widget shows it among the closed drafts.
    expect(listed?.position.archived_at).toBe(0);
  });
});

describe('HSTS (finding 8)', () => {
  let secure: FastifyInstance;
  beforeAll(async () => {
    secure = await buildApp({ db: ctx.db, config: { ...ctx.config, cookieSecure: true } });
  });
  afterAll(() => secure.close());

  const ADDRESSES = [
    `/careers?domain=${DEMO_DOMAIN}`,
    `/careers/login?domain=${DEMO_DOMAIN}`,
    `/api/pcsx/search?domain=${DEMO_DOMAIN}`,
    '/api/pcsx/job_cart', // 401
    '/api/nothing-here', // 404
    '/api/pcsx/search?start=-1', // 400
    '/robots.txt',
    '/careers/%E0%A4%A', // a URL that cannot be decoded
  ];

  it('with COOKIE_SECURE every answer carries Strict-Transport-Security', async () => {
    for (const url of ADDRESSES) {
      const res = await secure.inject({ method: 'GET', url });
      expect({ url, hsts: res.headers['strict-transport-security'] }).toEqual({ url, hsts: STRICT_TRANSPORT_SECURITY });
    }
    expect(STRICT_TRANSPORT_SECURITY).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it('without it, none does', async () => {
    for (const url of ADDRESSES) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect({ url, hsts: res.headers['strict-transport-security'] }).toEqual({ url, hsts: undefined });
    }
  });
});
