/**
 * Date rules (docs/product/forms-toolkit.md#dates). Dates are compared in calendar days: "today" is the UTC calendar
 * day of `context.now`, so the browser and the server agree whatever their time zones (near midnight, a person far from
 * UTC may see "today" move a few hours early or late). A value with month precision ("YYYY-MM", the MM/YYYY format)
 * is compared by month: with each bound's month, and with this month for today. Bounds given as numbers are days
 * from today (0 = today). Dates in messages are shown as YYYY-MM-DD (YYYY-MM for month values).
 */
import type { DateRangeValue, FormItem, FormRule } from '../forms';
import type { RelativeDateUnit } from '../form-constants';
import { message, type RuleMessage } from './messages';
import { isEmptyValue, isRecord } from './values';

const DAY_MS = 86_400_000;

/** A calendar date: days since 1970-01-01, months since year 0, and the precision it was given with. */
export interface CalendarDate {
  day: number;
  month: number;
  precision: 'day' | 'month';
}

const fromUtc = (
  year: number,
  monthIndex: number,
  date: number,
  precision: CalendarDate['precision'],
): CalendarDate => ({
  day: Math.floor(Date.UTC(year, monthIndex, date) / DAY_MS),
  month: year * 12 + monthIndex,
  precision,
});

const fromDay = (day: number): CalendarDate => {
  const date = new Date(day * DAY_MS);
  return fromUtc(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 'day');
};

/** "YYYY-MM-DD" or "YYYY-MM" as a calendar date; null for anything else or an impossible date (2023-02-30). */
export function parseDateValue(value: unknown): CalendarDate | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const date = match[3] === undefined ? 1 : Number(match[3]);
  if (monthIndex < 0 || monthIndex > 11 || date < 1) return null;
  const check = new Date(Date.UTC(year, monthIndex, date));
  if (check.getUTCMonth() !== monthIndex || check.getUTCDate() !== date) return null;
  return fromUtc(year, monthIndex, date, match[3] === undefined ? 'month' : 'day');
}

const todayOf = (now: Date): CalendarDate => fromUtc(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 'day');

/** A bound: "YYYY-MM-DD" (or "YYYY-MM"), or a whole number of days from today; null when malformed. */
function resolveBound(bound: unknown, now: Date): CalendarDate | null {
  if (typeof bound === 'number') return Number.isInteger(bound) ? fromDay(todayOf(now).day + bound) : null;
  return parseDateValue(bound);
}

/** Below 0 when `a` is earlier, 0 the same, above 0 later; by month when either has month precision. */
const compareDates = (a: CalendarDate, b: CalendarDate): number =>
  a.precision === 'month' || b.precision === 'month' ? a.month - b.month : a.day - b.day;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A date as shown in messages: YYYY-MM-DD, or YYYY-MM when the value it is compared with has month precision. */
function displayDate(date: CalendarDate, precision: CalendarDate['precision']): string {
  const year = Math.floor(date.month / 12);
  const month = `${pad(year, 4)}-${pad((date.month % 12) + 1)}`;
  if (precision === 'month') return month;
  return `${month}-${pad(new Date(date.day * DAY_MS).getUTCDate())}`;
}

function addUnits(from: CalendarDate, unit: RelativeDateUnit, amount: number): CalendarDate {
  if (unit === 'days') return fromDay(from.day + amount);
  if (unit === 'weeks') return fromDay(from.day + amount * 7);
  const months = unit === 'months' ? amount : amount * 12;
  const start = new Date(from.day * DAY_MS);
  const target = from.month + months;
  const year = Math.floor(target / 12);
  const monthIndex = target - year * 12;
  const lastDate = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return fromUtc(year, monthIndex, Math.min(start.getUTCDate(), lastDate), 'day');
}

const invalidDate = (): RuleMessage => message('validation.date.invalid');

const isRange = (value: unknown): value is { from: unknown; to: unknown } =>
  isRecord(value) && 'from' in value && 'to' in value;

/** The date another field holds (a date range: its end for "after", its start for "before"). */
function otherFieldDate(other: unknown, operator: 'after' | 'before', now: Date): CalendarDate | null {
  if (isRecord(other) && ('startDate' in other || 'endDate' in other)) {
    if (operator === 'after') return other.isCurrent === true ? todayOf(now) : parseDateValue(other.endDate);
    return parseDateValue(other.startDate);
  }
  return parseDateValue(other);
}

