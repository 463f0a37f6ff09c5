/**
 * Saved searches (`savedSearchMetadata`, docs/product/search.md#saved-searches) on SQLite and PostgreSQL: save
 * (idempotent), list, delete, the per-candidate limit, the employer switches, another candidate's ids, and the search
 * answer's `savedSearchMetadata`.
 */
import { Value } from '@sinclair/typebox/value';
import { gazetteer } from '../src/geo/gazetteer';
import { SAVED_SEARCH_LIMIT, SavedSearchesResponse, SavedSearchResponse, type SearchData } from '../src/contract';
import { DEMO_DOMAIN, demoClients, type TestClient, useTestApp } from './helpers';

const ctx = useTestApp();
let casey: TestClient;
let olive: TestClient;
let visitor: TestClient;

const switches = (saved: boolean, login = true) =>
  ctx.db
    .updateTable('employers')
    .set({ saved_search_notification_enabled: saved ? 1 : 0, candidate_login_enabled: login ? 1 : 0 })
    .where('domain', '=', DEMO_DOMAIN)
    .execute();

beforeAll(async () => {
  gazetteer(); // loaded once (about a second), as the server does before it listens
  ({ casey, olive, visitor } = await demoClients(ctx.app));
});

async function metadata(client: TestClient, query: string): Promise<SearchData['savedSearchMetadata']> {
  const res = await client.get(`/api/pcsx/search?domain=${DEMO_DOMAIN}&${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data as SearchData).savedSearchMetadata;
}

const list = async (client: TestClient) => {
  const res = await client.get('/api/pcsx/saved_searches');
  expect(res.statusCode).toBe(200);
  expect([...Value.Errors(SavedSearchesResponse, res.json())]).toEqual([]);
  return res.json().data as { savedSearches: Array<{ id: number; query: string }>; limit: number };
};

describe('saved searches', () => {
  it('are refused while the employer does not offer them (flag off, or candidate login off)', async () => {
    await switches(false);
    for (const res of [
      await casey.get('/api/pcsx/saved_searches'),
      await casey.post('/api/pcsx/saved_searches', { query: 'robot' }),
      await casey.post('/api/pcsx/saved_searches/delete', { saved_search_id: 1 }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'saved_searches_disabled' });
      expect(res.json().message).toContain('Saved searches are not offered');
    }
    expect(await metadata(casey, 'query=robot')).toBeNull();
    await switches(true, false);
    expect((await casey.post('/api/pcsx/saved_searches', { query: 'robot' })).statusCode).toBe(403);
    expect(await metadata(casey, 'query=robot')).toBeNull();
    expect(await ctx.db.selectFrom('saved_searches').selectAll().execute()).toEqual([]);
  });

  it('saves a search once (the same parameters again answer the same one) and lists it', async () => {
    await switches(true);
    const first = await casey.post('/api/pcsx/saved_searches', {
      query: ' robot ',
      location: 'Toronto',
      filter_department: ['Robotics', 'Data Science'],
      filter_employment_type: 'Full-time',
      hl: 'fr',
    });
    expect(first.statusCode).toBe(200);
    expect([...Value.Errors(SavedSearchResponse, first.json())]).toEqual([]);
    const saved = first.json().data;
    expect(saved).toMatchObject({
      query: 'robot',
      location: 'Toronto',
      filters: { department: ['Data Science', 'Robotics'], employment_type: ['Full-time'] },
      sort_by: 'relevance',
      url:
        `/careers/search?domain=${DEMO_DOMAIN}&query=robot&location=Toronto&start=&pid=&map_bounds=&sort_by=relevance` +
        '&filter_department=Data%20Science,Robotics&filter_employment_type=Full-time&filter_location=&filter_remote=&filter_skills=&filter_distance=',
    });
    const again = await casey.post('/api/pcsx/saved_searches', {
      query: 'robot',
      location: ' Toronto',
      filter_department: 'Robotics,Data Science',
      filter_employment_type: ['Full-time', 'Full-time'],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(saved.id);
    const mine = await list(casey);
    expect(mine.savedSearches.map((search) => search.id)).toEqual([saved.id]);
    expect(mine.limit).toBe(SAVED_SEARCH_LIMIT);
    const row = await ctx.db.selectFrom('saved_searches').selectAll().executeTakeFirstOrThrow();
    expect(row.language).toBe('fr-FR');
  });

  it('puts savedSearchMetadata in the search answer of a signed-in candidate', async () => {
    const [saved] = (await list(casey)).savedSearches;
    expect(
      await metadata(
        casey,
        'query=robot&location=Toronto&filter_department=Robotics&filter_department=Data%20Science&filter_employment_type=Full-time',
      ),
    ).toEqual({
      query: 'robot',
      location: 'Toronto',
      filters: { department: ['Robotics', 'Data Science'], employment_type: ['Full-time'] },
      sort_by: 'relevance',
      savedSearchId: saved!.id,
      canSave: false,
    });
    expect(await metadata(casey, 'query=robot&location=Toronto')).toMatchObject({
      savedSearchId: null,
      canSave: true,
    });
    expect(
      await metadata(olive, 'query=robot&location=Toronto&filter_department=Robotics,Data%20Science'),
    ).toMatchObject({
      savedSearchId: null,
      canSave: true,
    });
    expect(await metadata(visitor, 'query=robot')).toBeNull();
  });

  it('answers 400 naming the field for parameters the search refuses, and needs the CSRF token', async () => {
    const bad = await casey.post('/api/pcsx/saved_searches', { filter_remote: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'filter_remote' });
    // The field comes in the body: the message says so, not `querystring/`.
    expect(bad.json().message).toMatch(/^body\/filter_remote values must be "true" or "false"/);
    const unknown = await casey.post('/api/pcsx/saved_searches', { filter_colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    const noCsrf = await casey.post('/api/pcsx/saved_searches', { query: 'csrf' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ code: 'invalid_csrf' });
    expect((await visitor.get('/api/pcsx/saved_searches')).statusCode).toBe(401);
    expect((await list(casey)).savedSearches).toHaveLength(1);
  });

  it('never shows or deletes another candidate’s saved search', async () => {
    const [saved] = (await list(casey)).savedSearches;
    expect((await list(olive)).savedSearches).toEqual([]);
    const foreign = await olive.post('/api/pcsx/saved_searches/delete', { saved_search_id: saved!.id });
    const missing = await olive.post('/api/pcsx/saved_searches/delete', { saved_search_id: 2147483647 });
    expect(foreign.statusCode).toBe(404);
    expect({ status: missing.statusCode, code: missing.json().code }).toEqual({
      status: foreign.statusCode,
      code: foreign.json().code,
    });
    expect((await list(casey)).savedSearches).toHaveLength(1);
  });

  it('deletes the candidate’s own saved search', async () => {
    const [saved] = (await list(casey)).savedSearches;
    const res = await casey.post('/api/pcsx/saved_searches/delete', { saved_search_id: saved!.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { savedSearchId: saved!.id, deleted: true } });
    expect((await list(casey)).savedSearches).toEqual([]);
    expect((await casey.post('/api/pcsx/saved_searches/delete', { saved_search_id: saved!.id })).statusCode).toBe(404);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMIT} per candidate (409 naming the limit)`, async () => {
    for (let index = 0; index < SAVED_SEARCH_LIMIT; index += 1) {
      const res = await olive.post('/api/pcsx/saved_searches', { query: `word${index}` });
      expect(res.statusCode).toBe(200);
    }
    const over = await olive.post('/api/pcsx/saved_searches', { query: 'one too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'conflict', field: 'saved_searches' });
    expect(over.json().message).toContain(`at most ${SAVED_SEARCH_LIMIT}`);
    // Saving one already kept still answers it; the limit does not offer saving a new one.
    expect((await olive.post('/api/pcsx/saved_searches', { query: 'word3' })).statusCode).toBe(200);
    expect(await metadata(olive, 'query=another')).toMatchObject({ savedSearchId: null, canSave: false });
    expect((await list(olive)).savedSearches).toHaveLength(SAVED_SEARCH_LIMIT);
    // Casey's own limit is untouched.
    expect((await casey.post('/api/pcsx/saved_searches', { query: 'mine' })).statusCode).toBe(200);
  });
});
