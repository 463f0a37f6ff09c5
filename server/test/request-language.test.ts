/**
 * The one language rule of every route and page (decision 025, server/src/i18n/plugin.ts): `hl`, else the
 * signed-in candidate's chosen language, else the best supported match of `Accept-Language`, else the employer's
 * default language, else English; each step limited to the languages the employer offers. One
 * test per way the language was worked out before: position insights (which ignored `Accept-Language`), dashboard
 * cards (which followed it before the chosen language), the host page (`hl`, else the chosen language), and the
 * header's matching itself.
 */
import { seedDemoDashboard } from '../src/dashboard/demo';
import { translator } from '../src/i18n';
import { acceptedLanguage } from '../src/i18n/plugin';
import { seedDemoPositions } from '../src/positions/demo-positions';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, TestClient, useTestApp, signedIn, withEmployerConfig } from './helpers';

const ctx = useTestApp();
const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };

describe('Accept-Language: the best supported match', () => {
  it.each([
    ['fr-CA', 'fr-CA'],
    ['fr-BE', 'fr-BE'],
    ['fr-CH', 'fr-FR'],
    ['de-DE, fr;q=0.8, en;q=0.5', 'de-DE'],
    ['en;q=0.4, fr;q=0.9', 'fr-FR'],
    ['en;q=0.4, fr-CA;q=0.9', 'fr-CA'],
    ['fr;q=0, en', 'en'],
    ['de, ja', 'de-DE'],
    ['zh-HK, en;q=0.1', 'zh-TW'],
    ['fa, xx', null],
    ['*', null],
    ['', null],
  ])('%j → %j', (header, expected) => {
    expect(acceptedLanguage(header)).toBe(expected);
  });

  it.each([
    ['fr-BE', ['en', 'fr-CA'], 'fr-CA'],
    ['pt-PT, en;q=0.5', ['en', 'pt-BR'], 'pt-BR'],
    ['zh-TW, en;q=0.5', ['en', 'zh-CN'], 'en'],
    ['de-DE, fr;q=0.8', ['en', 'fr-CA'], 'fr-CA'],
    ['de-DE', ['en', 'fr-CA'], null],
  ])('%j among the employer’s %j → %j', (header, supported, expected) => {
    expect(acceptedLanguage(header, supported)).toBe(expected);
  });
});

