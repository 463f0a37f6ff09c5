const PLACEHOLDER_ORIGIN = 'http://careers.invalid';
const MAX_INPUT_LENGTH = 2000;
/** The encoded path may be longer than the input (`é` → `%C3%A9`), but stays a reasonable header. */
const MAX_ENCODED_LENGTH = 4000;

/**
 * `value` as a same-site redirect target, percent-encoded so it is a valid `Location` header (only printable
 * ASCII), or null when it is not one. Accepted: a string that starts with a single `/` (not `//` or `/\`), with no
 * backslash, no control character and no scheme, that stays on this origin once parsed. The answer is the parsed
 * URL's path, query and fragment as the URL standard serializes them (`/é` → `/%C3%A9`, `/☃` → `/%E2%98%83`;
 * existing escapes such as `%0a` are kept), checked again after normalization (`/.//evil` would become `//evil`).
 */
function sameSiteRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_INPUT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat `\` as `/` and drop tabs and newlines, so `/\evil` or `/\t/evil` would leave the site.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  const encoded = `${url.pathname}${url.search}${url.hash}`;
  if (!encoded.startsWith('/') || encoded.startsWith('//') || encoded.length > MAX_ENCODED_LENGTH) return null;
  // The URL serializer escapes everything else; this guards the header's contract itself.
  return /^[\x21-\x7e]+$/.test(encoded) ? encoded : null;
}

/** True when `value` is a same-site path a redirect may go to (see {@link sameSiteRedirectPath}). */
export function isSafeRedirectPath(value: unknown): value is string {
  return sameSiteRedirectPath(value) !== null;
}

export const DEFAULT_NEXT = '/careers';

/** The redirect target to use: `value` percent-encoded when it is a safe same-site path, otherwise `fallback`. */
export function safeRedirectPath(value: unknown, fallback = DEFAULT_NEXT): string {
  return sameSiteRedirectPath(value) ?? fallback;
}
