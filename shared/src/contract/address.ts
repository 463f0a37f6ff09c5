/** A single query value. `undefined`, `null` and `''` are skipped; `false` and `0` are kept. */
export type QueryValue = string | number | boolean | null | undefined;

/** Query parameters: a value, or a list of values sent under the same key. */
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

type PresentValue = string | number | boolean;

function isPresent(value: QueryValue): value is PresentValue {
  return value !== undefined && value !== null && value !== '';
}

/** Numbers sort numerically; anything else sorts by its text, code unit by code unit (independent of locale). */
function compareValues(a: PresentValue, b: PresentValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

function encodePair(key: string, value: PresentValue): string {
  return `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;
}

/**
 * Builds an API address from a path and query parameters.
 *
 * - Parameters are appended in the order given, each key and value percent-encoded.
 * - Empty values (`undefined`, `null`, `''`) are skipped; `false` and `0` are kept.
 * - An array is sorted (numbers numerically, other values by their text) and repeated under the same key:
 *   `{ id: [3, 1] }` gives `id=1&id=3`. Empty values inside the array are skipped too.
 * - A path that already has a query string is extended with `&`; a `#fragment` stays at the end.
 *
 * @example buildApiUrl('/api/pcsx/search', { domain: 'acme.example', start: 0, query: undefined })
 * // '/api/pcsx/search?domain=acme.example&start=0'
 */
export function buildApiUrl(path: string, params?: QueryParams): string {
  const pairs: string[] = [];
  for (const [key, raw] of Object.entries(params ?? {})) {
    if (Array.isArray(raw)) {
      const values = (raw as readonly QueryValue[]).filter(isPresent).sort(compareValues);
      for (const value of values) pairs.push(encodePair(key, value));
    } else if (isPresent(raw as QueryValue)) {
      pairs.push(encodePair(key, raw as PresentValue));
    }
  }
  return appendQueryString(path, pairs.join('&'));
}

/**
 * Appends an already-encoded query string (`a=1&b=2`) to a path: after `?`, or after `&` when the path already
 * has a query; before any `#fragment`. An empty query string leaves the path unchanged.
 */
export function appendQueryString(path: string, encodedQuery: string): string {
  if (encodedQuery === '') return path;
  const hashIndex = path.indexOf('#');
  const base = hashIndex === -1 ? path : path.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : path.slice(hashIndex);
  let separator = '';
  if (!base.includes('?')) separator = '?';
  else if (!base.endsWith('?') && !base.endsWith('&')) separator = '&';
  return `${base}${separator}${encodedQuery}${hash}`;
}
