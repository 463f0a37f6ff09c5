import type { FormItem, FormRule, FormValues } from '../forms';
import { formatRuleMessage, validateItem } from './index';
import { rulesI18n } from './testing';

const i18n = rulesI18n();

/** Today is Saturday 2024-06-15 (UTC). */
const now = new Date('2024-06-15T12:00:00Z');
const text = (
  rule: FormRule | null,
  value: unknown,
  values: FormValues = {},
  item: Partial<FormItem> = {},
  lng = 'en',
) => {
  const failed = validateItem({ name: 'when', type: 'date', rules: rule ? [rule] : [], ...item }, value, {
    values,
    now,
  });
  return failed ? formatRuleMessage(failed, i18n.getFixedT(lng)) : null;
};

describe('date rules', () => {
  it('an invalid date fails with "Enter a valid date."', () => {
    for (const bad of ['2024-13-01', '2024-02-30', '15/06/2024', '2024-6-1', 'today']) {
      expect(text(null, bad)).toBe('Enter a valid date.');
    }
    expect(text(null, '2024-02-29')).toBeNull();
    expect(text({ type: 'isPast' }, '2024-02-30')).toBe('Enter a valid date.');
  });

  it('isToday, isFuture, isPast (UTC calendar day of now)', () => {
    expect(text({ type: 'isToday' }, '2024-06-15')).toBeNull();
    expect(text({ type: 'isToday' }, '2024-06-14')).toBe("Enter today's date.");
    expect(text({ type: 'isFuture' }, '2024-06-16')).toBeNull();
    expect(text({ type: 'isFuture' }, '2024-06-15')).toBe('Enter a date in the future.');
    expect(text({ type: 'isPast' }, '2024-06-14')).toBeNull();
    expect(text({ type: 'isPast' }, '2024-06-15')).toBe('Enter a date in the past.');
    // 23:30 in Toronto on the 14th is already the 15th in UTC
    const late = validateItem({ name: 'd', type: 'date', rules: [{ type: 'isToday' }] }, '2024-06-15', {
      values: {},
      now: new Date('2024-06-14T23:30:00-04:00'),
    });
    expect(late).toBeNull();
  });

  it('isOn, isBefore, isAfter with a date or a number of days from today', () => {
    expect(text({ type: 'isOn', value: '2024-07-01' }, '2024-07-01')).toBeNull();
    expect(text({ type: 'isOn', value: '2024-07-01' }, '2024-07-02')).toBe('Enter the date 2024-07-01.');
    expect(text({ type: 'isBefore', value: '2024-07-01' }, '2024-06-30')).toBeNull();
    expect(text({ type: 'isBefore', value: '2024-07-01' }, '2024-07-01')).toBe('Enter a date before 2024-07-01.');
    expect(text({ type: 'isAfter', value: 0 }, '2024-06-16')).toBeNull();
    expect(text({ type: 'isAfter', value: 0 }, '2024-06-15')).toBe('Enter a date after 2024-06-15.');
    expect(text({ type: 'isBefore', value: 30 }, '2024-07-15')).toBe('Enter a date before 2024-07-15.');
    expect(text({ type: 'isAfter', value: -1 }, '2024-06-14')).toBe('Enter a date after 2024-06-14.');
  });

  it('isBetween and isNotBetween (bounds included in the range)', () => {
    const range = { from: '2024-01-01', to: '2024-12-31' };
    expect(text({ type: 'isBetween', value: range }, '2024-01-01')).toBeNull();
    expect(text({ type: 'isBetween', value: range }, '2024-12-31')).toBeNull();
    expect(text({ type: 'isBetween', value: range }, '2025-01-01')).toBe(
      'Enter a date between 2024-01-01 and 2024-12-31.',
    );
    expect(text({ type: 'isNotBetween', value: range }, '2023-12-31')).toBeNull();
    expect(text({ type: 'isNotBetween', value: range }, '2024-05-05')).toBe(
      'Enter a date before 2024-01-01 or after 2024-12-31.',
    );
    expect(text({ type: 'isBetween', value: { from: -7, to: 7 } }, '2024-06-23')).toBe(
      'Enter a date between 2024-06-08 and 2024-06-22.',
    );
  });

  it('relativeToToday with a fixed now', () => {
    const past3Days: FormRule = { type: 'relativeToToday', value: { direction: 'past', amount: 3, unit: 'days' } };
    expect(text(past3Days, '2024-06-12')).toBeNull();
    expect(text(past3Days, '2024-06-15')).toBeNull();
    expect(text(past3Days, '2024-06-11')).toBe('Enter a date within the past 3 days.');
    expect(text(past3Days, '2024-06-16')).toBe('Enter a date within the past 3 days.');
    const next1Week: FormRule = { type: 'relativeToToday', value: { direction: 'next', amount: 1, unit: 'weeks' } };
    expect(text(next1Week, '2024-06-22')).toBeNull();
    expect(text(next1Week, '2024-06-23')).toBe('Enter a date within the next 1 week.');
    expect(text(next1Week, '2024-06-14')).toBe('Enter a date within the next 1 week.');
    const past1Month: FormRule = { type: 'relativeToToday', value: { direction: 'past', amount: 1, unit: 'months' } };
    expect(text(past1Month, '2024-05-15')).toBeNull();
    expect(text(past1Month, '2024-05-14')).toBe('Enter a date within the past 1 month.');
    const next2Years: FormRule = { type: 'relativeToToday', value: { direction: 'next', amount: 2, unit: 'years' } };
    expect(text(next2Years, '2026-06-15')).toBeNull();
    expect(text(next2Years, '2026-06-16')).toBe('Enter a date within the next 2 years.');
    expect(text(next2Years, '2026-06-16', {}, {}, 'fr-CA')).toBe('Entrez une date d’au plus 2 ans dans l’avenir.');
    // 2024-03-31 minus one month is 2024-02-29 (the day is clamped to the month's end)
    const leap = validateItem({ name: 'd', type: 'date', rules: [past1Month] }, '2024-02-29', {
      values: {},
      now: new Date('2024-03-31T08:00:00Z'),
    });
    expect(leap).toBeNull();
  });

  it('month precision ("YYYY-MM") compares by month', () => {
    expect(text({ type: 'isToday' }, '2024-06')).toBeNull();
    expect(text({ type: 'isPast' }, '2024-06')).toBe('Enter a date in the past.');
    expect(text({ type: 'isPast' }, '2024-05')).toBeNull();
    expect(text({ type: 'isFuture' }, '2024-07')).toBeNull();
    expect(text({ type: 'isBefore', value: '2024-07-20' }, '2024-07')).toBe('Enter a date before 2024-07.');
    expect(text({ type: 'isOn', value: '2024-07-20' }, '2024-07')).toBeNull();
    expect(text({ type: 'isBetween', value: { from: '2024-01-31', to: '2024-03-01' } }, '2024-01')).toBeNull();
    expect(text(null, '2024-13')).toBe('Enter a valid date.');
  });

  it('date_comparison with another field', () => {
    const afterStart: FormRule = { type: 'date_comparison', value: { field: 'start', operator: 'after' } };
    expect(text(afterStart, '2024-06-20', { start: '2024-06-10' })).toBeNull();
    expect(text(afterStart, '2024-06-10', { start: '2024-06-10' })).toBe('Enter a date after 2024-06-10.');
    const beforeEnd: FormRule = {
      type: 'date_comparison',
      value: { field: 'end', operator: 'before' },
      message: 'Must come before the end date.',
    };
    expect(text(beforeEnd, '2024-06-20', { end: '2024-06-01' })).toBe('Must come before the end date.');
    expect(text(beforeEnd, '2024-05-20', { end: '2024-06-01' })).toBeNull();
    // nothing to compare with yet
    expect(text(afterStart, '2024-06-20', {})).toBeNull();
    expect(text(afterStart, '2024-06-20', { start: 'soon' })).toBeNull();
    // against a date range: after its end (today when current)
    expect(text(afterStart, '2024-06-15', { start: { startDate: '2023-01', endDate: null, isCurrent: true } })).toBe(
      'Enter a date after 2024-06-15.',
    );
  });

  it('a malformed rule value is no rule', () => {
    expect(text({ type: 'isBefore', value: 'next week' }, '2030-01-01')).toBeNull();
    expect(text({ type: 'isBetween', value: 3 }, '2030-01-01')).toBeNull();
    expect(text({ type: 'relativeToToday', value: { from: 1, to: 2 } }, '2030-01-01')).toBeNull();
  });

  it('the picker limits enableFrom and enableUntil also apply', () => {
    const item: Partial<FormItem> = { enableFrom: 0, enableUntil: '2024-12-31' };
    expect(text(null, '2024-06-15', {}, item)).toBeNull();
    expect(text(null, '2024-06-14', {}, item)).toBe('Enter a date on or after 2024-06-15.');
    expect(text(null, '2025-01-01', {}, item)).toBe('Enter a date on or before 2024-12-31.');
  });
});

