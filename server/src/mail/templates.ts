import type { Employer } from '../employers/repository';
import { translator, type Language } from '../i18n';
import { escapeHtml } from '../web/html';
import type { MailKind, OutgoingMail } from './outbox';
import { directionOf } from '../contract';

/** The product's accent where the employer's branding names no `primaryColor`. */
const DEFAULT_ACCENT = '#1f5fbf';
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Every mail's words come from `mail.<kind>.*` in the recipient's language; `values` fill their variables. */
export function renderMail(
  kind: MailKind,
  input: {
    lang: Language;
    employer: Employer;
    to: string;
    values?: Record<string, string | number>;
    code?: string;
    actionUrl?: string;
    headers?: Record<string, string>;
  },
): OutgoingMail {
  const t = translator(input.lang);
  const company = input.employer.companyName;
  const values = { company, email: input.to, ...input.values };
  const subject = t(`mail.${kind}.subject`, values);
  const paragraphs = (t(`mail.${kind}.body`, { ...values, returnObjects: true }) as unknown as string[]).map(String);
  const action = input.actionUrl ? { label: t(`mail.${kind}.action`, values), url: input.actionUrl } : undefined;
  const footer = t('mail.footer', values);
  const accent = HEX_COLOUR.test(input.employer.pcsxConfig.branding?.primaryColor ?? '')
    ? input.employer.pcsxConfig.branding!.primaryColor!
    : DEFAULT_ACCENT;

  const text = [
    ...paragraphs.slice(0, 1),
    ...(input.code ? [input.code] : []),
    ...paragraphs.slice(1, 2),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...paragraphs.slice(2),
    '--',
    footer,
  ].join('\n\n');

  const p = (value: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(value)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(input.lang)}" dir="${directionOf(input.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f5f8;color:#1d2430;font-family:Arial,Helvetica,sans-serif">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">',
    `<tr><td style="background:${accent};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(company)}</td></tr>`,
    '<tr><td style="padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(subject)}</h1>`,
    ...paragraphs.slice(0, 1).map(p),
    ...(input.code
      ? [
          `<p style="margin:0 0 16px;font-size:32px;letter-spacing:6px;font-weight:bold;font-family:Consolas,monospace">${escapeHtml(input.code)}</p>`,
        ]
      : []),
    ...paragraphs.slice(1, 2).map(p),
    ...(action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${accent};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#4a5565;word-break:break-all">${escapeHtml(action.url)}</p>`,
        ]
      : []),
    ...paragraphs.slice(2).map(p),
    '</td></tr>',
    `<tr><td style="padding:16px 24px;font-size:13px;color:#4a5565;border-top:1px solid #e3e7ee">${escapeHtml(footer)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');

  return { domain: input.employer.domain, kind, to: input.to, subject, text, html, headers: input.headers };
}
