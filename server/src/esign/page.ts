import { translator, type Language } from '../i18n';
import { escapeHtml } from '../web/html';
import type { EsignSessionContext } from './repository';

export const ESIGN_ASSETS_PREFIX = '/esign/assets/';

/**
 * The e-sign page's policy: nothing inline, nothing foreign, and framing allowed only by the careers origins
 * it serves (`frameAncestors`).
 */
export function esignPageCsp(frameAncestors: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

function document(lang: Language, title: string, body: string, withScript: boolean): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="stylesheet" href="${ESIGN_ASSETS_PREFIX}esign.css">`,
    ...(withScript ? [`<script src="${ESIGN_ASSETS_PREFIX}esign.js" defer></script>`] : []),
    '</head>',
    `<body>${body}</body>`,
    '</html>',
  ].join('\n');
}

export interface EsignPageModel {
  lang: Language;
  session: EsignSessionContext;
  /** The careers origin that frames the page (where the outcome message is posted). */
  parentOrigin: string;
}

/** The signing page: what is signed, by whom, a link to the PDF, and Sign / Decline buttons while pending. */
export function renderEsignPage({ lang, session, parentOrigin }: EsignPageModel): string {
  const t = translator(lang);
  const token = encodeURIComponent(session.token);
  const open = session.status === 'pending' && session.offerLive && !session.documentSigned;
  let statusText = '';
  if (session.status === 'signed') {
    statusText = session.completedAt
      ? t('esign.signedOn', { date: session.completedAt.slice(0, 16).replace('T', ' ') })
      : t('esign.signed');
  } else if (session.status === 'rejected') {
    statusText = t('esign.rejected');
  } else if (!open) {
    statusText = t('esign.closed');
  }
  const data = (name: string, value: string) => ` data-${name}="${escapeHtml(value)}"`;
  const body = [
    `<main id="esign" class="esign" aria-labelledby="esign-heading"${data('token', session.token)}${data('parent-origin', parentOrigin)}` +
      `${data('complete-url', `/esign/sessions/${token}/complete`)}${data('msg-working', t('esign.working'))}` +
      `${data('msg-signed', t('esign.signed'))}${data('msg-rejected', t('esign.rejected'))}${data('msg-error', t('esign.error'))}>`,
    `<p class="provider">${escapeHtml(t('esign.provider'))}</p>`,
    `<h1 id="esign-heading">${escapeHtml(session.documentName)}</h1>`,
    `<p class="summary">${escapeHtml(t('esign.summary', { company: session.companyName, document: session.documentName, position: session.positionName }))}</p>`,
    '<dl class="details">',
    `<div><dt>${escapeHtml(t('esign.documentType'))}</dt><dd>${escapeHtml(session.documentType)}</dd></div>`,
    `<div><dt>${escapeHtml(t('esign.offer'))}</dt><dd>${escapeHtml(session.positionName)}</dd></div>`,
    `<div><dt>${escapeHtml(t('esign.signingAs'))}</dt><dd>${escapeHtml(session.signerName ?? session.candidateName)}</dd></div>`,
    '</dl>',
    // The document is served as a download (stored files are never rendered on a page), and only while the offer is open.
    session.originalFileId !== null && session.offerLive
      ? `<p><a class="document-link" href="/esign/sessions/${token}/document" download>${escapeHtml(t('esign.readDocument'))}</a></p>`
      : '',
    open
      ? [
          '<div class="signing">',
          `<p class="consent" id="esign-consent">${escapeHtml(t('esign.consent'))}</p>`,
          `<div class="actions" role="group" aria-label="${escapeHtml(t('esign.actionsLabel'))}" aria-describedby="esign-consent">`,
          `<button type="button" class="button primary" data-outcome="signed">${escapeHtml(t('esign.sign'))}</button>`,
          `<button type="button" class="button secondary" data-outcome="rejected">${escapeHtml(t('esign.decline'))}</button>`,
          '</div>',
          '</div>',
        ].join('\n')
      : '',
    `<p id="esign-status" class="status" role="status">${escapeHtml(statusText)}</p>`,
    '<p id="esign-error" class="error" role="alert"></p>',
    '</main>',
  ].join('\n');
  return document(lang, t('esign.pageTitle', { document: session.documentName }), body, open);
}

/** A small page for links that cannot be used (unknown session, unknown parent origin). */
export function renderEsignErrorPage(lang: Language, message: string): string {
  const t = translator(lang);
  const body = [
    '<main class="esign" aria-labelledby="esign-heading">',
    `<p class="provider">${escapeHtml(t('esign.provider'))}</p>`,
    `<h1 id="esign-heading">${escapeHtml(t('esign.errors.title'))}</h1>`,
    `<p role="alert">${escapeHtml(message)}</p>`,
    '</main>',
  ].join('\n');
  return document(lang, t('esign.errors.title'), body, false);
}
