/**
 * Crawlable job pages (issue 9): the position page's title, meta description, canonical link and JobPosting
 * (JSON-LD) for every demo position, checked against what search engines require; 404 with a notice for positions
 * that are not open; the sitemap of open positions (and its index past 50,000); robots.txt.
 */
import Fastify from 'fastify';
import { registerErrorHandling } from '../src/http/error-handler';
import { typeboxValidatorCompiler } from '../src/http/validation';
import { createEmployerRepository } from '../src/employers/repository';
import { seedDemoPositions } from '../src/positions/demo-positions';
import { insertPositions, type NewPosition } from '../src/positions/repository';
import { isOpenAt as isOpen } from '../src/positions/open';
import { addressOf, employmentTypeOf, htmlToPlainText, metaDescriptionOf } from '../src/web/job-page';
import { SHIPPED_LANGUAGES } from '../src/contract';
import { disallowedPaths, registerSeoRoutes } from '../src/web/seo';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, TestClient, useTestApp, signedIn, withEmployerConfig } from './helpers';

const ctx = useTestApp();
jest.setTimeout(120_000);

const COMPANY = 'Acme Robotics';
const OTHER_DOMAIN = 'globex.example';
/** The careers origin of the test configuration (PUBLIC_ORIGINS defaults to localhost and 127.0.0.1, port 8080). */
const ORIGIN = 'http://localhost:8080';

interface Row {
  id: number;
  domain: string;
  title: string;
  description: string;
  employment_type: string;
  remote: number;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  posted_at: string;
  valid_through: string | null;
  archived_at: string | null;
}

let rows: Row[] = [];
let locationsOf = new Map<number, Array<{ name: string; lat: number; lng: number }>>();
const now = () => new Date().toISOString();

const openRows = () => rows.filter((row) => row.domain === DEMO_DOMAIN && isOpen(row, now()));
const closedRows = () => rows.filter((row) => row.domain === DEMO_DOMAIN && !isOpen(row, now()));

async function loadRows() {
  rows = (await ctx.db.selectFrom('positions').selectAll().orderBy('id').execute()).map((row) => ({
    ...row,
    salary_min: row.salary_min === null ? null : Number(row.salary_min),
    salary_max: row.salary_max === null ? null : Number(row.salary_max),
  }));
  locationsOf = new Map();
  for (const location of await ctx.db.selectFrom('position_locations').selectAll().orderBy('id').execute()) {
    const list = locationsOf.get(location.position_id) ?? [];
    list.push({ name: location.name, lat: Number(location.lat), lng: Number(location.lng) });
    locationsOf.set(location.position_id, list);
  }
}

const base = (overrides: Partial<NewPosition>): NewPosition => ({
  domain: DEMO_DOMAIN,
  title: 'Test Position',
  description: '<p>Test</p>',
  department: 'Engineering',
  employmentType: 'Full-time',
  remote: false,
  salaryMin: null,
  salaryMax: null,
  salaryCurrency: null,
  skills: ['Go'],
  locations: [{ name: 'Toronto, ON, Canada', lat: 43.6532, lng: -79.3832 }],
  postedAt: new Date(Date.now() - 86_400_000).toISOString(),
  validThrough: null,
  archivedAt: null,
  ...overrides,
});

beforeAll(async () => {
  // The demo employer's positions (the seed adds them; added here too when this database has none yet).
  await seedDemoPositions(ctx.db, { domain: DEMO_DOMAIN });
  await createEmployerRepository(ctx.db).create(
    { domain: OTHER_DOMAIN, companyName: 'Globex', notificationsEnabled: false, actionRequiredConfigured: false },
    new Date(),
  );
  await insertPositions(ctx.db, [
    base({
      domain: OTHER_DOMAIN,
      title: 'Globex Welder',
      locations: [{ name: 'Paris, France', lat: 48.8566, lng: 2.3522 }],
    }),
  ]);
  await loadRows();
});

// ---------------------------------------------------------------------------------------------------------------
// Reading the page

function jsonLdOf(html: string): Record<string, unknown> | null {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  if (blocks.length === 0) return null;
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
}

const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? null;
const metaDescriptionIn = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? null;
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null;
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

// ---------------------------------------------------------------------------------------------------------------
// What search engines require of a JobPosting (Google's structured data guidelines and schema.org types)

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
const isCountryCode = (value: unknown) =>
  typeof value === 'string' && /^[A-Z]{2}$/.test(value) && !!regionNames.of(value);
