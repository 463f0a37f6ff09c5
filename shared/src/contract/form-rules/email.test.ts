import type { FormItem } from '../forms';
import { isEmail as fromLibrary } from '../../utils';
import { isEmail, validateItem } from './index';

const context = { values: {}, now: new Date('2024-06-15T12:00:00Z') };
const key = (item: FormItem, value: string) => validateItem(item, value, context)?.key ?? null;

describe('isEmail', () => {
  it('strict: letters, digits, . _ % + -, then @, a domain and a top-level domain of 2 or more letters', () => {
    for (const value of ['ada@example.com', 'ada.lovelace+jobs@mail.example.co.uk', 'a_b%c-d@x-y.io'])
      expect(isEmail(value)).toBe(true);
    for (const value of [
      'ada@localhost',
      'ada@example.c',
      "o'brien@example.com",
      'ada@exa_mple.com',
      'ada@example.123',
    ])
      expect(isEmail(value)).toBe(false);
  });

  it("loose: the HTML standard's form (what <input type=email> accepts)", () => {
    for (const value of ['ada@localhost', "o'brien@example.com", 'ada@example.c', 'a{b}@x.y'])
      expect(isEmail(value, 'loose')).toBe(true);
    for (const value of ['ada', 'ada@', '@example.com', 'ada@-example.com', 'ada@example..com', 'a b@example.com'])
      expect(isEmail(value, 'loose')).toBe(false);
  });

  it('both refuse more than 254 characters', () => {
    const long = `${'a'.repeat(250)}@b.co`;
    expect(isEmail(long)).toBe(false);
    expect(isEmail(long, 'loose')).toBe(false);
  });

  it('is the one check of the library: @careers/shared exports the same function', () => {
    expect(fromLibrary).toBe(isEmail);
  });
});

describe('the engine checks email through it', () => {
  it('an email question and an email rule are strict', () => {
    expect(key({ name: 'e', type: 'email' }, 'ada@localhost')).toBe('validation.email');
    expect(key({ name: 'e', type: 'text', rules: [{ type: 'email' }] }, 'ada@localhost')).toBe('validation.email');
    expect(key({ name: 'e', type: 'text', rules: [{ type: 'email', value: 'strict' }] }, 'ada@localhost')).toBe(
      'validation.email',
    );
  });

  it('an email rule with value "loose" is loose', () => {
    const loose: FormItem = { name: 'e', type: 'text', rules: [{ type: 'email', value: 'loose' }] };
    expect(key(loose, 'ada@localhost')).toBeNull();
    expect(key(loose, 'ada@')).toBe('validation.email');
  });
});
