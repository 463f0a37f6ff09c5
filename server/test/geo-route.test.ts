/** GET /api/pcsx/location_suggestions: the location box's suggestions, for signed-out visitors too. */
import { Value } from '@sinclair/typebox/value';
import { LocationSuggestionsResponse, type LocationSuggestion } from '../src/contract';
import { LOCATION_SUGGESTIONS_CACHE_CONTROL } from '../src/geo/routes';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, TestClient, useTestApp, signedIn } from './helpers';

const ctx = useTestApp();
const PATH = '/api/pcsx/location_suggestions';

const url = (query: Record<string, string>) => `${PATH}?${new URLSearchParams(query).toString()}`;
const suggestionsOf = (res: { json: () => unknown }) =>
  (res.json() as { data: { suggestions: LocationSuggestion[] } }).data.suggestions;

describe(`GET ${PATH}`, () => {
  it('answers a signed-out visitor in the contract shape, best match first, cacheable and without cookies', async () => {
    const visitor = new TestClient(ctx.app);
    const res = await visitor.get(url({ query: 'montreal', domain: DEMO_DOMAIN }));
    expect(res.statusCode).toBe(200);
    expect(Value.Check(LocationSuggestionsResponse, res.json())).toBe(true);
    const [first] = suggestionsOf(res);
    expect(first).toEqual({
      label: 'Montréal, Quebec, Canada',
      name: 'Montréal',
      region: 'Quebec',
      country: 'Canada',
      countryCode: 'CA',
      lat: expect.closeTo(45.5, 0),
      lng: expect.closeTo(-73.56, 0),
    });
    // Nothing of a visitor in a cacheable answer: no cookie, no CSRF token.
    expect(res.headers['cache-control']).toBe(LOCATION_SUGGESTIONS_CACHE_CONTROL);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-csrf-token']).toBeUndefined();
  });

  it('gives a signed-in candidate the same answer, and leaves the session alone', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const token = casey.csrfToken;
    const withSession = await casey.get(url({ query: 'tor' }));
    const signedOut = await new TestClient(ctx.app).get(url({ query: 'tor' }));
    expect(withSession.statusCode).toBe(200);
    expect(withSession.body).toBe(signedOut.body);
    expect(withSession.headers['x-csrf-token']).toBeUndefined();
    expect(withSession.headers['set-cookie']).toBeUndefined();
    expect(casey.csrfToken).toBe(token);
    expect((await casey.get('/api/pcsx/notification_badge')).statusCode).toBe(200);
    // Another employer's domain (here one without open positions, unknown) changes nothing of the visitor's; the
    // cities of an employer's open positions come first (location-suggestions-jobs.test.ts).
    expect((await casey.get(url({ query: 'tor', domain: 'globex.example' }))).body).toBe(signedOut.body);
  });

  it('ranks by population and finds accented names, region codes and non-Latin country names', async () => {
    const client = new TestClient(ctx.app);
    const labels = async (query: string, limit?: number) => {
      const res = await client.get(url(limit === undefined ? { query } : { query, limit: String(limit) }));
      expect(res.statusCode).toBe(200);
      return suggestionsOf(res).map((place) => place.label);
    };
    expect((await labels('tor'))[0]).toBe('Toronto, Ontario, Canada');
    expect(await labels('Waterloo, ON')).toEqual(['Waterloo, Ontario, Canada']);
    expect(await labels('日本', 2)).toEqual(['Tokyo, Japan', 'Ōsaka, Japan']);
    expect(await labels('zzzzqqq')).toEqual([]);
  });

  it('gives 10 suggestions by default, `limit` up to 20', async () => {
    const client = new TestClient(ctx.app);
    expect(suggestionsOf(await client.get(url({ query: 'a' })))).toHaveLength(10);
    expect(suggestionsOf(await client.get(url({ query: 'a', limit: '1' })))).toHaveLength(1);
    expect(suggestionsOf(await client.get(url({ query: 'a', limit: '20' })))).toHaveLength(20);
  });

  it('accepts a query of 100 characters', async () => {
    const res = await new TestClient(ctx.app).get(url({ query: 'a'.repeat(100) }));
    expect(res.statusCode).toBe(200);
    expect(suggestionsOf(res)).toEqual([]);
  });

  describe('bad input: 400 naming the field, never cached', () => {
    const cases: Array<[string, string, string]> = [
      ['no query', PATH, 'query'],
      ['an empty query', url({ query: '' }), 'query'],
      ['a blank query', url({ query: '   ' }), 'query'],
      ['a query over 100 characters', url({ query: 'a'.repeat(101) }), 'query'],
      ['two queries', `${PATH}?query=a&query=b`, 'query'],
      ['limit 0', url({ query: 'a', limit: '0' }), 'limit'],
      ['limit 21', url({ query: 'a', limit: '21' }), 'limit'],
      ['a limit that is not an integer', url({ query: 'a', limit: '2.5' }), 'limit'],
      ['a limit that is text', url({ query: 'a', limit: 'ten' }), 'limit'],
      ['a domain that is not a domain', url({ query: 'a', domain: 'not a domain' }), 'domain'],
      ['an unknown parameter', url({ query: 'a', radius: '5' }), 'radius'],
    ];
    it.each(cases)('%s', async (_what, address, field) => {
      const res = await new TestClient(ctx.app).get(address);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: expect.any(String), field });
      expect(String(res.json().message)).toContain(`querystring/${field}`);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  it('is described in the OpenAPI document as open to signed-out visitors', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { security?: unknown; parameters?: Array<{ name: string }> } }>;
    };
    const operation = doc.paths[PATH]?.get;
    expect(operation).toBeDefined();
    expect(operation!.security ?? []).toEqual([]);
    expect(operation!.parameters!.map((parameter) => parameter.name).sort()).toEqual(['domain', 'limit', 'query']);
  });
});
