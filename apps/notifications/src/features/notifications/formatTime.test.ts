import { formatFullDate, formatRelativeTime } from './formatTime';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [10, 'now'],
    [5 * 60, '5 minutes ago'],
    [60 * 60, '1 hour ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 86400, '3 days ago'],
    // Days, not "2 weeks ago" or "last month": the dashboard and the search say "39 days ago" (issue 22).
    [14 * 86400, '14 days ago'],
    [39 * 86400, '39 days ago'],
    [60 * 86400, '60 days ago'],
    [800 * 86400, '2 years ago'],
  ])('%i seconds ago reads "%s" in English', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), 'en', NOW)).toBe(text);
  });

  it('uses the given language', () => {
    expect(formatRelativeTime(ago(3 * 3600), 'fr-CA', NOW)).toBe('il y a 3 heures');
    expect(formatRelativeTime(ago(26 * 3600), 'fr-CA', NOW)).toBe('hier');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('');
    expect(formatFullDate('not a date', 'en')).toBe('');
  });
});

describe('formatFullDate', () => {
  it('gives the full date with the weekday and year', () => {
    const text = formatFullDate('2025-03-10T12:00:00Z', 'en');
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/March/);
    expect(text).toMatch(/Monday/);
  });

  it('is localised', () => {
    expect(formatFullDate('2025-03-10T12:00:00Z', 'fr-CA')).toMatch(/mars 2025/);
  });
});
