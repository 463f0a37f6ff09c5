import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { SessionManager } from '../auth/sessions';
import type { Candidate, CandidateRepository } from '../candidates/repository';
import type { Config } from '../config';
import { type BootData, HostPageQuery, type HostPageQuery as Query } from '../contract';
import type { EmployerRepository } from '../employers/repository';
import { resolveEmployer } from '../employers/resolve';
import { HttpError, ServerErrorCodes } from '../http/errors';
import { resolveLanguage } from '../i18n';
import { buildBootData } from './boot-data';
import { escapeHtml, serializeJsonForScript } from './html';
import { esignOrigins } from '../esign/origins';
import { hostPageCsp, setPageHeaders } from './security-headers';

/** The comment in the host page's `<head>` replaced by the CSRF meta tag and the boot data. */
const HEAD_MARKER = '<!--careers:head-->';

class HostPageTemplateError extends Error {
  override name = 'HostPageTemplateError';
}

/** Fills the host page template: CSRF meta tag and boot data at the marker, and the page language. */
export function renderHostPage(
  template: string,
  { csrfToken, bootData }: { csrfToken: string; bootData: BootData },
): string {
  if (!template.includes(HEAD_MARKER)) {
    throw new HostPageTemplateError(`The host page template has no ${HEAD_MARKER} marker in its <head>.`);
  }
  const head = [
    `<meta name="csrf-token" content="${escapeHtml(csrfToken)}">`,
    `<script type="application/json" id="careers-boot-data">${serializeJsonForScript(bootData)}</script>`,
  ].join('\n');
  const lang = escapeHtml(bootData.language);
  const withLang = /<html\b[^>]*\blang\s*=/i.test(template)
    ? template.replace(/(<html\b[^>]*?\blang\s*=\s*)(["'])[^"']*\2/i, (_match, prefix: string) => `${prefix}"${lang}"`)
    : template.replace(/<html\b/i, `<html lang="${lang}"`);
  // A function replacement, so `$` sequences in the data are never read as replacement patterns.
  return withLang.replace(HEAD_MARKER, () => head);
}

export interface HostPageDeps {
  config: Config;
  employers: EmployerRepository;
  candidates: CandidateRepository;
  sessions: SessionManager;
}

/** GET / → /careers; GET /careers and /careers/* serve the host page with the session's boot data. */
export function registerHostPageRoutes(app: FastifyInstance, deps: HostPageDeps): void {
  const { config, employers, candidates, sessions } = deps;
  const templatePath = path.join(config.hostDemoDir, 'index.html');
  const csp = hostPageCsp(esignOrigins(config));

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

  const handler: RouteHandlerMethod = async (request, reply) => {
    const query = request.query as Query;
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

    const employer = await resolveEmployer(employers, query.domain, request.session?.domain, config.defaultDomain);
    const session = await sessions.ensure(request, reply, employer.domain);
    let candidate: Candidate | null = null;
    if (session.candidateId != null && session.domain === employer.domain) {
      candidate = await candidates.findById(session.candidateId);
    }
    const bootData = buildBootData(employer, candidate, resolveLanguage(query.hl));
    let html: string;
    try {
      html = renderHostPage(template, { csrfToken: session.csrfToken, bootData });
    } catch (error) {
      if (!(error instanceof HostPageTemplateError)) throw error;
      throw new HttpError(503, ServerErrorCodes.serviceUnavailable, `${error.message} Rebuild the host page.`);
    }
    return setPageHeaders(reply, csp).send(html);
  };

  app.get('/careers', routeOptions, handler);
  app.get('/careers/*', routeOptions, handler);
}
