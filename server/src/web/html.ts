import { directionOf } from '../contract';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON for an inline `<script type="application/json">` element: `<`, `>`, `&`, U+2028 and U+2029 are written
 * as \u escapes, so no value can close the element or open a comment, and the text still parses as JSON.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface DocumentParts {
  lang: string;
  title: string;
  /** Trusted, already escaped markup for `<body>`. */
  body: string;
  /** Same-origin script addresses, loaded with `defer`. */
  scripts?: string[];
  /** The page's one same-origin stylesheet: the server's own unless another server (e-sign) serves its own. */
  stylesheet?: string;
}

/** A complete server-rendered page using the server's own stylesheet (no inline script or style). */
export function renderDocument({
  lang,
  title,
  body,
  scripts = [],
  stylesheet = '/server-assets/pages.css',
}: DocumentParts): string {
  const scriptTags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}" dir="${directionOf(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">`,
    ...(scriptTags ? [scriptTags] : []),
    '</head>',
    `<body>${body}</body>`,
    '</html>',
  ].join('\n');
}
