const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/**
 * Whole days from a day on, never weeks or months: "39 days ago", as the dashboard's cards and the job search say
 * it. Rounded months said "last month" in the bell for what the pages beside it called "39 days ago" (issue 22).
 */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number, number]> = [
  // unit, seconds per unit, use while |diff| is below this many seconds
  ['second', 1, 45],
  ['minute', MINUTE, 45 * MINUTE],
  ['hour', HOUR, 22 * HOUR],
  ['day', DAY, YEAR],
  ['year', YEAR, Number.POSITIVE_INFINITY],
];

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "5 minutes ago", "yesterday", "39 days ago", "il y a 3 heures": a time relative to `now` in the given language.
 * Anything under 45 seconds reads as "now". Returns '' for an invalid date.
 */
export function formatRelativeTime(iso: string, language: string, now: number = Date.now()): string {
  const date = toDate(iso);
  if (!date) return '';
  const diffSeconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(diffSeconds);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (abs < 45) return rtf.format(0, 'second');
  for (const [unit, size, limit] of UNITS) {
    if (abs < limit) return rtf.format(Math.round(diffSeconds / size), unit);
  }
  return rtf.format(Math.round(diffSeconds / YEAR), 'year');
}

/** The full date and time, for the `title` of the `<time>` element. Returns '' for an invalid date. */
export function formatFullDate(iso: string, language: string): string {
  const date = toDate(iso);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}
