import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Candidate, CandidateRepository } from '../candidates/repository';
import type { Employer, EmployerRepository } from '../employers/repository';
import { resolveEmployer } from '../employers/resolve';
import type { PublicError } from '../http/route-config';
import { sitePath } from '../contract';
import { fieldOf } from '../http/request-context';
import { translator, type Language } from '../i18n';
import { languageOf } from '../i18n/plugin';
import { escapeHtml, renderDocument } from './html';
import { setPageHeaders } from './security-headers';

/** What the 500 page reads besides the request: the employer (contact link) and the signed-in candidate (admin). */
export interface ErrorPageSource {
  employers: EmployerRepository;
  candidates: CandidateRepository;
  defaultDomain: string;
}

/** A query parameter of a failed request, whatever route it failed on (so not typed by any one schema). */
const stringParam = (request: FastifyRequest, name: string): string | undefined => {
  const value = fieldOf(request.query, name);
  return typeof value === 'string' ? value : undefined;
};

/** A failure shown as a small accessible page (for browser navigations and form posts). */
export async function renderErrorPage(request: FastifyRequest, reply: FastifyReply, failure: PublicError) {
  const lang = request.language;
  const t = translator(lang);
  const body = [
    '<main class="card">',
    `<h1>${escapeHtml(t('errorPage.title'))}</h1>`,
    `<p role="alert">${escapeHtml(failure.body.message)}</p>`,
    `<p><a href="${sitePath('/careers/:query?/:location?')}">${escapeHtml(t('errorPage.back'))}</a></p>`,
    '</main>',
  ].join('\n');
  return setPageHeaders(reply).send(renderDocument({ lang, title: t('errorPage.title'), body }));
}

/**
 * Where "Go back" leads: the page the visitor came from when it is on this site (its path, so never elsewhere),
 * else the careers home keeping the page's `domain` and `hl`.
 */
function goBackAddress(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer.length <= 4000) {
    try {
      const from = new URL(referer);
      if ((from.protocol === 'https:' || from.protocol === 'http:') && from.host === request.host) {
        const path = `${from.pathname}${from.search}${from.hash}`;
        // The path as the browser sent it, never one a browser could read as another site (`//host`).
        if (path.startsWith('/') && !path.startsWith('//')) return path;
      }
    } catch {
      // Not an address: the careers home below.
    }
  }
  const kept = (name: string) => {
    const value = stringParam(request, name);
    return value !== undefined && value.length <= 253 ? value : undefined;
  };
  return sitePath('/careers/:query?/:location?', {}, { domain: kept('domain'), hl: kept('hl') });
}

interface ErrorPageContext {
  employer: Employer | null;
  candidate: Candidate | null;
}

/**
 * The employer and signed-in candidate of a failed page, as far as they can be read: the failure may be the
 * database itself, so any lookup that fails leaves its part out rather than failing the error page.
 */
async function contextOf(request: FastifyRequest, source: ErrorPageSource | undefined): Promise<ErrorPageContext> {
  if (!source) return { employer: null, candidate: null };
  const session = request.session;
  let employer: Employer | null = null;
  try {
    employer = await resolveEmployer(
      source.employers,
      stringParam(request, 'domain'),
      session?.domain,
      source.defaultDomain,
    );
  } catch (error) {
    request.log.warn({ err: error }, 'error page: employer not read');
  }
  let candidate: Candidate | null = null;
  if (employer && session?.candidateId != null && session.domain === employer.domain) {
    try {
      candidate = await source.candidates.findById(session.candidateId);
    } catch (error) {
      request.log.warn({ err: error }, 'error page: candidate not read');
    }
  }
  return { employer, candidate };
}

/** The error's message and stack, for an administrator only. */
function detailsOf(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) {
    return { message: `${error.name}: ${error.message}`, stack: error.stack ?? `${error.name}: ${error.message}` };
  }
  return { message: String(error), stack: String(error) };
}

/**
 * The 500 page of a careers page that failed unexpectedly (docs/product/shell.md#error-screen): "Internal Server
 * Error", a go-back link and a contact link (the employer's `branding.contactUrl`, else `mailto:careers@{domain}`), in
 * the page's language. A signed-in administrator of that employer (`is_admin`) also gets the error's message and stack
 * in a details block; nobody else ever does. No inline script or style (the strict page CSP).
 */
export async function renderServerErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  source: ErrorPageSource | undefined,
) {
  const { employer, candidate } = await contextOf(request, source);
  // The candidate as read here: the failure may have come before the language plugin read them.
  const lang: Language = languageOf(request, candidate?.language);
  const t = translator(lang);
  const domain = employer?.domain ?? source?.defaultDomain;
  const contact = employer?.pcsxConfig.branding?.contactUrl ?? (domain ? `mailto:careers@${domain}` : undefined);
  const admin = candidate !== null && employer !== null && candidate.isAdmin && candidate.domain === employer.domain;
  const title = t('errorPage.serverError.title');
  const parts = [
    '<main class="card">',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(t('errorPage.serverError.explanation'))}</p>`,
    '<ul>',
    `<li><a href="${escapeHtml(goBackAddress(request))}">${escapeHtml(t('errorPage.serverError.goBack'))}</a></li>`,
    ...(contact
      ? [`<li><a href="${escapeHtml(contact)}">${escapeHtml(t('errorPage.serverError.contact'))}</a></li>`]
      : []),
    '</ul>',
  ];
  if (admin) {
    const details = detailsOf(error);
    parts.push(
      '<details>',
      `<summary>${escapeHtml(t('errorPage.serverError.details'))}</summary>`,
      `<p><strong>${escapeHtml(details.message)}</strong></p>`,
      `<pre>${escapeHtml(details.stack)}</pre>`,
      '</details>',
    );
  }
  parts.push('</main>');
  return setPageHeaders(reply).send(renderDocument({ lang, title, body: parts.join('\n') }));
}
