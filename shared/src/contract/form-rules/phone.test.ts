import type { FormItem } from '../forms';
import { phoneCountry, validateItem } from './index';

const context = { values: {}, now: new Date('2024-06-15T12:00:00Z') };
const phone: FormItem = { name: 'phone', type: 'phone', label: 'Phone' };
const key = (value: unknown, item: Partial<FormItem> = {}) =>
  validateItem({ ...phone, ...item }, value, context)?.key ?? null;

describe('phone type (calling code + number)', () => {
  it('accepts valid numbers', () => {
    expect(key('+14165550123')).toBeNull();
    expect(key('+33612345678')).toBeNull();
    expect(key('+1 (416) 555-0123')).toBeNull();
  });

  it('refuses invalid numbers, a missing country or a missing number', () => {
    expect(key('+14165')).toBe('validation.phoneWithCountry');
    expect(key('4165550123')).toBe('validation.phoneWithCountry'); // no calling code
    expect(key('+999123456')).toBe('validation.phoneWithCountry');
    expect(key('+1', { required: true })).toBe('validation.phoneWithCountry'); // a country, no number
    expect(key('+1')).toBeNull(); // optional and no number: no answer
    expect(key('', { required: true })).toBe('validation.required');
    expect(key(14165550123)).toBe('validation.phoneWithCountry');
  });

  it('a phone rule on a phone item does not refuse the "+"', () => {
    expect(key('+14165550123', { rules: [{ type: 'phone' }] })).toBeNull();
  });
});

describe('phoneCountry', () => {
  it('infers the country from the number', () => {
    expect(phoneCountry('+14165550123')).toBe('CA');
    expect(phoneCountry('+12125550123', 'CA')).toBe('US');
    expect(phoneCountry('+33612345678')).toBe('FR');
  });

  it('from the calling code alone: the default country when it shares the code, else the main country', () => {
    expect(phoneCountry('+1', 'CA')).toBe('CA');
    expect(phoneCountry('+1')).toBe('US');
    expect(phoneCountry('+44', 'FR')).toBe('GB');
    expect(phoneCountry('+33', 'fr')).toBe('FR');
  });

  it('else the default country, else US', () => {
    expect(phoneCountry('', 'CA')).toBe('CA');
    expect(phoneCountry(null, 'de')).toBe('DE');
    expect(phoneCountry(undefined)).toBe('US');
    expect(phoneCountry('4165550123', 'ZZ')).toBe('US');
  });
});
