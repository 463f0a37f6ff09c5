import type { FormItem } from '../forms';
import { formatIdNumber, validateItem, type RuleMessage } from './index';

const context = { values: {}, now: new Date('2024-06-15T12:00:00Z') };
const check = (item: Partial<FormItem>, value: unknown): RuleMessage | null =>
  validateItem({ name: 'f', type: 'text', ...item } as FormItem, value, context);
const key = (item: Partial<FormItem>, value: unknown) => check(item, value)?.key ?? null;

describe('text rules', () => {
  it('email: strict address', () => {
    const rules: FormItem['rules'] = [{ type: 'email' }];
    for (const ok of ['jane.doe+jobs@example.co.uk', 'a_b%c-d@sub-domain.example.io', ' x@y.ca ']) {
      expect(key({ rules }, ok)).toBeNull();
    }
    for (const bad of ['jane', 'jane@', 'jane@example', 'jane@example.c', 'ja ne@example.com', 'a@b..com', 'a@.com']) {
      expect(key({ rules }, bad)).toBe('validation.email');
    }
    expect(check({ type: 'email' }, 'x@y')).toEqual({
      key: 'validation.email',
      values: { example: 'name@example.com' },
    });
  });

  it('phone (text rule): digits, dashes, parentheses', () => {
    const rules: FormItem['rules'] = [{ type: 'phone' }];
    expect(key({ rules }, '(416) 555-0123')).toBeNull();
    expect(key({ rules }, '416-555-0123')).toBeNull();
    expect(key({ rules }, '+1 416 555 0123')).toBe('validation.phone');
    expect(key({ rules }, '416.555.0123')).toBe('validation.phone');
    expect(key({ rules }, '()-')).toBe('validation.phone');
    // At most FORM_LIMITS.phoneMaxLength (40) characters: a phone number is never longer.
    expect(key({ rules }, '1'.repeat(40))).toBeNull();
    expect(key({ rules }, '1'.repeat(41))).toBe('validation.phone');
  });

  it('regex "/pattern/flags", flags applied', () => {
    expect(key({ rules: [{ type: 'regex', value: '/^[a-z]+$/i' }] }, 'ABC')).toBeNull();
    expect(key({ rules: [{ type: 'regex', value: '/^[a-z]+$/' }] }, 'ABC')).toBe('validation.regex');
    expect(key({ rules: [{ type: 'regex', value: '^\\d{5}$' }] }, '12345')).toBeNull();
    // the g flag would make test() alternate; it is dropped
    const rules: FormItem['rules'] = [{ type: 'regex', value: '/a/g' }];
    expect([key({ rules }, 'a'), key({ rules }, 'a')]).toEqual([null, null]);
  });

  it("a pattern the engine cannot run fails closed, whatever the rule's own message, and never throws", () => {
    const item: Partial<FormItem> = {
      rules: [
        { type: 'regex', value: '/([a-z/', message: 'Letters only.' },
        { type: 'maxLength', value: 3 },
      ],
    };
    expect(() => check(item, 'anything')).not.toThrow();
    expect(check(item, 'abc')).toEqual({ key: 'validation.regexInvalid' });
    // An empty optional answer is still no answer: nothing to check.
    expect(key(item, '')).toBeNull();
  });

  it('minLength and maxLength count characters (an emoji is one)', () => {
    expect(check({ rules: [{ type: 'minLength', value: 2 }] }, 'a')).toEqual({
      key: 'validation.minLength',
      values: { count: 2 },
    });
    expect(key({ rules: [{ type: 'minLength', value: 2 }] }, 'ab')).toBeNull();
    expect(key({ rules: [{ type: 'maxLength', value: 2 }] }, '😀😀')).toBeNull();
    expect(key({ rules: [{ type: 'maxLength', value: 2 }] }, '😀😀😀')).toBe('validation.maxLength');
  });

  it('minValue and maxValue compare numbers', () => {
    const rules: FormItem['rules'] = [
      { type: 'minValue', value: 1 },
      { type: 'maxValue', value: 10 },
    ];
    expect(key({ type: 'number', rules }, 5)).toBeNull();
    expect(key({ type: 'number', rules }, 0)).toBe('validation.minValue');
    expect(key({ type: 'number', rules }, 11)).toBe('validation.maxValue');
    expect(key({ rules }, '10')).toBeNull();
    expect(key({ rules }, 'ten')).toBe('validation.number');
  });

  it('ssn and sin: format for the type and for the rule', () => {
    expect(key({ type: 'ssn' }, '123-45-6789')).toBeNull();
    expect(key({ type: 'ssn' }, '123456789')).toBe('validation.ssn');
    expect(key({ type: 'sin' }, '046-454-286')).toBeNull();
    expect(key({ type: 'sin' }, '046-454-28')).toBe('validation.sin');
    expect(key({ rules: [{ type: 'ssn' }] }, '123-45-678')).toBe('validation.ssn');
    expect(key({ rules: [{ type: 'sin' }] }, '123-456-789')).toBeNull();
  });

  it('a rule’s own message overrides the default', () => {
    expect(check({ rules: [{ type: 'minLength', value: 5, message: 'Too short!' }] }, 'abc')).toEqual({
      key: 'validation.minLength',
      values: { count: 5 },
      text: 'Too short!',
    });
  });

  it('checks required first, then the type, then the rules in order', () => {
    const item: Partial<FormItem> = {
      type: 'email',
      required: true,
      label: 'Email',
      rules: [
        { type: 'maxLength', value: 10 },
        { type: 'regex', value: '/@corp\\.com$/' },
      ],
    };
    expect(check(item, '  ')).toEqual({ key: 'validation.required', values: { name: 'Email' } });
    expect(key(item, 'bad')).toBe('validation.email');
    expect(key(item, 'long.name@other.com')).toBe('validation.maxLength');
    expect(key(item, 'a@other.co')).toBe('validation.regex');
    expect(key(item, 'a@corp.com')).toBeNull();
  });

  it('an empty optional value passes every rule', () => {
    const rules: FormItem['rules'] = [
      { type: 'minLength', value: 3 },
      { type: 'email' },
      { type: 'regex', value: '/x/' },
    ];
    for (const empty of [undefined, null, '', '   ']) expect(key({ rules }, empty)).toBeNull();
    expect(key({ type: 'ssn' }, '')).toBeNull();
  });

  it('refuses a value of the wrong shape', () => {
    expect(key({ type: 'text' }, 42)).toBe('validation.invalid');
    expect(key({ type: 'checkboxItem' }, 'yes')).toBe('validation.invalid');
    expect(key({ type: 'skillSelector' }, [1, 2])).toBe('validation.invalid');
    expect(key({ type: 'dynamicList' }, ['a'])).toBe('validation.invalid');
  });
});

