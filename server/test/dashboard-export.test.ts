/**
 * The CSV export of the candidate's applications (docs/product/dashboard.md#applications-csv: cells starting with = + -
 * or @ are prefixed with an apostrophe; the dashboard's "Download CSV") on SQLite and PostgreSQL: an attachment of the
 * candidate's own applications only, quoted per RFC 4180 with a UTF-8 byte order mark, formula-looking cells
 * neutralised, headers and statuses in the page's language, days in the browser's time zone, and an unknown zone
 * refused naming `tz`.
 */
import { insertPositions, type NewPosition } from '../src/positions/repository';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_OTHER_EMAIL, signedIn, TestClient, useTestApp } from './helpers';

const ctx = useTestApp();

let casey: TestClient;
let olive: TestClient;
const ids: Record<string, number> = {};

/** Titles a spreadsheet would run as formulas, and one that needs quoting. */
const HOSTILE = {
  equals: '=HYPERLINK("https://evil.example","Click")',
  plus: '+1+2',
  minus: '-2+3',
  at: '@SUM(1+1)*cmd',
  tab: '\t=1+1',
  carriageReturn: '\r=1+1',
  quoted: 'Engineer, "Senior"\nNight shift',
};
const OLIVE_ONLY = 'Olive Private Position';

const position = (title: string): NewPosition => ({
  domain: DEMO_DOMAIN,
  title,
  description: '<p>Position</p>',
  department: 'Robotics',
  employmentType: 'Full-time',
  remote: false,
  skills: ['C++'],
  locations: [{ name: 'Montréal, QC, Canada', lat: 45.5, lng: -73.57 }],
  postedAt: '2026-01-01T00:00:00.000Z',
});

/** An RFC 4180 reader (quoted cells, doubled quotes, CRLF rows), to read the file as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

const exportOf = (client: TestClient, query = '') =>
  client.get(`/api/pcsx/dashboard/applications/export?domain=${DEMO_DOMAIN}${query}`);

const body = (payload: string) => {
  expect(payload.startsWith('\uFEFF')).toBe(true);
  return parseCsv(payload.slice(1));
};

async function candidateId(email: string): Promise<number> {
  const row = await ctx.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

async function apply(email: string, positionId: number, createdAt: string, status = 'submitted') {
  await ctx.db
    .insertInto('applications')
    .values({
      domain: DEMO_DOMAIN,
      position_id: positionId,
      candidate_id: await candidateId(email),
      email,
      answers_json: '{}',
      status,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

beforeAll(async () => {
  const titles = [...Object.values(HOSTILE), OLIVE_ONLY, 'Night Owl Technician'];
  const inserted = await insertPositions(ctx.db, titles.map(position));
  titles.forEach((title, index) => (ids[title] = inserted[index]!));
  for (const title of Object.values(HOSTILE))
    await apply(DEMO_CANDIDATE_EMAIL, ids[title]!, '2026-03-10T12:00:00.000Z');
  // 02:00 UTC on January 1 is still December 31 in Toronto: the day follows the browser's zone.
  await apply(DEMO_CANDIDATE_EMAIL, ids['Night Owl Technician']!, '2026-01-01T02:00:00.000Z', 'hired');
  await apply(DEMO_OTHER_EMAIL, ids[OLIVE_ONLY]!, '2026-03-10T12:00:00.000Z');

  casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);

  olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
});

describe('GET /api/pcsx/dashboard/applications/export', () => {
  it('is an attachment of the candidate’s own applications, as the dashboard lists them', async () => {
    const response = await exportOf(casey);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''applications-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.payload).toMatch(/\r\n$/);
    const rows = body(response.payload);
    expect(rows[0]).toEqual(['Position', 'Position ID', 'Location', 'Status', 'Applied on', 'Last updated']);
    expect(rows.every((row) => row.length === 6)).toBe(true);

    const listed = (await casey.get(`/api/pcsx/dashboard/applications?domain=${DEMO_DOMAIN}`)).json() as {
      data: Record<'applications' | 'inactiveApplications', Array<{ details: { position: { id: number } } }>>;
    };
    const inOrder = [...listed.data.applications, ...listed.data.inactiveApplications].map((item) =>
      String(item.details.position.id),
    );
    expect(rows.slice(1).map((row) => row[1])).toEqual(inOrder);
    expect(response.payload).not.toContain(OLIVE_ONLY);
    expect(body((await exportOf(olive)).payload).map((row) => row[0])).toContain(OLIVE_ONLY);
  });

  it('prefixes cells that would start a formula with an apostrophe, and quotes every cell', async () => {
    const response = await exportOf(casey);
    const cells = new Map(body(response.payload).map((row) => [row[1], row]));
    const titleOf = (title: string) => cells.get(String(ids[title]))?.[0];
    expect(titleOf(HOSTILE.equals)).toBe(`'${HOSTILE.equals}`);
    expect(titleOf(HOSTILE.plus)).toBe(`'${HOSTILE.plus}`);
    expect(titleOf(HOSTILE.minus)).toBe(`'${HOSTILE.minus}`);
    expect(titleOf(HOSTILE.at)).toBe(`'${HOSTILE.at}`);
    expect(titleOf(HOSTILE.tab)).toBe(`'${HOSTILE.tab}`);
    expect(titleOf(HOSTILE.carriageReturn)).toBe(`'${HOSTILE.carriageReturn}`);
    // Commas, quotes and line breaks stay inside their cell, and the text is unchanged.
    expect(titleOf(HOSTILE.quoted)).toBe(HOSTILE.quoted);
    expect(response.payload).toContain('"Engineer, ""Senior""\nNight shift"');
    // UTF-8 as is (the byte order mark tells Excel so).
    expect(cells.get(String(ids[HOSTILE.plus]))?.[2]).toBe('Montréal, QC, Canada');
  });

  it('writes days in the browser’s time zone, headers and statuses in the page’s language', async () => {
    const night = String(ids['Night Owl Technician']);
    const utc = body((await exportOf(casey)).payload).find((row) => row[1] === night);
    expect(utc?.slice(3)).toEqual(['Hired', '2026-01-01', '2026-01-01']);
    const toronto = await exportOf(casey, '&tz=America/Toronto&hl=fr-CA');
    expect(toronto.statusCode).toBe(200);
    expect(toronto.headers['content-disposition']).toMatch(
      /^attachment; filename="candidatures-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''candidatures-/,
    );
    // A language without ASCII letters: the name as written for the browser, an ASCII one beside it (a Thai name in
    // the header answered 500).
    const thai = await exportOf(casey, '&hl=th-TH');
    expect(thai.statusCode).toBe(200);
    const disposition = thai.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''%/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^\p{Script=Thai}.*-\d{4}-\d{2}-\d{2}\.csv$/u);
    const rows = body(toronto.payload);
    expect(rows[0]).toEqual([
      'Poste',
      'Numéro du poste',
      'Lieu',
      'Statut',
      'Date de candidature',
      'Dernière mise à jour',
    ]);
    expect(rows.find((row) => row[1] === night)?.slice(3)).toEqual(['Embauché·e', '2025-12-31', '2025-12-31']);
  });

  it('refuses an unknown time zone naming tz, and a signed-out visitor', async () => {
    const unknown = await exportOf(casey, '&tz=Mars/Olympus_Mons');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'tz' });
    const malformed = await exportOf(casey, '&tz=%3Cscript%3E');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('tz');
    const visitor = new TestClient(ctx.app);
    expect((await exportOf(visitor)).statusCode).toBe(401);
  });
});
