import { toEpochSeconds } from './toEpochSeconds';

describe('toEpochSeconds', () => {
  it('converts a Date, dropping milliseconds', () => {
    expect(toEpochSeconds(new Date('2024-01-02T03:04:05.678Z'))).toBe(1704164645);
  });

  it('converts an ISO string', () => {
    expect(toEpochSeconds('2024-01-02T03:04:05Z')).toBe(1704164645);
    expect(toEpochSeconds('1970-01-01T00:00:00Z')).toBe(0);
  });

  it('treats a number as milliseconds since the epoch', () => {
    expect(toEpochSeconds(1704164645999)).toBe(1704164645);
  });

  it('rounds down before the epoch too', () => {
    expect(toEpochSeconds(-500)).toBe(-1);
  });

  it.each<[Date | string | number]>([[new Date('nope')], ['tomorrow'], [''], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'throws a RangeError for %p',
    (input) => {
      expect(() => toEpochSeconds(input)).toThrow(RangeError);
    },
  );

  it('names the bad input in the error message', () => {
    expect(() => toEpochSeconds('tomorrow')).toThrow('toEpochSeconds: "tomorrow" is not a valid date');
    expect(() => toEpochSeconds(Number.NaN)).toThrow('toEpochSeconds: NaN is not a valid date');
  });
});
