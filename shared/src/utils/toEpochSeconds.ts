/**
 * Converts a date to whole seconds since the Unix epoch (1970-01-01T00:00:00Z), rounding down.
 *
 * @param date A `Date`, a date string `Date` can parse (use ISO 8601), or milliseconds since the epoch.
 * @throws {RangeError} When the input does not describe a valid date (for example `'tomorrow'` or `NaN`).
 *
 * @example toEpochSeconds('2024-01-02T03:04:05.678Z') // 1704164645
 */
export function toEpochSeconds(date: Date | string | number): number {
  const milliseconds = date instanceof Date ? date.getTime() : new Date(date).getTime();
  if (!Number.isFinite(milliseconds)) {
    const shown = typeof date === 'string' ? JSON.stringify(date) : String(date);
    throw new RangeError(`toEpochSeconds: ${shown} is not a valid date`);
  }
  return Math.floor(milliseconds / 1000);
}
