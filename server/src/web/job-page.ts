/**
 * Crawlable job pages (issue 9): for `/careers/job/{id}` and `/careers/job/private?pid={id}` the host page gets a
 * title, a meta description, a canonical link and `JobPosting` structured data (JSON-LD), so search engines can
 * list the position without running the widgets. A position that is not open (archived, expired, not yet posted,
 * unknown, another employer's) answers 404 with `noindex`, and people get a short notice in the page slot.
 */
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import {
  distanceKm,
  employmentTypeKey,
  type EmploymentTypeKey,
  type PositionDetails,
  type PositionLocation,
} from '../contract';
import type { Database } from '../db/types';
import { employerLanguages } from '../employers/pcsx-config';
import type { Employer, EmployerRepository } from '../employers/repository';
import { normalizeDomain } from '../employers/repository';
import { gazetteer } from '../geo/gazetteer';
import { translator, type Language } from '../i18n';
import { openPosition } from '../positions/open';
import type { PositionRepository } from '../positions/repository';
import { escapeHtml, serializeJsonForScript } from './html';
import { notFoundSeo } from './not-found-page';

/** Largest id a position can have (a 32-bit `serial` on PostgreSQL): a larger one is unknown, never a query. */
const MAX_POSITION_ID = 2_147_483_647;
/** Length of the meta description (search engines show about 155 to 160 characters). */
const DESCRIPTION_LENGTH = 160;
/** A gazetteer city is taken for a location only when it lies this close to the location's own coordinates. */
const SAME_PLACE_KM = 50;
/** How long the countries an employer hires in are kept (they change only when positions open in new places). */
const HIRING_COUNTRIES_TTL_MS = 5 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------------
// Addresses

export interface PostalAddress {
  '@type': 'PostalAddress';
  addressLocality: string;
  addressRegion?: string;
  /** ISO 3166-1 alpha-2 when the country is known by name or code, else the text as written. */
  addressCountry?: string;
}

let countryCodes: Map<string, string> | null = null;

/** Folded English country names (and the codes themselves) → ISO 3166-1 alpha-2, from Intl's region names. */
function countryCodeByName(): Map<string, string> {
  if (countryCodes) return countryCodes;
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });
  const map = new Map<string, string>();
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      if (!name || name === code) continue;
      map.set(code.toLowerCase(), code);
      map.set(name.toLowerCase(), code);
    }
  }
  for (const [alias, code] of Object.entries({ usa: 'US', uk: 'GB', 'united states of america': 'US' })) {
    map.set(alias, code);
  }
  countryCodes = map;
  return map;
}

/** The ISO 3166-1 alpha-2 code of a country name or code ("Canada", "CA", "Czechia"), or null. */
function countryCodeOf(text: string): string | null {
  return countryCodeByName().get(text.trim().toLowerCase()) ?? null;
}

/** The English name of a country code ("CA" → "Canada"). */
function countryName(code: string): string {
  return new Intl.DisplayNames('en', { type: 'region', fallback: 'code' }).of(code) ?? code;
}

/**
 * The postal address of a location, derived from its name: the gazetteer's city when its name matches and it lies
 * within 50 km of the location's coordinates (locality, region and country code from the gazetteer), else the
 * name's comma-separated parts ("City, Region, Country"; a single part that is a country is the country).
 */