/** One date rule on one valid date; null when it holds, or when the rule is malformed (a malformed rule is no rule). */
export function checkDateRule(
  rule: FormRule,
  date: CalendarDate,
  now: Date,
  values: Record<string, unknown>,
): RuleMessage | null {
  const today = todayOf(now);
  const show = (bound: CalendarDate) => displayDate(bound, date.precision);
  const bound = () => resolveBound(rule.value, now);
  switch (rule.type) {
    case 'isToday':
      return compareDates(date, today) === 0 ? null : message('validation.date.today');
    case 'isFuture':
      return compareDates(date, today) > 0 ? null : message('validation.date.future');
    case 'isPast':
      return compareDates(date, today) < 0 ? null : message('validation.date.past');
    case 'isOn': {
      const on = bound();
      return !on || compareDates(date, on) === 0 ? null : message('validation.date.on', { date: show(on) });
    }
    case 'isBefore': {
      const before = bound();
      return !before || compareDates(date, before) < 0
        ? null
        : message('validation.date.before', { date: show(before) });
    }
    case 'isAfter': {
      const after = bound();
      return !after || compareDates(date, after) > 0 ? null : message('validation.date.after', { date: show(after) });
    }
    case 'isBetween':
    case 'isNotBetween': {
      if (!isRange(rule.value)) return null;
      const a = resolveBound(rule.value.from, now);
      const b = resolveBound(rule.value.to, now);
      if (!a || !b) return null;
      const [from, to] = compareDates(a, b) <= 0 ? [a, b] : [b, a];
      const within = compareDates(date, from) >= 0 && compareDates(date, to) <= 0;
      if (within === (rule.type === 'isBetween')) return null;
      const key = rule.type === 'isBetween' ? 'validation.date.between' : 'validation.date.notBetween';
      return message(key, { from: show(from), to: show(to) });
    }
    case 'relativeToToday': {
      const value: unknown = rule.value;
      if (!isRecord(value) || typeof value.amount !== 'number' || !Number.isInteger(value.amount) || value.amount < 0)
        return null;
      const unit = value.unit as RelativeDateUnit;
      if (!['days', 'weeks', 'months', 'years'].includes(unit)) return null;
      if (value.direction !== 'past' && value.direction !== 'next') return null;
      const past = value.direction === 'past';
      const edge = addUnits(today, unit, past ? -value.amount : value.amount);
      const [from, to] = past ? [edge, today] : [today, edge];
      if (compareDates(date, from) >= 0 && compareDates(date, to) <= 0) return null;
      return message(`validation.date.${past ? 'withinPast' : 'withinNext'}.${unit}`, { count: value.amount });
    }
    case 'date_comparison': {
      const value: unknown = rule.value;
      if (!isRecord(value) || typeof value.field !== 'string') return null;
      if (value.operator !== 'after' && value.operator !== 'before') return null;
      const other = otherFieldDate(values[value.field], value.operator, now);
      if (!other) return null; // nothing to compare with yet: the other field has its own rules
      const difference = compareDates(date, other);
      if (value.operator === 'after' ? difference > 0 : difference < 0) return null;
      return message(`validation.date.${value.operator}`, { date: show(other) });
    }
    default:
      return null;
  }
}

/** The picker's own limits (enableFrom, enableUntil): the server refuses what the picker would not offer. */
function checkEnabledDates(item: FormItem, date: CalendarDate, now: Date): RuleMessage | null {
  const from = item.enableFrom === undefined ? null : resolveBound(item.enableFrom, now);
  if (from && compareDates(date, from) < 0)
    return message('validation.date.onOrAfter', { date: displayDate(from, date.precision) });
  const until = item.enableUntil === undefined ? null : resolveBound(item.enableUntil, now);
  if (until && compareDates(date, until) > 0)
    return message('validation.date.onOrBefore', { date: displayDate(until, date.precision) });
  return null;
}

/** A date item's own checks: a valid date within the picker's limits. */
export function checkDate(item: FormItem, value: unknown, now: Date): RuleMessage | null {
  const date = parseDateValue(value);
  return date ? checkEnabledDates(item, date, now) : invalidDate();
}

/** The dates of a date range value (the end is today when `isCurrent`), or the message of what is wrong. */
export function readDateRange(
  value: unknown,
  now: Date,
): { start: CalendarDate | null; end: CalendarDate | null } | RuleMessage {
  if (!isRecord(value)) return invalidDate();
  const range = value as Partial<DateRangeValue>;
  const start = isEmptyValue(range.startDate) ? null : parseDateValue(range.startDate);
  if (!isEmptyValue(range.startDate) && !start) return invalidDate();
  const end =
    range.isCurrent === true ? todayOf(now) : isEmptyValue(range.endDate) ? null : parseDateValue(range.endDate);
  if (range.isCurrent !== true && !isEmptyValue(range.endDate) && !end) return invalidDate();
  return { start, end };
}

/**
 * A date range's own checks (docs/product/forms-toolkit.md#dates): both dates, no future start when disallowed, the
 * start first.
 */
export function checkDateRange(item: FormItem, value: unknown, now: Date): RuleMessage | null {
  const range = readDateRange(value, now);
  if ('key' in range) return range;
  const { start, end } = range;
  if (!start || !end) return message('validation.dateRange.both');
  if (item.allowFutureStart === false && compareDates(start, todayOf(now)) > 0)
    return message('validation.dateRange.futureStart');
  if (compareDates(start, end) > 0) return message('validation.dateRange.order');
  return checkEnabledDates(item, start, now) ?? checkEnabledDates(item, end, now);
}
