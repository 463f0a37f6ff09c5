import { localizeTexts, SOURCE_LANGUAGE } from '../contract';
import { translator, type Language } from '../i18n';
import { escapeHtml, renderDocument } from '../web/html';
import {
  isSessionOpen,
  type EsignSessionContext,
  type FormSessionContext,
  type OfferSessionContext,
} from './repository';

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
  return renderDocument({
    lang,
    title,
    body,
    scripts: withScript ? [`${ESIGN_ASSETS_PREFIX}esign.js`] : [],
    stylesheet: `${ESIGN_ASSETS_PREFIX}esign.css`,
  });
}

export interface EsignPageModel {
  lang: Language;
  session: EsignSessionContext;
  /** The careers origin that frames the page (where the outcome message is posted). */
  parentOrigin: string;
}

type T = ReturnType<typeof translator>;

const formatUtc = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** What the page says once the session is answered, or why it cannot be answered; '' while it can. */
function statusTextOf(t: T, session: EsignSessionContext): string {
  const prefix = session.kind === 'offer' ? 'esign' : 'esign.form';
  if (session.status === 'signed') {
    return session.completedAt
      ? t(`${prefix}.signedOn`, { date: formatUtc(session.completedAt) })
      : t(`${prefix}.signed`);
  }
  if (session.status === 'rejected') return t(`${prefix}.rejected`);
  if (isSessionOpen(session)) return '';
  if (session.kind === 'offer') return t('esign.closed');
  return session.item === null ? t('esign.form.itemGone') : t('esign.form.closed');
}

const detail = (term: string, value: string) => `<div><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`;

/** The heading, summary and details of an offer document's page. */
function offerParts(t: T, session: OfferSessionContext) {
  const token = encodeURIComponent(session.token);
  return {
    title: t('esign.pageTitle', { document: session.documentName }),
    heading: session.documentName,
    content: [
      `<p class="summary">${escapeHtml(t('esign.summary', { company: session.companyName, document: session.documentName, position: session.positionName }))}</p>`,
      '<dl class="details">',
      detail(t('esign.documentType'), session.documentType),
      detail(t('esign.offer'), session.positionName),
      detail(t('esign.signingAs'), session.signerName ?? session.candidateName),
      '</dl>',
      // The document is served as a download (stored files are never rendered on a page), and only while the offer is open.
      session.originalFileId !== null && session.offerLive
        ? `<p><a class="document-link" href="/esign/sessions/${token}/document" download>${escapeHtml(t('esign.readDocument'))}</a></p>`
        : '',
    ],
    consent: t('esign.consent'),
    sign: t('esign.sign'),
    decline: t('esign.decline'),
    signed: t('esign.signed'),
    rejected: t('esign.rejected'),
  };
}

/** The heading, summary and details of a form question's page: the form, the question and its help. */
function formParts(t: T, session: FormSessionContext) {
  const question = session.item?.title || session.item?.label || session.formTitle;
  return {
    title: t('esign.form.pageTitle', { form: session.formTitle }),
    heading: session.formTitle,
    content: [
      `<p class="summary">${escapeHtml(t('esign.form.summary', { company: session.companyName, form: session.formTitle }))}</p>`,
      session.item
        ? [
            `<h2 class="question">${escapeHtml(question)}</h2>`,
            session.item.help ? `<p class="help">${escapeHtml(session.item.help)}</p>` : '',
          ].join('\n')
        : '',
      '<dl class="details">',
      detail(t('esign.form.form'), session.formTitle),
      session.item?.label ? detail(t('esign.form.question'), session.item.label) : '',
      detail(t('esign.signingAs'), session.signerName ?? session.candidateName),
      '</dl>',
    ],
    consent: t('esign.form.consent'),
    sign: t('esign.form.sign'),
    decline: t('esign.decline'),
    signed: t('esign.form.signed'),
    rejected: t('esign.form.rejected'),
  };
}

/**
 * The signing page: what is signed (an offer document, or a question of an assigned form), by whom, and Sign /
 * Decline buttons while the session can be answered. Every text is escaped; the script comes from this server.
 */
export function renderEsignPage({ lang, session, parentOrigin }: EsignPageModel): string {
  const t = translator(lang);
  const token = encodeURIComponent(session.token);
  const open = isSessionOpen(session);
  // A form's question may give its texts per language (docs/product/languages.md#content-in-the-language).
  const parts =
    session.kind === 'offer'
      ? offerParts(t, session)
      : formParts(t, { ...session, item: session.item && localizeTexts(session.item, lang, SOURCE_LANGUAGE) });
  const data = (name: string, value: string) => ` data-${name}="${escapeHtml(value)}"`;
  const completeUrl = `/esign/sessions/${token}/complete?hl=${encodeURIComponent(lang)}`;
  const body = [
    `<main id="esign" class="esign" aria-labelledby="esign-heading"${data('token', session.token)}${data('parent-origin', parentOrigin)}` +
      `${data('complete-url', completeUrl)}${data('msg-working', t('esign.working'))}` +
      `${data('msg-signed', parts.signed)}${data('msg-rejected', parts.rejected)}${data('msg-error', t('esign.error'))}>`,
    `<p class="provider">${escapeHtml(t('esign.provider'))}</p>`,
    `<h1 id="esign-heading">${escapeHtml(parts.heading)}</h1>`,
    ...parts.content,
    // The sign controls and the outcome stay pinned to the bottom of the page's viewport (esign.css, position:
    // sticky): the careers sites frame this page at a fixed height (600 px and more), and on a phone the content
    // above pushed the Sign button below the frame's edge, out of sight, while the careers page's own submit
    // button showed below the frame (issue 22, defect 4).
    '<div class="footer">',
    open
      ? [
          '<div class="signing">',
          `<p class="consent" id="esign-consent">${escapeHtml(parts.consent)}</p>`,
          `<div class="actions" role="group" aria-label="${escapeHtml(t('esign.actionsLabel'))}" aria-describedby="esign-consent">`,
          `<button type="button" class="button primary" data-outcome="signed">${escapeHtml(parts.sign)}</button>`,
          `<button type="button" class="button secondary" data-outcome="rejected">${escapeHtml(parts.decline)}</button>`,
          '</div>',
          '</div>',
        ].join('\n')
      : '',
    `<p id="esign-status" class="status" role="status">${escapeHtml(statusTextOf(t, session))}</p>`,
    '<p id="esign-error" class="error" role="alert"></p>',
    '</div>',
    '</main>',
  ]
    .filter((part) => part !== '')
    .join('\n');
  return document(lang, parts.title, body, open);
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
