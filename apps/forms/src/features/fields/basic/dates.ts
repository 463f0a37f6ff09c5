import { DEFAULT_DATE_RANGE_FORMAT } from '@careers/shared/forms';
import type { DateRangeValue, FormItem } from '@careers/shared/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether the item's dates have no day ("MM/YYYY": `<input type="month">`, values "YYYY-MM"). */
export function isMonthFormat(item: FormItem): boolean {
  const format = item.format ?? (item.type === 'dateRange' ? DEFAULT_DATE_RANGE_FORMAT : 'MM/DD/YYYY');
  return format === 'MM/YYYY';
}

/** A local calendar date as the input's value ("YYYY-MM-DD", or "YYYY-MM" for months). */
export function inputDate(date: Date, month: boolean): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return month ? day.slice(0, 7) : day;
}

/**
 * Whether `value` is a real date in the input's format (malformed data is ignored,
 * docs/product/forms-toolkit.md#dates).
 */
export function isValidInputDate(value: unknown, month: boolean): value is string {
  if (typeof value !== 'string') return false;
  const match = (month ? /^(\d{4})-(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(value);
  if (!match) return false;
  const [year = 0, monthNumber = 0, day = 1] = match.slice(1).map(Number);
  const date = new Date(year, monthNumber - 1, day);
  return date.getFullYear() === year && date.getMonth() === monthNumber - 1 && date.getDate() === day;
}

/**
 * `enableFrom` / `enableUntil` as the input's `min` / `max`: a date as given, a number as that many days from
 * today (0: today).
 */
export function dateBound(bound: string | number | undefined, month: boolean, now = new Date()): string | undefined {
  if (bound === undefined) return undefined;
  if (typeof bound === 'number') {
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + bound);
    return inputDate(date, month);
  }
  return month ? bound.slice(0, 7) : bound;
}

/** A date answer for reading ("March 2024", "March 5, 2024") in the interface language. */
export function displayDate(value: unknown, month: boolean, language: string): string {
  if (!isValidInputDate(value, month)) return '';
  const [year = 0, monthNumber = 1, day = 1] = value.split('-').map(Number);
  const date = new Date(year, monthNumber - 1, day);
  return new Intl.DateTimeFormat(language, month ? { year: 'numeric', month: 'long' } : { dateStyle: 'long' }).format(
    date,
  );
}

/** A date range's value, or null when it is not one. */
export function readRange(value: unknown): DateRangeValue | null {
  if (!value || typeof value !== 'object') return null;
  const { startDate, endDate, isCurrent } = value as Partial<DateRangeValue>;
  return {
    startDate: typeof startDate === 'string' && startDate ? startDate : null,
    endDate: typeof endDate === 'string' && endDate ? endDate : null,
    isCurrent: isCurrent === true,
  };
}
