/**
 * Every built-in rule on the longest answers the server accepts (20,000 characters, 100 list entries): each check
 * must give its answer, and stay linear in the answer's length. Before issue 21 the phone text rule took 9 s on the
 * 30 entries below, and the required message's label cleaning 7 s on a 20,000-character label; now each case takes
 * a few milliseconds. No test asserts a wall-clock time (decision 014): the same inputs go through the server in
 * the event-loop guard, whose waits `npm run bench:event-loop` judges; a quadratic check back in the engine makes
 * this file take minutes, in plain sight.
 */
import type { FormDefinition, FormItem } from '../forms';
import { isEmail, requiredMessage, toE164, validateForm, validateItem } from './index';

const now = new Date('2024-06-15T12:00:00Z');
const context = { values: {}, now };
const LONG = 20_000;
const key = (item: FormItem, value: unknown) => validateItem(item, value, context)?.key ?? null;

describe('built-in rules on long answers', () => {
  it('the phone text rule: 30 list entries of 20,000 characters (finding 4)', () => {
    const form: FormDefinition = {
      id: 'f',
      title: 'F',
      layout: 'simple',
      sections: [
        {
          id: 's',
          title: 'S',
          items: [
            {
              name: 'phones',
              type: 'dynamicList',
              items: [{ name: 'number', type: 'text', rules: [{ type: 'phone' }] }],
            },
          ],
        },
      ],
    };
    const phones = Array.from({ length: 30 }, (_, index) => ({
      number: `${(index % 2 ? '1' : '(1) ').repeat(LONG / 4)}x`.slice(-LONG),
    }));
    const errors = validateForm(form, { phones }, { now });
    expect(Object.keys(errors)).toHaveLength(30);
    expect(errors['phones.29.number']?.key).toBe('validation.phone');
  });

  it('the phone type reads at most 40 characters: longer is invalid unread', () => {
    const phone: FormItem = { name: 'p', type: 'phone', required: true };
    expect(key(phone, '+1 416 555 0123')).toBeNull();
    // Valid once the spaces are dropped, but longer than any phone number.
    expect(key(phone, `+1${' '.repeat(30)}4165550123`)).toBe('validation.phoneNumber');
    for (const value of [`+1${'1'.repeat(LONG)}`, `+${' '.repeat(LONG)}1`, `+1${'(-'.repeat(LONG / 2)}`]) {
      expect(key(phone, value)).toBe('validation.phoneNumber');
    }
  });

  it('the loose and strict phone rules and E.164 read at most 40 characters too', () => {
    for (const strictness of ['loose', 'strict']) {
      const item: FormItem = { name: 'p', type: 'text', rules: [{ type: 'phone', value: strictness }] };
      expect(key(item, `+1${'1'.repeat(LONG)}`)).toBe('validation.phoneNumber');
      expect(key(item, `${'(1) '.repeat(LONG / 4)}x`)).toBe('validation.phoneNumber');
    }
    expect(toE164(`+1${' '.repeat(LONG)}4165550123`)).toBe('');
  });

  it('email, id numbers, numbers, dates, lengths and choices', () => {
    const text = (rules: FormItem['rules'], type: FormItem['type'] = 'text'): FormItem => ({ name: 't', type, rules });
    expect(key(text([{ type: 'email' }]), `${'a.'.repeat(LONG / 2)}@example.com`)).toBe('validation.email');
    expect(key(text([], 'email'), `a@${'b-'.repeat(LONG / 2)}`)).toBe('validation.email');
    // The loose form on its longest answers: 254 characters, 126 labels, a 63-character label.
    expect(key(text([{ type: 'email', value: 'loose' }]), `a@${'b.'.repeat(125)}-`)).toBe('validation.email');
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}`, 'loose')).toBe(true);
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(64)}.c`, 'loose')).toBe(false);
    expect(key(text([{ type: 'ssn' }]), '1'.repeat(LONG))).toBe('validation.ssn');
    expect(key(text([], 'number'), '1'.repeat(LONG))).toBe('validation.number'); // past the largest number
    expect(key(text([], 'number'), `${'1'.repeat(LONG)}x`)).toBe('validation.number');
    expect(key(text([], 'date'), `2024-01-01${'1'.repeat(LONG)}`)).toBe('validation.date.invalid');
    expect(key(text([{ type: 'maxLength', value: 10 }]), '😀'.repeat(LONG))).toBe('validation.maxLength');
    const choices = Array.from({ length: 500 }, (_, index) => ({ label: `c${index}`, value: `c${index}` }));
    const checkbox: FormItem = { name: 'c', type: 'checkbox', choices };
    expect(
      key(
        checkbox,
        Array.from({ length: 500 }, (_, index) => `c${499 - index}`),
      ),
    ).toBeNull();
  });

  it('files: a size read from 12 MB of base64 content', () => {
    const item: FormItem = { name: 'f', type: 'file_upload', rules: [{ type: 'maxFileSizeMB', value: 5 }] };
    const content = `data:application/pdf;base64,${'QUJD'.repeat(3_000_000)}`;
    expect(key(item, [{ name: 'a.pdf', size: 10, content }])).toBe('validation.file.tooLarge');
  });

  it("the required message's label cleaning is linear in the label (it was quadratic)", () => {
    expect(requiredMessage('Your name: ')).toEqual({ key: 'validation.required', values: { name: 'Your name' } });
    const label = `a${' .'.repeat(LONG / 2)}b`;
    expect(requiredMessage(label)).toEqual({ key: 'validation.requiredGeneric' });
  });
});
