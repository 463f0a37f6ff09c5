/** Formatting of a position's facts in the page's language (Intl: currency, dates, relative time). */

const DAY_MS = 86_400_000;

function currencyFormat(language: string, currency: string | null): Intl.NumberFormat {
  if (currency) {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 });
    } catch {
      // An unknown currency code: the amounts alone.
    }
  }
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
}

export interface SalaryParts {
  /** Both ends ("$61,000–$83,000"), or the one end the position gives. */
  kind: 'range' | 'from' | 'upTo';
  text: string;
}

/** The salary range in the page's language and the position's currency; null when the position gives none. */
export function formatSalary(
  min: number | null,
  max: number | null,
  currency: string | null,
  language: string,
): SalaryParts | null {
  const format = currencyFormat(language, currency);
  if (min != null && max != null) {
    if (min === max) return { kind: 'range', text: format.format(min) };
    const range = (format as Intl.NumberFormat & { formatRange?: (a: number, b: number) => string }).formatRange;
    const text =
      typeof range === 'function' ? range.call(format, min, max) : `${format.format(min)} – ${format.format(max)}`;
    return { kind: 'range', text };
  }
  if (min != null) return { kind: 'from', text: format.format(min) };
  if (max != null) return { kind: 'upTo', text: format.format(max) };
  return null;
}

const validDate = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A date as the page's language writes it ("Nov 22, 2026"); null for a missing or invalid date. */
export function formatDate(iso: string | null | undefined, language: string): string | null {
  const date = validDate(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date) : null;
}

/**
 * How long ago `iso` was, in whole days ("today", "yesterday", "39 days ago"), in years from a year on; null for an
 * invalid date. Never weeks or months: "last month" beside the server's "Posted 39 days ago" named one date two
 * ways (issue 22); a day count is exact and reads the same everywhere (decision 018).
 */
export function formatRelativeDay(iso: string | null | undefined, language: string, now = new Date()): string | null {
  const date = validDate(iso);
  if (!date) return null;
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const ago = Math.max(0, days);
  if (ago < 365) return format.format(-ago, 'day');
  return format.format(-Math.floor(ago / 365), 'year');
}

/** Whether `iso` (a position's `valid_through`) is in the past. */
export function isPast(iso: string | null | undefined, now = new Date()): boolean {
  const date = validDate(iso);
  return date !== null && date.getTime() < now.getTime();
}
