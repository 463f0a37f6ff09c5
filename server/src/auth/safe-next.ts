const PLACEHOLDER_ORIGIN = 'http://careers.invalid';

/**
 * True when `value` is a same-site path a redirect may go to: it starts with a single `/` (not `//` or
 * `/\`), contains no backslash, no control character and no scheme, and stays on this origin once parsed.
 */
export function isSafeRedirectPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers treat `\` as `/` and drop tabs and newlines, so `/\evil` or `/\t/evil` would leave the site.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, PLACEHOLDER_ORIGIN).origin === PLACEHOLDER_ORIGIN;
  } catch {
    return false;
  }
}

export const DEFAULT_NEXT = '/careers';

/** The redirect target to use: `value` when it is a safe same-site path, otherwise `fallback`. */
export function safeRedirectPath(value: unknown, fallback = DEFAULT_NEXT): string {
  return isSafeRedirectPath(value) ? value : fallback;
}