export function addressOf(location: PositionLocation): PostalAddress {
  const place = gazetteer().find(location.name);
  if (place && distanceKm(place, location) <= SAME_PLACE_KM) {
    return {
      '@type': 'PostalAddress',
      addressLocality: place.name,
      ...(place.region ? { addressRegion: place.region } : {}),
      addressCountry: place.countryCode,
    };
  }
  const parts = location.name
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const [locality = location.name.trim(), ...rest] = parts;
  const countryText = rest.length > 0 ? rest[rest.length - 1]! : null;
  const country = countryText === null ? countryCodeOf(locality) : (countryCodeOf(countryText) ?? countryText);
  const region = rest.slice(0, -1).join(', ');
  return {
    '@type': 'PostalAddress',
    addressLocality: locality,
    ...(region ? { addressRegion: region } : {}),
    ...(country ? { addressCountry: country } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The JobPosting

/** Google's `employmentType` values, by the interface's employment types. */
const GOOGLE_EMPLOYMENT_TYPES: Record<EmploymentTypeKey, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  volunteer: 'VOLUNTEER',
  per_diem: 'PER_DIEM',
};

/** The `employmentType` for an employment type as the employer wrote it ("Full-time" → FULL_TIME), else OTHER. */
export function employmentTypeOf(text: string): string {
  const key = employmentTypeKey(text);
  return key ? GOOGLE_EMPLOYMENT_TYPES[key] : 'OTHER';
}

const isCurrencyCode = (value: string | null): value is string => value !== null && /^[A-Z]{3}$/.test(value);

interface JobPostingContext {
  company: string;
  /** The page's canonical address. */
  url: string;
  /** The employer's careers home on this site. */
  organizationUrl: string;
  /**
   * Countries (ISO codes) applicants of a remote position without a location may live in: the countries where the
   * employer has open positions (see `hiringCountries`).
   */
  hiringCountries: string[];
}

/**
 * The `JobPosting` (schema.org, with Google's required and recommended properties) of an open position.
 *
 * The description is the employer's HTML as stored: Google asks for the description in HTML and shows it through
 * its own sanitiser; the block is data that no browser runs or renders (`application/ld+json`), and
 * `serializeJsonForScript` writes `<`, `>` and `&` as \u escapes, so no text can close the element. Rewriting the
 * HTML here (with no DOM on the server) could only lose the employer's formatting, and protects no reader.
 */
function buildJobPosting(position: PositionDetails, context: JobPostingContext): Record<string, unknown> {
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: position.name,
    description: position.description,
    identifier: { '@type': 'PropertyValue', name: context.company, value: String(position.id) },
    datePosted: position.posted_at,
    ...(position.valid_through ? { validThrough: position.valid_through } : {}),
    employmentType: employmentTypeOf(position.employment_type),
    hiringOrganization: { '@type': 'Organization', name: context.company, url: context.organizationUrl },
    url: context.url,
    directApply: true,
  };
  if (position.locations.length > 0) {
    const places = position.locations.map((location) => ({ '@type': 'Place', address: addressOf(location) }));
    posting.jobLocation = places.length === 1 ? places[0] : places;
  }
  if (position.is_remote) {
    const fromLocations = position.locations.flatMap((location) => {
      const country = addressOf(location).addressCountry;
      return country && /^[A-Z]{2}$/.test(country) ? [country] : [];
    });
    const countries = [...new Set(fromLocations.length > 0 ? fromLocations : context.hiringCountries)];
    posting.jobLocationType = 'TELECOMMUTE';
    const requirements = countries.map((code) => ({ '@type': 'Country', name: countryName(code) }));
    if (requirements.length > 0) {
      posting.applicantLocationRequirements = requirements.length === 1 ? requirements[0] : requirements;
    }
  }
  const { salary_min: min, salary_max: max, salary_currency: currency } = position;
  if (isCurrencyCode(currency) && (min !== null || max !== null)) {
    const value =
      min !== null && max !== null
        ? { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText: 'YEAR' }
        : { '@type': 'QuantitativeValue', value: min ?? max, unitText: 'YEAR' };
    posting.baseSalary = { '@type': 'MonetaryAmount', currency, value };
  }
  return posting;
}

// ---------------------------------------------------------------------------------------------------------------
// Text

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
};

/** A code point from a numeric character reference, with the replacement character for invalid ones (as HTML). */
function codePoint(value: number): string {
  return value > 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff)
    ? String.fromCodePoint(value)
    : '\ufffd';
}

/** Plain text of an HTML fragment: scripts, styles and comments dropped, tags made spaces, entities decoded. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style|template|noscript)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>?/g, ' ')
    .replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return codePoint(parseInt(name.slice(1), 10));
      return NAMED_ENTITIES[name] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The meta description: the description's plain text, cut at a word near 160 characters with an ellipsis. */