const isText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/\s]+\/\S*$/.test(value);
const isDate = (value: unknown) =>
  typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const typed = (value: unknown, type: string): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>)['@type'] === type;

/** Every way the posting falls short of the required and recommended properties, for one position row. */
function problemsOf(posting: Record<string, unknown> | null, row: Row): string[] {
  if (!posting) return ['no JSON-LD'];
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  check(posting['@context'] === 'https://schema.org', '@context');
  check(posting['@type'] === 'JobPosting', '@type');
  // Required
  check(posting.title === row.title && isText(posting.title), 'title');
  check(posting.description === row.description && isText(posting.description), 'description');
  check(isDate(posting.datePosted) && posting.datePosted === row.posted_at, 'datePosted');
  const org = posting.hiringOrganization;
  check(typed(org, 'Organization') && org.name === COMPANY && isAbsoluteUrl(org.url), 'hiringOrganization');
  const places = list(posting.jobLocation);
  const telecommute = posting.jobLocationType === 'TELECOMMUTE';
  check(places.length > 0 || telecommute, 'jobLocation or jobLocationType TELECOMMUTE');
  for (const place of places) {
    const address = typed(place, 'Place') ? place.address : null;
    check(
      typed(address, 'PostalAddress') && isText(address.addressLocality) && isCountryCode(address.addressCountry),
      `jobLocation address ${JSON.stringify(place)}`,
    );
  }
  check(places.length === (locationsOf.get(row.id) ?? []).length, 'one jobLocation per location');
  check(telecommute === (row.remote === 1), 'jobLocationType TELECOMMUTE exactly for remote positions');
  if (telecommute) {
    const countries = list(posting.applicantLocationRequirements);
    check(
      countries.length > 0 && countries.every((country) => typed(country, 'Country') && isText(country.name)),
      'applicantLocationRequirements (Country) for a remote position',
    );
  }
  // Recommended
  if (row.valid_through === null) check(posting.validThrough === undefined, 'no validThrough without one');
  else {
    check(isDate(posting.validThrough) && posting.validThrough === row.valid_through, 'validThrough');
    check(Date.parse(String(posting.validThrough)) > Date.now(), 'validThrough in the future');
  }
  check(
    EMPLOYMENT_TYPES.includes(String(posting.employmentType)) && posting.employmentType !== 'OTHER',
    'employmentType',
  );
  const identifier = posting.identifier;
  check(
    typed(identifier, 'PropertyValue') && identifier.name === COMPANY && identifier.value === String(row.id),
    'identifier',
  );
  check(posting.directApply === true, 'directApply');
  check(posting.url === `${ORIGIN}/careers/job/${row.id}`, 'url');
  const salary = posting.baseSalary;
  if (row.salary_currency === null) check(salary === undefined, 'no baseSalary without one');
  else {
    const value = typed(salary, 'MonetaryAmount') ? salary.value : null;
    check(
      typed(salary, 'MonetaryAmount') &&
        CURRENCIES.has(String(salary.currency)) &&
        salary.currency === row.salary_currency,
      'baseSalary currency (ISO 4217)',
    );
    check(
      typed(value, 'QuantitativeValue') &&
        value.minValue === row.salary_min &&
        value.maxValue === row.salary_max &&
        typeof value.minValue === 'number' &&
        typeof value.maxValue === 'number' &&
        value.minValue <= value.maxValue &&
        value.unitText === 'YEAR',
      'baseSalary value (QuantitativeValue minValue <= maxValue, YEAR)',
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------

describe('position pages', () => {
  it('every open demo position has a JobPosting with the required and recommended properties', async () => {
    const open = openRows();
    expect(open.length).toBeGreaterThan(1500);
    // Every kind of position is among them: remote with and without a place, several places, with and without salary.
    expect(open.some((row) => row.remote === 1 && !locationsOf.has(row.id))).toBe(true);
    expect(open.some((row) => row.remote === 1 && locationsOf.has(row.id))).toBe(true);
    expect(open.some((row) => (locationsOf.get(row.id)?.length ?? 0) > 1)).toBe(true);
    expect(open.some((row) => row.salary_currency === null)).toBe(true);
    expect(open.some((row) => row.valid_through !== null)).toBe(true);
    const failures: string[] = [];
    // Through the real page route, in parallel batches.
    for (let at = 0; at < open.length; at += 50) {
      await Promise.all(
        open.slice(at, at + 50).map(async (row) => {
          const res = await ctx.app.inject({ method: 'GET', url: `/careers/job/${row.id}` });
          if (res.statusCode !== 200) {
            failures.push(`${row.id}: status ${res.statusCode}`);
            return;
          }
          const problems = problemsOf(jsonLdOf(res.body), row);
          if (titleOf(res.body) !== `${row.title} | ${COMPANY}`) problems.push(`title ${titleOf(res.body)}`);
          if (canonicalOf(res.body) !== `${ORIGIN}/careers/job/${row.id}`) problems.push('canonical');
          const description = metaDescriptionIn(res.body);
          if (
            !description ||
            /<|&(?!amp;|quot;|#39;|lt;|gt;)/.test(description) ||
            unescape(description).length > 160
          ) {
            problems.push(`meta description ${description}`);
          }
          if (/<meta name="robots"/.test(res.body)) problems.push('noindex on an open position');
          if (problems.length > 0) failures.push(`${row.id}: ${problems.join('; ')}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  });

  it('the remote positions without a place name the countries the employer hires in', async () => {
    const row = openRows().find((candidate) => candidate.remote === 1 && !locationsOf.has(candidate.id))!;
    const posting = jsonLdOf((await ctx.app.inject({ method: 'GET', url: `/careers/job/${row.id}` })).body)!;
    const names = list(posting.applicantLocationRequirements).map((country) => (country as { name: string }).name);
    expect(names).toEqual(expect.arrayContaining(['Canada', 'United States']));
    expect(posting.jobLocation).toBeUndefined();
  });

  it('answers 404 with noindex and a notice for archived, expired, unknown and other employers’ positions', async () => {
    const archived = closedRows().find((row) => row.archived_at !== null)!;
    const expired = closedRows().find((row) => row.archived_at === null && row.valid_through !== null)!;
    expect(archived).toBeDefined();
    expect(expired).toBeDefined();
    const globex = rows.find((row) => row.domain === OTHER_DOMAIN)!;
    const [future] = await insertPositions(ctx.db, [
      base({ title: 'Not yet posted', postedAt: new Date(Date.now() + 86_400_000).toISOString() }),
    ]);
    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const addresses = [
      `/careers/job/${archived.id}`,
      `/careers/job/${expired.id}`,
      `/careers/job/${future}`,
      `/careers/job/private?pid=${archived.id}`,
      `/careers/job/${globex.id}`,
      '/careers/job/99999999',
      '/careers/job/0',
      '/careers/job/99999999999999999999999',
      '/careers/job/not-a-number',
      '/careers/job',
    ];
    for (const url of addresses) {
      for (const client of [new TestClient(ctx.app), casey]) {
        const res = await client.get(url);
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<meta name="robots" content="noindex">');
        expect(jsonLdOf(res.body)).toBeNull();
        expect(canonicalOf(res.body)).toBeNull();
        // The employer's page is still there, with the notice in the page slot.
        expect(res.body).toContain('id="careers-boot-data"');
        expect(res.body).toMatch(
          /<div id="careers-main"><section class="careers-notice" role="status" data-careers-notice><h2>This position is no longer open<\/h2>/,
        );
        expect(res.body).toContain(`<a href="/careers">See all open positions at ${COMPANY}</a>`);
      }
    }
    const french = await ctx.app.inject({ method: 'GET', url: `/careers/job/${archived.id}?hl=fr-CA` });
    expect(french.statusCode).toBe(404);
    expect(french.body).toContain('<h2>Ce poste n’est plus ouvert</h2>');
    expect(french.body).toContain(`<a href="/careers?hl=fr-CA">Voir tous les postes ouverts chez ${COMPANY}</a>`);
    // The other employer's position is found on its own careers page, with the domain in its canonical address.
    const own = await ctx.app.inject({ method: 'GET', url: `/careers/job/${globex.id}?domain=${OTHER_DOMAIN}` });
    expect(own.statusCode).toBe(200);
    expect(canonicalOf(own.body)).toBe(`${ORIGIN}/careers/job/${globex.id}?domain=${OTHER_DOMAIN}`);
    expect(titleOf(own.body)).toBe('Globex Welder | Globex');
  });

  it('the private address and a slug give the same position, canonical at /careers/job/{id}', async () => {
    const row = openRows()[0]!;
    for (const url of [`/careers/job/private?pid=${row.id}`, `/careers/job/${row.id}-some-slug?hl=fr-CA`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      // One canonical address per language: the employer's default language has the plain one.
      const hl = url.includes('hl=fr-CA') ? '?hl=fr-CA' : '';
      expect(canonicalOf(res.body)).toBe(`${ORIGIN}/careers/job/${row.id}${hl}`);
      expect(problemsOf(jsonLdOf(res.body), row)).toEqual([]);
    }
  });

  it('names its address in every language the employer offers, and describes itself in the page language', async () => {
    const row = openRows()[0]!;
    const alternates = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]),
      );
    const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
    const english = await ctx.app.inject({ method: 'GET', url: `/careers/job/${row.id}` });
    const base = `${ORIGIN}/careers/job/${row.id}`;
    const links = alternates(english.body);
    expect(Object.keys(links)).toHaveLength(SHIPPED_LANGUAGES.length + 1);
    expect(links['x-default']).toBe(base);
    expect(links.en).toBe(base);
    expect(links['ar-SA']).toBe(`${base}?hl=ar-SA`);
    expect(english.body).toMatch(/<html lang="en" dir="ltr"/);
    const arabic = await ctx.app.inject({ method: 'GET', url: `/careers/job/${row.id}?hl=ar-SA` });
    expect(arabic.body).toMatch(/<html lang="ar-SA" dir="rtl"/);
    expect(canonicalOf(arabic.body)).toBe(`${base}?hl=ar-SA`);
    // The position's own text is the employer's (English here); another language's page describes it in its words.
    const french = await ctx.app.inject({ method: 'GET', url: `/careers/job/${row.id}?hl=fr-CA` });
    expect(descriptionOf(english.body)).not.toBe(descriptionOf(french.body));
    expect(descriptionOf(french.body)).toContain(' chez ');
    // Only the languages the employer offers.
    await withEmployerConfig(
      ctx.db,
      DEMO_DOMAIN,
      { supportedLanguages: ['fr-CA', 'en'], defaultLanguage: 'fr-CA' },
      async () => {
        const page = await ctx.app.inject({ method: 'GET', url: `/careers/job/${row.id}?hl=en` });
        expect(alternates(page.body)).toEqual({ 'fr-CA': base, en: `${base}?hl=en`, 'x-default': base });
        expect(canonicalOf(page.body)).toBe(`${base}?hl=en`);
      },
    );
  });

  it('a title and description made to break out of the script stay inside the JSON', async () => {
    const title = '</script><script>alert(1)</script><!--';
    const description = '<p>Hi</p></script><script>alert(2)</script>\u2028<img src=x onerror=alert(3)> &amp; more';
    const [id] = await insertPositions(ctx.db, [base({ title, description })]);
    const res = await ctx.app.inject({ method: 'GET', url: `/careers/job/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    // Every script element without a source is a data block (the CSP allows no inline script anyway).
    const inline = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/\bsrc=/.test(a));
    expect(inline.every((attributes) => /type="application\/(ld\+)?json"/.test(attributes))).toBe(true);
    const posting = jsonLdOf(res.body)!;
    expect(posting.title).toBe(title);
    expect(posting.description).toBe(description);
    expect(unescape(titleOf(res.body)!)).toBe(`${title} | ${COMPANY}`);
    expect(unescape(metaDescriptionIn(res.body)!)).toBe('Hi & more');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('the canonical address is on a configured origin, never on a forged Host', async () => {
    const row = openRows()[0]!;
    const url = `/careers/job/${row.id}`;
    const forged = await ctx.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
    expect(canonicalOf(forged.body)).toBe(`${ORIGIN}${url}`);
    expect(forged.body).not.toContain('evil.example');
    const forwarded = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(canonicalOf(forwarded.body)).toBe(`${ORIGIN}${url}`);
    const other = await ctx.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:8080' } });
    expect(canonicalOf(other.body)).toBe(`http://127.0.0.1:8080${url}`);
  });

  it('other careers pages get no position head', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/careers' });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Test host');
    expect(jsonLdOf(res.body)).toBeNull();
    expect(res.body).not.toContain('data-careers-notice');
  });
});

// ---------------------------------------------------------------------------------------------------------------

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescape(m[1]!));

describe('sitemap.xml', () => {
  it('lists exactly the open positions of the employer, newest first, with lastmod', async () => {
    await loadRows();
    const res = await ctx.app.inject({ method: 'GET', url: '/careers/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const expected = openRows()
      .sort((a, b) => b.posted_at.localeCompare(a.posted_at) || b.id - a.id)
      .map((row) => `${ORIGIN}/careers/job/${row.id}`);
    expect(locsOf(res.body)).toEqual(expected);
    const lastmods = [...res.body.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1]!);
    expect(lastmods).toHaveLength(expected.length);
    expect(lastmods.every((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value))).toBe(true);
  });

  it("another employer's sitemap names its domain in every address", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/careers/sitemap.xml?domain=${OTHER_DOMAIN}` });
    const globex = rows.filter((row) => row.domain === OTHER_DOMAIN).map((row) => row.id);
    expect(locsOf(res.body)).toEqual(globex.map((id) => `${ORIGIN}/careers/job/${id}?domain=${OTHER_DOMAIN}`));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/careers/sitemap.xml?domain=nobody.example' })).statusCode,
    ).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: '/careers/sitemap.xml?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'page' });
  });

  it('past the page size, a sitemap index of pages that together list every open position once', async () => {
    const app = Fastify();
    app.setValidatorCompiler(typeboxValidatorCompiler);
    registerErrorHandling(app);
    registerSeoRoutes(app, {
      config: ctx.config,
      employers: createEmployerRepository(ctx.db),
      db: ctx.db,
      sitemapMaxUrls: 400,
    });
    await app.ready();
    try {
      const open = openRows();
      const pages = Math.ceil(open.length / 400);
      const res = await app.inject({ method: 'GET', url: '/careers/sitemap.xml' });
      expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const pageUrls = locsOf(res.body);
      expect(pageUrls).toEqual(Array.from({ length: pages }, (_u, i) => `${ORIGIN}/careers/sitemap.xml?page=${i + 1}`));
      const listed: string[] = [];
      for (const pageUrl of pageUrls) {
        const page = await app.inject({ method: 'GET', url: pageUrl.slice(ORIGIN.length) });
        expect(page.statusCode).toBe(200);
        const locs = locsOf(page.body);
        expect(locs.length).toBeLessThanOrEqual(400);
        listed.push(...locs);
      }
      expect(new Set(listed).size).toBe(listed.length);
      expect(new Set(listed)).toEqual(new Set(open.map((row) => `${ORIGIN}/careers/job/${row.id}`)));
      expect((await app.inject({ method: 'GET', url: `/careers/sitemap.xml?page=${pages + 1}` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('robots.txt', () => {
  it('allows the careers pages, keeps crawlers off the API and sign-in pages, and names the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['set-cookie']).toBeUndefined();
    const lines = res.body.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /careers']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Disallow: /api/',
        'Disallow: /careers/login',
        'Disallow: /logout',
        'Disallow: /careers/dashboard',
        'Disallow: /careers/offer/',
        `Sitemap: ${ORIGIN}/careers/sitemap.xml`,
      ]),
    );
    // Nothing public is disallowed: no position page, no search page.
    for (const path of disallowedPaths()) {
      expect(['/careers/job/1', '/careers/search', '/careers', '/careers/apply'].some((p) => p.startsWith(path))).toBe(
        false,
      );
    }
  });
});

describe('job page helpers', () => {
  it('maps employment types to Google values', () => {
    expect(
      ['Full-time', 'Part-time', 'Contract', 'Internship', 'Temporary', 'full time', 'Per diem'].map(employmentTypeOf),
    ).toEqual(['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'INTERN', 'TEMPORARY', 'FULL_TIME', 'PER_DIEM']);
    expect(employmentTypeOf('Gig')).toBe('OTHER');
  });

  it('makes plain text from HTML and cuts the meta description at a word', () => {
    expect(
      htmlToPlainText(
        '<p>R&amp;D&nbsp;team &#233;&#xe9; &hellip;</p><script>x()</script><style>p{}</style><!-- c -->ok',
      ),
    ).toBe('R&D team éé … ok');
    const long = `<p>${'word '.repeat(60)}</p>`;
    const cut = metaDescriptionOf(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
    expect(metaDescriptionOf('<b>Short</b>')).toBe('Short');
  });

  it('derives addresses from location names, checked against the coordinates', () => {
    expect(addressOf({ name: 'Toronto, ON, Canada', lat: 43.65, lng: -79.38 })).toMatchObject({
      addressLocality: 'Toronto',
      addressRegion: 'Ontario',
      addressCountry: 'CA',
    });
    // A name the gazetteer places elsewhere than the coordinates: the name's own parts.
    expect(addressOf({ name: 'Springfield, Nowhere, Czechia', lat: 0, lng: 0 })).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Springfield',
      addressRegion: 'Nowhere',
      addressCountry: 'CZ',
    });
    expect(addressOf({ name: 'Singapore', lat: 1.35, lng: 103.82 }).addressCountry).toBe('SG');
  });
});
