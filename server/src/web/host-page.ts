import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { SessionManager } from '../auth/sessions';
import type { Candidate, CandidateRepository } from '../candidates/repository';
import type { Config } from '../config';
import {
  type BootData,
  directionOf,
  HostPageQuery,
  pageMetadataFor,
  positionIdOf,
  type HostPageQuery as Query,
} from '../contract';
import type { EmployerRepository } from '../employers/repository';
import { HttpError, ServerErrorCodes } from '../http/errors';
import { translator, type Language } from '../i18n';
import { buildBootData } from './boot-data';
import { planPage, readManifest, readPreloads, slotsOf, type PagePlan } from './page-plan';
import { escapeHtml, serializeJsonForScript } from './html';
import { careersOriginOf, esignOrigins } from '../esign/origins';
import { employerLanguages } from '../employers/pcsx-config';
import { employerQuery, jobPage, type JobPageSource, type PageSeo } from './job-page';
import { notFoundSeo } from './not-found-page';
import { hostPageCsp, setPageHeaders } from './security-headers';
import { createNonce, headScriptSources, headScriptsFor, renderHeadScripts } from './head-scripts';
import { navbarPreview, withNavbarPreview } from './shell-preview';

/** The comment in the host page's `<head>` replaced by the CSRF meta tag and the boot data. */
const HEAD_MARKER = '<!--careers:head-->';

class HostPageTemplateError extends Error {
  override name = 'HostPageTemplateError';
}

/** Fills the host page template: CSRF meta tag and boot data at the marker, and the page language. */
/** What the page server adds for the widgets: the deployment manifest, their slots, the first screen's answers. */
export interface PageExtras {
  plan?: PagePlan;
  /** Answers of the first screen's GET calls, by address (see `firstScreenCalls`). */
  answers?: Record<string, unknown>;
  /** Title, head tags and page-slot notice of a page search engines index (position pages, see job-page.ts). */
  seo?: PageSeo;
  /** The page's own `domain` and `hl` as a query (`?…` or ''), for links the page itself draws. */
  homeQuery?: string;
  /** The employer's head scripts, as elements with the response's nonce (head-scripts.ts). */
  headScripts?: string[];
}

/**
 * The page's metadata from the employer's configuration (`seoConfig.pagesMetadata`,
 * docs/product/shell.md#page-metadata) over what the page has of its own: the configured title comes first
 * (docs/product/shell.md#page-title: the page's SEO title, then "position name | company"); a position's own
 * description (its text) is kept over the page's configured one, which would be the same for every position.
 */
function withPageMetadata(
  seo: PageSeo | undefined,
  metadata: { title: string | null; description: string | null },
): PageSeo | undefined {
  if (!metadata.title && !metadata.description) return seo;
  const base: PageSeo = seo ?? { head: [] };
  const ownDescription = base.head.some((tag) => tag.startsWith('<meta name="description"'));
  return {
    ...base,
    ...(metadata.title ? { title: metadata.title } : {}),
    head:
      metadata.description && !ownDescription
        ? [`<meta name="description" content="${escapeHtml(metadata.description)}">`, ...base.head]
        : base.head,
  };
}

/** The id of the page slot, where a server-rendered notice goes for people without the widget. */
const PAGE_SLOT = 'careers-main';