export function metaDescriptionOf(html: string, length = DESCRIPTION_LENGTH): string {
  const text = htmlToPlainText(html);
  const chars = [...text];
  if (chars.length <= length) return text;
  const cut = chars.slice(0, length - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses of the site

/**
 * The query that names the employer in a public address: none for the employer the site shows without one (the
 * default employer), else `?domain=`.
 */
export async function employerQuery(employer: Employer, employers: EmployerRepository, config: Config) {
  const fallback = await employers.findDefault(config.defaultDomain);
  return fallback?.domain === employer.domain ? '' : `?domain=${encodeURIComponent(employer.domain)}`;
}

/** The canonical address of a position page. */
export const jobPageUrl = (origin: string, id: number, query: string) => `${origin}/careers/job/${id}${query}`;

// ---------------------------------------------------------------------------------------------------------------
// The page

/** A position as the job page shows it. */
export interface JobPageSource {
  /** The employer's position when it is open at `now` (the rule of positions/open.ts), else null. */
  position(domain: string, id: number, now: string): Promise<PositionDetails | null>;
  /** ISO codes of the countries where the employer has open positions, most positions first. */
  hiringCountries(domain: string, now: string): Promise<string[]>;
}

export function createJobPageSource(db: Kysely<Database>, positions: PositionRepository): JobPageSource {
  const cache = new Map<string, { at: number; countries: string[] }>();
  return {
    position: (domain, id, now) => positions.details(domain, id, null, now),
    async hiringCountries(domain, now) {
      const key = normalizeDomain(domain);
      const known = cache.get(key);
      if (known && Date.now() - known.at < HIRING_COUNTRIES_TTL_MS) return known.countries;
      const rows = await db
        .selectFrom('position_locations as l')
        .innerJoin('positions as p', 'p.id', 'l.position_id')
        .select(['l.name', sql<number>`min(l.lat)`.as('lat'), sql<number>`min(l.lng)`.as('lng')])
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('p.domain', '=', key)
        .where(openPosition(now))
        .groupBy('l.name')
        .execute();
      const byCountry = new Map<string, number>();
      for (const row of rows) {
        const country = addressOf({ name: row.name, lat: Number(row.lat), lng: Number(row.lng) }).addressCountry;
        if (country && /^[A-Z]{2}$/.test(country))
          byCountry.set(country, (byCountry.get(country) ?? 0) + Number(row.count));
      }
      const countries = [...byCountry].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code);
      cache.set(key, { at: Date.now(), countries });
      return countries;
    },
  };
}

/** What the host page adds for a search engine and for people without the widget. */
export interface PageSeo {
  /** Replaces the template's `<title>`. */
  title?: string;
  /** Trusted markup for the `<head>`. */
  head: string[];
  /** Trusted markup placed in the page slot (`careers-main`), hidden once a widget is attached there. */
  notice?: string;
}

export interface JobPageInput {
  /** The position id of the address (leading integer), or null when it names none. */
  pid: string | null;
  employer: Employer;
  language: Language;
  /** The careers origin of the request (one of PUBLIC_ORIGINS). */
  origin: string;
  /** `?domain=` when the employer is not the site's default, else ''. */
  employerQuery: string;
  /** Query of the careers home link in the notice (the page's own `domain` and `hl`), '' or `?…`. */
  homeQuery: string;
  source: JobPageSource;
  now?: Date;
}

/** The status and head of a position page: 200 with the JobPosting for an open position, else 404 and a notice. */
export async function jobPage(input: JobPageInput): Promise<{ status: 200 | 404; seo: PageSeo }> {
  const { employer, language, origin, source } = input;
  const t = translator(language);
  const now = (input.now ?? new Date()).toISOString();
  const id = input.pid === null ? NaN : Number(input.pid);
  const position =
    Number.isSafeInteger(id) && id >= 1 && id <= MAX_POSITION_ID
      ? await source.position(employer.domain, id, now)
      : null;
  if (!position) {
    return {
      status: 404,
      seo: notFoundSeo({
        heading: t('jobPage.closed.heading'),
        explanation: t('jobPage.closed.explanation'),
        homeLink: t('jobPage.closed.allPositions', { company: employer.companyName }),
        homeQuery: input.homeQuery,
      }),
    };
  }
  const url = jobPageUrl(origin, position.id, input.employerQuery);
  const hiringCountries =
    position.is_remote && position.locations.length === 0 ? await source.hiringCountries(employer.domain, now) : [];
  const posting = buildJobPosting(position, {
    company: employer.companyName,
    url,
    organizationUrl: `${origin}/careers${input.employerQuery}`,
    hiringCountries,
  });
  // One address per language (docs/product/languages.md#content-in-the-language): the employer's default language
  // has the plain address, which is also the page for any other visitor (x-default); the others add `hl`.
  const { supported, default: defaultLanguage } = employerLanguages(employer.pcsxConfig);
  const addressIn = (tag: string) =>
    tag === defaultLanguage ? url : `${url}${url.includes('?') ? '&' : '?'}hl=${encodeURIComponent(tag)}`;
  // The position's text is in the employer's language; a page in another language describes it in its own words.
  const description =
    language === defaultLanguage
      ? metaDescriptionOf(position.description)
      : t('jobPage.description', { position: position.name, company: employer.companyName });
  return {
    status: 200,
    seo: {
      title: t('jobPage.title', { position: position.name, company: employer.companyName }),
      head: [
        `<meta name="description" content="${escapeHtml(description)}">`,
        `<link rel="canonical" href="${escapeHtml(addressIn(language))}">`,
        ...supported.map(
          (tag) => `<link rel="alternate" hreflang="${escapeHtml(tag)}" href="${escapeHtml(addressIn(tag))}">`,
        ),
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}">`,
        `<script type="application/ld+json" id="careers-job-posting">${serializeJsonForScript(posting)}</script>`,
      ],
    },
  };
}