describe('request.language on the routes', () => {
  let positionId: number;
  beforeAll(async () => {
    await seedDemoPositions(ctx.db, { domain: DEMO_DOMAIN, count: 20 });
    const search = await ctx.app.inject({ method: 'GET', url: `/api/pcsx/search?domain=${DEMO_DOMAIN}` });
    positionId = (search.json().data.positions as Array<{ id: number }>)[0]!.id;
    // Offers, forms and drafts for the dashboard's nudges (cards with text in the answer's language).
    expect(await seedDemoDashboard(ctx.db, DEMO_DOMAIN)).toBe(true);
  });

  it('position insights follow Accept-Language when there is no hl (they answered in English before)', async () => {
    const visitor = new TestClient(ctx.app);
    const url = `/api/pcsx/position_insights?domain=${DEMO_DOMAIN}&position_id=${positionId}`;
    const french = (await visitor.get(url, FRENCH)).json().data.insights[0].text as string;
    expect(french).toMatch(/^Publié /);
    expect((await visitor.get(url, ENGLISH)).json().data.insights[0].text).toMatch(/^Posted /);
    // `hl` decides over the header.
    expect((await visitor.get(`${url}&hl=en`, FRENCH)).json().data.insights[0].text).toMatch(/^Posted /);
  });

  it('dashboard cards follow hl first, then the chosen language, then Accept-Language', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const url = `/api/pcsx/dashboard/nudges?domain=${DEMO_DOMAIN}`;
    const nudges = async (query: string, headers: Record<string, string>) => {
      const res = await casey.get(`${url}${query}`, headers);
      expect(res.statusCode).toBe(200);
      return JSON.stringify(res.json().data);
    };
    const english = await nudges('&hl=en', FRENCH);
    const french = await nudges('&hl=fr-CA', ENGLISH);
    expect(french).not.toBe(english);
    expect(await nudges('', FRENCH)).toBe(french);
    expect(await nudges('', ENGLISH)).toBe(english);
    // A chosen language decides over the header, and `hl` over both.
    expect((await casey.post('/api/pcsx/settings', { language: 'fr-CA' })).statusCode).toBe(200);
    expect(await nudges('', ENGLISH)).toBe(french);
    expect(await nudges('&hl=en', FRENCH)).toBe(english);
    expect((await casey.post('/api/pcsx/settings', { language: 'en' })).statusCode).toBe(200);
  });

  it('the host page: hl, else the chosen language, else Accept-Language', async () => {
    const visitor = new TestClient(ctx.app);
    const lang = async (query: string, headers: Record<string, string>) =>
      /<html lang="([^"]+)"/.exec((await visitor.get(`/careers${query}`, headers)).body)?.[1];
    expect(await lang('', FRENCH)).toBe('fr-CA');
    expect(await lang('', ENGLISH)).toBe('en');
    expect(await lang('?hl=en', FRENCH)).toBe('en');
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    expect((await casey.post('/api/pcsx/settings', { language: 'fr-CA' })).statusCode).toBe(200);
    const caseyLang = async (query: string, headers: Record<string, string>) =>
      /<html lang="([^"]+)"/.exec((await casey.get(`/careers${query}`, headers)).body)?.[1];
    expect(await caseyLang('', ENGLISH)).toBe('fr-CA');
    expect(await caseyLang('?hl=en', FRENCH)).toBe('en');
    expect((await casey.post('/api/pcsx/settings', { language: 'en' })).statusCode).toBe(200);
    expect(await caseyLang('', FRENCH)).toBe('en');
  });

  it('every step is limited to the employer’s languages, and its default language answers last', async () => {
    const config = { supportedLanguages: ['en', 'fr-FR', 'pt-BR', 'zh-CN'], defaultLanguage: 'fr-FR' };
    await withEmployerConfig(ctx.db, DEMO_DOMAIN, config, async () => {
      const visitor = new TestClient(ctx.app);
      const lang = async (query: string, headers: Record<string, string>) =>
        /<html lang="([^"]+)"/.exec((await visitor.get(`/careers${query}`, headers)).body)?.[1];
      // Not offered: its stand-in (fr-CA reads fr-FR, pt-PT reads pt-BR), never Simplified for Traditional Chinese.
      expect(await lang('', FRENCH)).toBe('fr-FR');
      expect(await lang('', { 'accept-language': 'pt-PT' })).toBe('pt-BR');
      expect(await lang('', { 'accept-language': 'zh-TW' })).toBe('fr-FR');
      expect(await lang('', { 'accept-language': 'de-DE, ja' })).toBe('fr-FR');
      expect(await lang('?hl=de-DE', ENGLISH)).toBe('en');
      expect(await lang('?hl=zh-CN', ENGLISH)).toBe('zh-CN');
      // The candidate may choose only an offered language; the answer names the field.
      const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
      const refused = await casey.post('/api/pcsx/settings', { language: 'de-DE' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'language' });
      // Casey chose English above; a visitor's page follows the header's stand-in.
      const settings = await casey.get(`/api/pcsx/settings?domain=${DEMO_DOMAIN}`, { 'accept-language': 'pt-PT' });
      expect(settings.json().data).toMatchObject({ supportedLanguages: config.supportedLanguages, language: 'en' });
      const boot = await visitor.get(`/careers`, { 'accept-language': 'pt-PT' });
      expect(boot.body).toContain('"supportedLanguages":["en","fr-FR","pt-BR","zh-CN"]');
    });
  });

  it('titles a page without a title of its own in its language when that is not the employer’s default', async () => {
    const visitor = new TestClient(ctx.app);
    const titleOf = async (query: string) =>
      /<title>([^<]*)<\/title>/.exec((await visitor.get(`/careers/offers${query}`, ENGLISH)).body)?.[1];
    const german = translator('de-DE')('shell.brand', { company: 'Acme Robotics' });
    expect(german).not.toBe('Careers at Acme Robotics');
    expect(await titleOf('?hl=de-DE')).toBe(german);
    // In the employer's default language the template's own title stays.
    expect(await titleOf('')).toBe('Test host');
  });
});

describe('error messages in the request’s language (docs/product/languages.md#error-messages)', () => {
  const fr = translator('fr-CA');

  it('a message the route wrote in English becomes its kind’s text in the request’s language, the English in `detail`', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const url = '/api/pcsx/saved_searches/delete';
    const body = { domain: DEMO_DOMAIN, saved_search_id: 987654 };
    const french = await casey.post(`${url}?hl=fr-CA`, body);
    const english = await casey.post(`${url}?hl=en`, body);
    expect(french.statusCode).toBe(404);
    expect(english.statusCode).toBe(404);
    const [frenchBody, englishBody] = [french.json(), english.json()];
    expect(frenchBody.code).toBe('not_found');
    expect(englishBody.code).toBe('not_found');
    expect(englishBody.message).toBe('Saved search 987654 not found.');
    expect(frenchBody.message).toBe(fr('apiErrors.notFound'));
    expect(frenchBody.message).not.toBe(englishBody.message);
    expect(frenchBody.detail).toBe(englishBody.message);
    // In English the route's own words are the message, with no `detail`.
    expect(englishBody.detail).toBeUndefined();
  });

  it('a 400 keeps its `field`; a route that has no match answers in the request’s language too', async () => {
    const visitor = new TestClient(ctx.app);
    const bad = await visitor.get(`/api/pcsx/search?domain=${DEMO_DOMAIN}&location=${'%01'}`, {
      'accept-language': 'de-DE',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'location',
      message: translator('de-DE')('apiErrors.invalid'),
      detail: expect.stringContaining('location'),
    });
    const none = await visitor.get(`/api/pcsx/no_such_call?hl=ja-JP`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'not_found', message: translator('ja-JP')('apiErrors.notFound') });
  });

  it('a message the route wrote with the request’s translator is sent as it is', async () => {
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const res = await casey.get(
      `/api/pcsx/dashboard/applications/export?domain=${DEMO_DOMAIN}&tz=Mars/Olympus&hl=fr-CA`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'tz',
      message: fr('dashboard.errors.badTimeZone', { zone: 'Mars/Olympus' }),
    });
    expect(res.json().detail).toBeUndefined();
  });
});