/** Puts the page's title, head tags and notice into the template (after the language and attributes). */
function applySeo(html: string, seo: PageSeo | undefined): { html: string; head: string[] } {
  if (!seo) return { html, head: [] };
  const head = [...seo.head];
  let result = html;
  if (seo.head.some((tag) => tag.startsWith('<meta name="description"'))) {
    result = result.replace(/<meta\b[^>]*\bname\s*=\s*["']?description["']?[^>]*>\s*/gi, '');
  }
  if (seo.head.some((tag) => tag.startsWith('<link rel="canonical"'))) {
    result = result.replace(/<link\b[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>\s*/gi, '');
  }
  if (seo.title !== undefined) {
    const title = `<title>${escapeHtml(seo.title)}</title>`;
    if (/<title\b[^>]*>[\s\S]*?<\/title\s*>/i.test(result)) {
      result = result.replace(/<title\b[^>]*>[\s\S]*?<\/title\s*>/i, () => title);
    } else head.unshift(title);
  }
  if (seo.notice) {
    const notice = seo.notice;
    const slot = new RegExp(`<[a-zA-Z][a-zA-Z0-9-]*\\s(?:[^>]*\\s)?id\\s*=\\s*["']${PAGE_SLOT}["'][^>]*>`, 'i');
    if (slot.test(result)) result = result.replace(slot, (open) => `${open}${notice}`);
    else if (/<body\b[^>]*>/i.test(result)) result = result.replace(/<body\b[^>]*>/i, (open) => `${open}${notice}`);
    else result += notice;
  }
  return { html: result, head };
}

export function renderHostPage(
  template: string,
  {
    csrfToken,
    bootData,
    plan,
    answers = {},
    seo,
    homeQuery = '',
    headScripts = [],
  }: { csrfToken: string; bootData: BootData } & PageExtras,
): string {
  if (!template.includes(HEAD_MARKER)) {
    throw new HostPageTemplateError(`The host page template has no ${HEAD_MARKER} marker in its <head>.`);
  }
  const withSeo = applySeo(template, seo);
  // Where the careers navbar is drawn, the first paint already shows its home link (see shell-preview.ts).
  const preview = plan?.shell.split(' ').includes('navbar') ? navbarPreview(bootData, homeQuery) : null;
  if (preview) withSeo.html = withNavbarPreview(withSeo.html, preview);
  const head = [
    ...withSeo.head,
    ...(preview ? [preview.head] : []),
    // The hero image is the largest paint of the pages that show it: asked for with the page, not when the shell
    // has mounted (the address passed isShellAddress: https or this site).
    ...(plan?.heroImage
      ? [`<link rel="preload" as="image" href="${escapeHtml(plan.heroImage)}" fetchpriority="high">`]
      : []),
    // The scripts this page's widgets start with, fetched in parallel from the first byte rather than one after
    // another (root config, then manifest, then remote entries, then chunks).
    ...(plan?.preloads ?? []).map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
    `<meta name="csrf-token" content="${escapeHtml(csrfToken)}">`,
    `<script type="application/json" id="careers-boot-data">${serializeJsonForScript(bootData)}</script>`,
  ];
  if (plan?.manifest) {
    head.push(
      `<script type="application/json" id="careers-manifest">${serializeJsonForScript(plan.manifest)}</script>`,
    );
  }
  if (Object.keys(answers).length > 0) {
    head.push(`<script type="application/json" id="careers-page-data">${serializeJsonForScript({ answers })}</script>`);
  }
  // The employer's scripts last: the page's own data is in place before any of them runs.
  head.push(...headScripts);
  const lang = escapeHtml(bootData.language);
  const page = withSeo.html;
  const withLang = /<html\b[^>]*\blang\s*=/i.test(page)
    ? page.replace(/(<html\b[^>]*?\blang\s*=\s*)(["'])[^"']*\2/i, (_match, prefix: string) => `${prefix}"${lang}"`)
    : page.replace(/<html\b/i, `<html lang="${lang}"`);
  // The page's direction follows its language (Arabic and Hebrew right to left); the widgets set their own too.
  const dir = directionOf(bootData.language);
  const withDir = /<html\b[^>]*\bdir\s*=/i.test(withLang)
    ? withLang.replace(/(<html\b[^>]*?\bdir\s*=\s*)(["'])[^"']*\2/i, (_match, prefix: string) => `${prefix}"${dir}"`)
    : withLang.replace(
        /(<html\b[^>]*?\blang\s*=\s*"[^"]*")/i,
        (_match, langAttribute: string) => `${langAttribute} dir="${dir}"`,
      );
  // The page and the slots its widgets will fill, for the page's CSS (a slot keeps the room of its widget).
  const attributes = plan
    ? ` data-careers-page="${escapeHtml(plan.page ?? '')}" data-careers-slots="${escapeHtml(plan.slots.join(' '))}"` +
      (plan.shell ? ` data-careers-shell="${escapeHtml(plan.shell)}"` : '') +
      (plan.home ? ' data-careers-home' : '')
    : '';
  const withAttributes = withDir.replace(/<html\b([^>]*)>/i, (_match, rest: string) => `<html${rest}${attributes}>`);
  // A function replacement, so `$` sequences in the data are never read as replacement patterns.
  return withAttributes.replace(HEAD_MARKER, () => head.join('\n'));
}

export interface HostPageDeps {
  config: Config;
  employers: EmployerRepository;
  candidates: CandidateRepository;
  sessions: SessionManager;
  /** Positions for the position pages' title, description and structured data. */
  jobPages: JobPageSource;
}

/**
 * The first screen's GET calls, answered in-process through the API itself (same session, same checks, same
 * answer as the widget would get); only successful answers are written into the page.
 */
async function firstScreenAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: string[],
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const cookie = request.headers.cookie;
  await Promise.all(
    calls.map(async (url) => {
      // The page's own host and forwarding headers: answers that hold addresses (e-sign links) point where the
      // page was opened, exactly as the widget's own call would. Without a cookie only public calls are planned.
      const headers: Record<string, string> = { accept: 'application/json' };
      if (cookie) headers.cookie = cookie;
      // Its language too: the calls follow the page's rule (decision 025) as the widget's own would.
      for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'accept-language']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const response = await app.inject({ method: 'GET', url, headers });
      if (response.statusCode === 200) answers[url] = response.json();
    }),
  );
  return answers;
}

/** The page's own `domain` and `hl`, for a link back to the careers home. */
function homeQueryOf(query: Query): string {
  const params = new URLSearchParams();
  if (query.domain !== undefined) params.set('domain', query.domain);
  if (query.hl !== undefined) params.set('hl', query.hl);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * An address under /careers that is none of the route table's pages (a path `matchRoute` does not know, such as
 * `/careers/profile/extra` or `/careers/a/b/c`): the site's own 404 page, so that no made-up address looks like a
 * page of the site to a crawler or a link checker. The widgets' addresses keep their 200.
 */
function unknownPage(language: Language, company: string, homeQuery: string) {
  const t = translator(language);
  return {
    status: 404 as const,
    seo: notFoundSeo({
      heading: t('notFoundPage.heading'),
      explanation: t('notFoundPage.explanation'),
      homeLink: t('jobPage.closed.allPositions', { company }),
      homeQuery,
    }),
  };
}

/** GET / → /careers; GET /careers and /careers/* serve the host page with the session's boot data. */
export function registerHostPageRoutes(app: FastifyInstance, deps: HostPageDeps): void {
  const { config, employers, candidates, sessions, jobPages } = deps;
  const templatePath = path.join(config.hostDemoDir, 'index.html');

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/careers', 302));

  const routeOptions = {
    schema: {
      summary: 'Careers host page (HTML) with the CSRF token and boot data',
      tags: ['pages'],
      querystring: HostPageQuery,
      produces: ['text/html'],
      response: { 200: { description: 'The host page', type: 'string' } },
    },
    config: { kind: 'page' as const },
  };

  // Typed by the route's querystring schema (HostPageQuery), which the validator checks before the handler runs.
  const handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    { Querystring: Query }
  > = async (request, reply) => {
    const { query } = request;
    let template: string;
    try {
      template = await readFile(templatePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      request.log.error({ templatePath }, 'host page template missing');
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `The careers host page is not available: ${templatePath} does not exist.\n` +
            'Operator: build the front end (it writes the host page and the widgets), or set HOST_DEMO_DIR to the folder that holds index.html, then reload.\n',
        );
    }

    const { employer, candidateId } = request.visitor;
    // A signed-out visitor gets a stateless CSRF token (cookie + HMAC), never a session row (decision 005).
    const csrfToken = sessions.pageCsrfToken(request, reply);
    const candidate: Candidate | null = candidateId === null ? null : await candidates.findById(candidateId);
    const { language } = request;
    const bootData = buildBootData(employer, candidate, language, {
      googleMapsApiKey: config.googleMapsApiKey,
    });
    const pageUrl = new URL(request.url, 'http://page.invalid');
    const plan = planPage(
      await readManifest(config.distDir),
      pageUrl.pathname,
      bootData,
      await readPreloads(config.distDir),
      slotsOf(template),
      pageUrl.search,
    );
    const answers = await firstScreenAnswers(app, request, plan.firstScreenCalls);
    // A position page: its title, description and JobPosting for search engines; 404 when it is not open.
    const job =
      plan.page === 'singlePosition'
        ? await jobPage({
            pid: positionIdOf(new URL(request.url, 'http://page.invalid')),
            employer,
            language,
            origin: careersOriginOf(request, config),
            employerQuery: await employerQuery(employer, employers, config),
            homeQuery: homeQueryOf(query),
            source: jobPages,
          })
        : plan.page === null
          ? unknownPage(language, employer.companyName, homeQueryOf(query))
          : null;
    const configured = withPageMetadata(job?.seo, pageMetadataFor(bootData.pcsxConfig, plan.page));
    // The template's own title is in the employer's default language; a page in another language without a title of
    // its own reads "Careers at {company}" in its language.
    const inDefault = language === employerLanguages(employer.pcsxConfig).default;
    const seo: PageSeo | undefined =
      configured?.title || inDefault
        ? configured
        : { head: [], ...configured, title: translator(language)('shell.brand', { company: employer.companyName }) };
    // The employer's head scripts, with a nonce of this response only (decision 024): this page's, and the others'
    // for the root config to add when the candidate reaches their pages.
    const employerScripts = employer.pcsxConfig.headScripts ?? [];
    const nonce = employerScripts.length > 0 ? createNonce() : null;
    let html: string;
    try {
      html = renderHostPage(template, {
        csrfToken,
        bootData,
        plan,
        answers,
        homeQuery: homeQueryOf(query),
        ...(seo ? { seo } : {}),
        ...(nonce ? { headScripts: renderHeadScripts(headScriptsFor(employerScripts, plan.page), nonce) } : {}),
      });
    } catch (error) {
      if (!(error instanceof HostPageTemplateError)) throw error;
      throw new HttpError(503, ServerErrorCodes.serviceUnavailable, `${error.message} Rebuild the host page.`);
    }
    if (job) reply.code(job.status);
    const maps = Boolean(
      bootData.pcsxConfig.searchConfig?.mapConfig?.enabled && bootData.pcsxConfig.searchConfig.mapConfig.apiKey,
    );
    const headScripts = nonce ? { nonce, origins: headScriptSources(employerScripts) } : null;
    return setPageHeaders(reply, hostPageCsp(esignOrigins(config), { maps, headScripts })).send(html);
  };

  app.get('/careers', routeOptions, handler);
  app.get('/careers/*', routeOptions, handler);
}