describe('date range', () => {
  const range = (startDate: string | null, endDate: string | null, isCurrent = false) => ({
    startDate,
    endDate,
    isCurrent,
  });
  const check = (value: unknown, item: Partial<FormItem> = {}) => text(null, value, {}, { type: 'dateRange', ...item });

  it('needs both dates', () => {
    expect(check(range('2020-01', '2021-01'))).toBeNull();
    expect(check(range('2020-01', null))).toBe('Please enter both a start and end date.');
    expect(check(range(null, '2021-01'))).toBe('Please enter both a start and end date.');
    expect(check(range(null, null))).toBeNull(); // optional and empty
  });

  it('isCurrent: the end is today', () => {
    expect(check(range('2020-01', null, true))).toBeNull();
    expect(check(range('2024-07', null, true))).toBe('The end date must be after the start date.');
    expect(check(range('2024-06', null, true))).toBeNull();
  });

  it('refuses a future start when not allowed, and a start after the end', () => {
    expect(check(range('2024-07', '2024-08'), { allowFutureStart: false })).toBe('Start date cannot be in the future');
    expect(check(range('2024-07', '2024-08'))).toBeNull();
    expect(check(range('2024-06', '2024-08'), { allowFutureStart: false })).toBeNull();
    expect(check(range('2021-02', '2021-01'))).toBe('The end date must be after the start date.');
    expect(check(range('2021-01-15', '2021-01-15'))).toBeNull();
    expect(check(range('2021-01-32', '2021-02-01'))).toBe('Enter a valid date.');
  });

  it('date rules apply to both dates', () => {
    const rules: FormRule[] = [{ type: 'isPast' }];
    expect(check(range('2020-01', '2021-01'), { rules })).toBeNull();
    expect(check(range('2020-01', '2024-06'), { rules })).toBe('Enter a date in the past.');
  });
});
