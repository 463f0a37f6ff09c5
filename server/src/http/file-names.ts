/**
 * File names of downloads in the candidate's language: `Content-Disposition` (RFC 6266) with an ASCII fallback in
 * `filename` and the name as written in `filename*` (RFC 5987), so "Résumé", "履歴書" or "سيرة ذاتية" reach the
 * browser as typed, and a header never holds a character Node refuses (a Thai name there answered 500).
 */

/** A plain ASCII file name: accents dropped, then letters, digits, spaces, dots, dashes and underscores only. */
export function asciiFileName(name: string, extension: string, fallback = 'document'): string {
  const base = name
    .replace(new RegExp(`\\.${extension}$`, 'i'), '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[ ._]+|[ ._]+$/g, '')
    .slice(0, 100);
  return `${base || fallback}.${extension}`;
}

/** RFC 5987 `value-chars`: every byte of the UTF-8 name outside `attr-char` percent-encoded. */
const encodeRfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** Control characters, slashes, backslashes and unpaired surrogates (which UTF-8 cannot encode). */
const UNSAFE_IN_FILE_NAME =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f/\\]+|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `Content-Disposition` naming the file: the ASCII fallback in `filename`,
 * and the name as written (control characters, slashes and backslashes removed, at most 150 characters) in
 * `filename*`.
 */
export function contentDisposition(
  type: 'attachment' | 'inline',
  name: string,
  extension: string,
  /** The ASCII name when the caller makes a better one (`Ł` → `L`); else the name's letters, else `document`. */
  ascii: string = asciiFileName(name, extension),
): string {
  const readable = name.replace(UNSAFE_IN_FILE_NAME, ' ').trim();
  const cleaned = [...readable].slice(0, 150).join('').trim() || ascii;
  const full = new RegExp(`\\.${extension}$`, 'i').test(cleaned) ? cleaned : `${cleaned}.${extension}`;
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(full)}`;
}
