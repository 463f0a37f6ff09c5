import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicError } from '../http/route-config';
import { resolveLanguage, translator } from '../i18n';
import { escapeHtml, renderDocument } from './html';
import { setPageHeaders } from './security-headers';

/** The `hl` query parameter of a request, if any. */
function requestedLanguage(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  return resolveLanguage(typeof query?.hl === 'string' ? query.hl : undefined);
}

/** A failure shown as a small accessible page (for browser navigations and form posts). */
export async function renderErrorPage(request: FastifyRequest, reply: FastifyReply, failure: PublicError) {
  const lang = requestedLanguage(request);
  const t = translator(lang);
  const body = [
    '<main class="card">',
    `<h1>${escapeHtml(t('errorPage.title'))}</h1>`,
    `<p role="alert">${escapeHtml(failure.body.message)}</p>`,
    `<p><a href="/careers">${escapeHtml(t('errorPage.back'))}</a></p>`,
    '</main>',
  ].join('\n');
  return setPageHeaders(reply).send(renderDocument({ lang, title: t('errorPage.title'), body }));
}
