import type { FormItem } from '../forms';
import { formNeedsPhoneRules, phoneCountry, toE164, validateItem } from './index';

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

  it('refuses an invalid number, a missing number or letters: "Enter a valid phone number"', () => {
    expect(key('+14165')).toBe('validation.phoneNumber');
    expect(key('+1', { required: true })).toBe('validation.phoneNumber'); // a country, no number
    expect(key('+1')).toBeNull(); // optional and no number: no answer
    expect(key('', { required: true })).toBe('validation.required');
    expect(key(14165550123)).toBe('validation.phoneNumber');
    // libphonenumber-js alone reads both as valid numbers; strict allows only digits, spaces, + - . ( ).
    expect(key('+1 416 555 0123 x12')).toBe('validation.phoneNumber');
    expect(key('+1 416 555 0123 call')).toBe('validation.phoneNumber');
  });

  it('refuses an unknown or missing calling code: "Invalid country calling code"', () => {
    expect(key('+999123456')).toBe('validation.callingCode');
    expect(key('+0 416 555 0123')).toBe('validation.callingCode');
    expect(key('4165550123')).toBe('validation.callingCode'); // its value carries the calling code
  });

  it('a phone rule on a phone item does not refuse the "+"', () => {
    expect(key('+14165550123', { rules: [{ type: 'phone' }] })).toBeNull();
  });
});

const text = (strictness: string): FormItem => ({
  name: 'tel',
  type: 'text',
  label: 'Phone',
  rules: [{ type: 'phone', value: strictness }],
});

describe('the loose phone rule', () => {
  const loose = (value: string) => validateItem(text('loose'), value, context)?.key ?? null;

  it('accepts what starts as a phone number does', () => {
    for (const value of ['416 555 0123', '+1 416 555 0123', '(416) 555-0123', '416-555-0123 ext. 4', '0612345678'])
      expect(loose(value)).toBeNull();
  });

  it('refuses a value starting with letters or symbols, with "Enter a valid phone number"', () => {
    for (const value of ['call 416 555 0123', 'x4165550123', '#416', '-416', '.416', '*67 416', '+', '()'])
      expect(loose(value)).toBe('validation.phoneNumber');
  });
});

describe('the strict phone rule', () => {
  const strict = (value: string, defaultCountry?: string) =>
    validateItem(text('strict'), value, { ...context, ...(defaultCountry ? { defaultCountry } : {}) })?.key ?? null;

  it('accepts a valid number with only digits, spaces, + - . and parentheses', () => {
    expect(strict('+1 (416) 555-0123')).toBeNull();
    expect(strict('416.555.0123')).toBeNull(); // national: the default country, else US
    expect(strict('+33 6 12 34 56 78')).toBeNull();
    expect(strict('06 12 34 56 78', 'FR')).toBeNull();
  });

  it('a national number is read in the default country', () => {
    expect(strict('06 12 34 56 78')).toBe('validation.phoneNumber'); // not a US number
    expect(strict('020 7946 0958', 'GB')).toBeNull();
    expect(strict('020 7946 0958', 'ZZ')).toBe('validation.phoneNumber'); // unknown: US
  });

  it('refuses other characters and invalid numbers with "Enter a valid phone number"', () => {
    expect(strict('416-555-0123 ext 4')).toBe('validation.phoneNumber');
    expect(strict('416/555/0123')).toBe('validation.phoneNumber');
    expect(strict('+1 416 555')).toBe('validation.phoneNumber');
    expect(strict('555-0123')).toBe('validation.phoneNumber');
  });

  it('refuses an unknown calling code with "Invalid country calling code"', () => {
    expect(strict('+999 123 456')).toBe('validation.callingCode');
    expect(strict('+0 416 555 0123', 'CA')).toBe('validation.callingCode');
  });

  it("a rule's own message wins", () => {
    const item = { ...text('strict'), rules: [{ type: 'phone' as const, value: 'strict', message: 'Mobile, please' }] };
    expect(validateItem(item, '+999 1', context)).toMatchObject({ text: 'Mobile, please' });
  });
});

describe('toE164', () => {
  it('gives the number in E.164', () => {
    expect(toE164('+1 (416) 555-0123')).toBe('+14165550123');
    expect(toE164('416.555.0123', { defaultCountry: 'CA' })).toBe('+14165550123');
    expect(toE164('06 12 34 56 78', { defaultCountry: 'fr' })).toBe('+33612345678');
    expect(toE164('+44 20 7946 0958', { defaultCountry: 'FR' })).toBe('+442079460958');
  });

  it('gives an empty string when the number is invalid', () => {
    for (const value of ['', '+1', '+14165', '+999 123 456', '416 555 0123 x12', 'phone', '06 12 34 56 78'])
      expect(toE164(value)).toBe('');
    expect(toE164('4165550123', { international: true })).toBe('');
  });
});

describe('formNeedsPhoneRules', () => {
  const form = (items: FormItem[]) => ({
    id: 'f',
    title: 'F',
    layout: 'simple' as const,
    sections: [{ id: 's', title: 'S', items }],
  });

  it('a phone question or a strict phone rule, in dynamic lists too, needs the phone plug-in', () => {
    expect(formNeedsPhoneRules(form([phone]))).toBe(true);
    expect(formNeedsPhoneRules(form([text('strict')]))).toBe(true);
    expect(formNeedsPhoneRules(form([{ name: 'l', type: 'dynamicList', items: [text('strict')] }]))).toBe(true);
  });

  it('the loose and the plain phone rules do not', () => {
    expect(formNeedsPhoneRules(form([text('loose'), { name: 't', type: 'text', rules: [{ type: 'phone' }] }]))).toBe(
      false,
    );
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
