/**
 * No answer to highlight: nothing, blank text, an empty list, an unticked box, or an object (a date range) holding
 * no value at all.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every((part) => isEmptyAnswer(part));
  return false;
}

/**
 * The same answer, by content (answers are JSON-like: an answer put back as it was counts as unchanged); also
 * compares whole sets of answers or errors.
 */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      sameAnswer((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
