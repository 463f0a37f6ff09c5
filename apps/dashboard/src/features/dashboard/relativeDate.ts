const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;

/**
 * How far `iso` is from `now` in whole days, in the page's language: "today", "yesterday", "39 days ago", "in 3
 * days"; in years from a year on. Days, never weeks or months, as the notification bell and the job search say it:
 * the dashboard mixed "last month (Oct 17)" and "39 days ago" for the same date (issue 22). Null for a value that
 * is not a date.
 */
export function relativeDays(iso: string, language: string, now: number = Date.now()): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  // Calendar days in the viewer's time zone (last night at 23:00 is "yesterday" at 01:00); rounded, as a day
  // with a daylight-saving change is an hour shorter or longer.
  const startOfDay = (at: number) => {
    const date = new Date(at);
    return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  };
  const days = Math.round((startOfDay(time) - startOfDay(now)) / DAY_MS);
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  }
  if (Math.abs(days) < YEAR_DAYS) return format.format(days, 'day');
  return format.format(Math.round(days / YEAR_DAYS), 'year');
}
