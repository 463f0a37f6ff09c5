import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
/**
 * What search engines read besides the pages: `/careers/sitemap.xml` (the employer's open positions, as a sitemap,
 * or a sitemap index of pages of 50,000 addresses when there are more) and `/robots.txt`. Both are public, hold no
 * candidate data and never touch the session (no cookie is set), so shared caches may keep them.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { Domain, ROUTES } from '../contract';
import type { Database } from '../db/types';
import type { EmployerRepository } from '../employers/repository';
import { resolveEmployer } from '../employers/resolve';
import { careersOriginOf } from '../esign/origins';
import { notFound } from '../http/errors';
import { openPosition } from '../positions/open';
import { employerQuery, jobPageUrl } from './job-page';
import { escapeHtml } from './html';

/** Most addresses in one sitemap file (sitemaps.org protocol). */
const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITEMAP_CACHE = 'public, max-age=3600';
const ROBOTS_CACHE = 'public, max-age=86400';

const SitemapQuery = Type.Object(
  {
    domain: Type.Optional(Domain),
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100_000, description: 'A page of the sitemap index (from 1)' }),
    ),
  },
  { additionalProperties: false },
);
type SitemapQuery = Static<typeof SitemapQuery>;

export interface SeoDeps {
  config: Config;
  employers: EmployerRepository;
  db: Kysely<Database>;
  /** Addresses per sitemap file (tests use a small one). */
  sitemapMaxUrls?: number;
}

/** A W3C datetime to the second (`2024-05-01T12:00:00Z`); the stored ISO text when it is not one. */
function lastmodOf(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(iso) ? iso.replace(/\.\d+Z$/, 'Z') : iso;
}

/** Paths robots should not crawl: the API, sign-in and sign-out, and every page that needs a signed-in candidate. */
export function disallowedPaths(): string[] {
  const candidatePages = ROUTES.filter((route) => route.access === 'candidate').map((route) => {
    const fixed = route.path.split('/:')[0]!;
    return fixed === route.path ? fixed : `${fixed}/`;
  });
  return [...new Set(['/api/', '/careers/login', '/logout', ...candidatePages])];
}

export function registerSeoRoutes(app: FastifyInstance, deps: SeoDeps): void {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { config, employers, db } = deps;
  const maxUrls = deps.sitemapMaxUrls ?? SITEMAP_MAX_URLS;

  const openPositions = (domain: string, now: string) =>
    db.selectFrom('positions as p').where('p.domain', '=', domain).where(openPosition(now));

  routes.get(
    '/careers/sitemap.xml',
    {
      schema: {
        summary: "Sitemap of the employer's open positions (or a sitemap index when there are more than 50,000)",
        tags: ['pages'],
        querystring: SitemapQuery,
        produces: ['application/xml'],
        response: { 200: { description: 'A sitemap or a sitemap index (XML)', type: 'string' } },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const employer = await resolveEmployer(employers, query.domain, undefined, config.defaultDomain);
      const origin = careersOriginOf(request, config);
      const named = await employerQuery(employer, employers, config);
      const now = new Date().toISOString();
      const { count } = await openPositions(employer.domain, now)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      const pages = Math.max(1, Math.ceil(Number(count) / maxUrls));
      if (query.page !== undefined && query.page > pages) {
        throw notFound(`The sitemap has ${pages} page${pages === 1 ? '' : 's'}.`);
      }
      let xml: string;
      if (query.page === undefined && pages > 1) {
        const pageUrl = (page: number) => `${origin}/careers/sitemap.xml${named ? `${named}&` : '?'}page=${page}`;
        const entries = Array.from(
          { length: pages },
          (_unused, index) => `<sitemap><loc>${escapeHtml(pageUrl(index + 1))}</loc></sitemap>`,
        );
        xml = `<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>`;
      } else {
        const page = query.page ?? 1;
        const rows = await openPositions(employer.domain, now)
          .select(['p.id', 'p.posted_at'])
          .orderBy('p.posted_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(maxUrls)
          .offset((page - 1) * maxUrls)
          .execute();
        const entries = rows.map(
          (row) =>
            `<url><loc>${escapeHtml(jobPageUrl(origin, row.id, named))}</loc><lastmod>${escapeHtml(lastmodOf(row.posted_at))}</lastmod></url>`,
        );
        xml = `<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>`;
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', SITEMAP_CACHE)
        .send(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
    },
  );

  routes.get(
    '/robots.txt',
    {
      schema: {
        summary: 'Crawling rules: the careers pages and the sitemap; not the API nor sign-in pages',
        tags: ['pages'],
        produces: ['text/plain'],
        response: { 200: { description: 'robots.txt', type: 'string' } },
      },
    },
    async (request, reply) => {
      const origin = careersOriginOf(request, config);
      const lines = [
        'User-agent: *',
        'Allow: /careers',
        ...disallowedPaths().map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${origin}/careers/sitemap.xml`,
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', ROBOTS_CACHE)
        .send(`${lines.join('\n')}\n`);
    },
  );
}