describe('other types', () => {
  it('number: a finite number within min and max', () => {
    expect(key({ type: 'number' }, 3)).toBeNull();
    expect(key({ type: 'number' }, '3.5')).toBeNull();
    expect(key({ type: 'number' }, Number.NaN)).toBe('validation.number');
    expect(key({ type: 'number' }, Number.POSITIVE_INFINITY)).toBe('validation.number');
    expect(check({ type: 'number', min: 2, max: 4 }, 1)).toEqual({ key: 'validation.minValue', values: { count: 2 } });
    expect(check({ type: 'number', min: 2, max: 4 }, 5)).toEqual({ key: 'validation.maxValue', values: { count: 4 } });
  });

  it('star rating: a whole number from 1 to 5', () => {
    expect(key({ type: 'star_rating' }, 1)).toBeNull();
    expect(key({ type: 'star_rating' }, 5)).toBeNull();
    for (const bad of [0, 6, 2.5, 'good']) expect(key({ type: 'star_rating' }, bad)).toBe('validation.rating');
  });

  it('choices: the value must be one of them, unless they come from the server', () => {
    const choices = [
      { label: 'Red', value: 'red' },
      { label: 'Blue', value: 'blue' },
    ];
    expect(key({ type: 'select', choices }, 'red')).toBeNull();
    expect(key({ type: 'dropdown', choices }, 'green')).toBe('validation.choice');
    expect(key({ type: 'radio', choices }, 'green')).toBe('validation.choice');
    expect(key({ type: 'checkbox', choices }, ['red', 'blue'])).toBeNull();
    expect(key({ type: 'checkbox', choices }, ['red', 'pink'])).toBe('validation.choice');
    expect(key({ type: 'select', multiple: true, choices }, ['blue'])).toBeNull();
    expect(key({ type: 'select', multiple: true, choices }, ['teal'])).toBe('validation.choice');
    expect(key({ type: 'select', choices, apiEndpoint: '/api/options' }, 'green')).toBeNull();
    expect(key({ type: 'select' }, 'anything')).toBeNull();
  });

  it('required in each type’s own sense', () => {
    const required = (type: FormItem['type'], value: unknown) => key({ type, required: true, label: 'Q' }, value);
    expect(required('radio', undefined)).toBe('validation.required');
    expect(required('checkbox', [])).toBe('validation.required');
    expect(required('checkbox', ['a'])).toBeNull();
    expect(required('skillSelector', [])).toBe('validation.required');
    expect(required('skillSelector', ['TypeScript'])).toBeNull();
    expect(required('checkboxItem', false)).toBe('validation.required');
    expect(required('checkboxItem', true)).toBeNull();
    expect(required('dynamicList', [])).toBe('validation.required');
    expect(required('file_upload', [])).toBe('validation.required');
    expect(required('dateRange', { startDate: null, endDate: null, isCurrent: false })).toBe('validation.required');
    expect(required('dateRange', { startDate: '2024-01', endDate: null, isCurrent: false })).toBe(
      'validation.dateRange.both',
    );
    expect(required('dateRange', { startDate: '2024-01', endDate: null, isCurrent: true })).toBeNull();
    expect(required('esignForm', undefined)).toBe('validation.required');
    expect(required('esignForm', { status: 'rejected', at: '2024-06-01T00:00:00Z' })).toBe('validation.required');
    expect(required('esignForm', { status: 'signed', at: '2024-06-01T00:00:00Z' })).toBeNull();
    expect(key({ type: 'esignForm' }, { status: 'rejected', at: '2024-06-01T00:00:00Z' })).toBeNull();
  });

  it('dynamic list and multiple choices: minLength and maxLength count entries', () => {
    const rules: FormItem['rules'] = [
      { type: 'minLength', value: 1 },
      { type: 'maxLength', value: 2 },
    ];
    expect(key({ type: 'dynamicList', rules }, [{}, {}])).toBeNull();
    expect(check({ type: 'dynamicList', rules }, [{}, {}, {}])).toEqual({
      key: 'validation.list.maxLength',
      values: { count: 2 },
    });
    expect(check({ type: 'skillSelector', rules }, ['a', 'b', 'c'])).toEqual({
      key: 'validation.selection.maxLength',
      values: { count: 2 },
    });
  });

  it('info, instruction and embedded forms hold no value', () => {
    expect(key({ type: 'info', required: true }, undefined)).toBeNull();
    expect(key({ type: 'embedded_form', required: true }, undefined)).toBeNull();
  });
});

describe('formatIdNumber', () => {
  it.each([
    ['ssn', '123456789', '123-45-6789'],
    ['ssn', '1234', '123-4'],
    ['ssn', '123', '123'],
    ['ssn', '12345', '123-45'],
    ['ssn', '123-45-6789123', '123-45-6789'],
    ['ssn', 'a1b2c3 4', '123-4'],
    ['sin', '046454286', '046-454-286'],
    ['sin', '0464', '046-4'],
    ['sin', '046 454 286 999', '046-454-286'],
    ['sin', '', ''],
  ] as const)('%s %s -> %s', (kind, input, expected) => {
    const formatted = formatIdNumber(kind, input);
    expect(formatted).toBe(expected);
    expect(formatted.length).toBeLessThanOrEqual(11);
  });
});
