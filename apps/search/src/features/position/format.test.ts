import { formatDate, formatRelativeDay, formatSalary, isPast } from './format';

describe('formatSalary', () => {
  it('formats a range in the currency and language', () => {
    const range = formatSalary(61000, 83000, 'USD', 'en');
    expect(range?.kind).toBe('range');
    expect(range?.text).toMatch(/^\$61,000\s?–\s?\$?83,000$/);
    expect(formatSalary(61000, 83000, 'CAD', 'fr-CA')?.text).toMatch(/^61\s000\s?–\s?83\s000\s\$$/);
  });

  it('gives one end, a single amount, or nothing', () => {
    expect(formatSalary(50000, null, 'USD', 'en')).toEqual({ kind: 'from', text: '$50,000' });
    expect(formatSalary(null, 70000, 'USD', 'en')).toEqual({ kind: 'upTo', text: '$70,000' });
    expect(formatSalary(70000, 70000, 'USD', 'en')).toEqual({ kind: 'range', text: '$70,000' });
    expect(formatSalary(null, null, 'USD', 'en')).toBeNull();
  });

  it('shows the amounts alone without a currency or with an unknown one', () => {
    expect(formatSalary(50000, null, null, 'en')?.text).toBe('50,000');
    expect(formatSalary(50000, null, 'NOT-A-CODE', 'en')?.text).toBe('50,000');
  });
});

describe('dates', () => {
  const now = new Date(2026, 10, 22, 15, 0);

  it('says how long ago a position was posted', () => {
    expect(formatRelativeDay(new Date(2026, 10, 22, 1, 0).toISOString(), 'en', now)).toBe('today');
    expect(formatRelativeDay(new Date(2026, 10, 21, 23, 0).toISOString(), 'en', now)).toBe('yesterday');
    expect(formatRelativeDay(new Date(2026, 10, 19).toISOString(), 'en', now)).toBe('3 days ago');
    // Whole days, never weeks or months (the server's insights say "Posted 39 days ago" of the same date).
    expect(formatRelativeDay(new Date(2026, 10, 8).toISOString(), 'en', now)).toBe('14 days ago');
    expect(formatRelativeDay(new Date(2026, 9, 14).toISOString(), 'en', now)).toBe('39 days ago');
    expect(formatRelativeDay(new Date(2025, 10, 1).toISOString(), 'en', now)).toBe('last year');
    expect(formatRelativeDay(new Date(2026, 10, 19).toISOString(), 'fr-CA', now)).toBe('il y a 3 jours');
    expect(formatRelativeDay('not a date', 'en', now)).toBeNull();
  });

  it('formats dates in the language and tells past ones', () => {
    expect(formatDate('2027-04-16T12:00:00.000Z', 'en')).toBe('Apr 16, 2027');
    expect(formatDate(null, 'en')).toBeNull();
    expect(isPast('2026-11-21T00:00:00Z', now)).toBe(true);
    expect(isPast('2026-11-23T00:00:00Z', now)).toBe(false);
    expect(isPast(null, now)).toBe(false);
  });
});
