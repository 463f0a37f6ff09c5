import { FORM_LIMITS } from '../form-constants';
import { message, type RuleMessage } from './messages';

/** The example address the email message shows. */
const EMAIL_EXAMPLE = 'name@example.com';

export const emailMessage = (): RuleMessage => message('validation.email', { example: EMAIL_EXAMPLE });

/**
 * The `phone` text rule: digits, dashes and parentheses (spaces between them are tolerated, as people type
 * "(416) 555-0123"), with at least one digit, at most FORM_LIMITS.phoneMaxLength characters. Two linear tests: the
 * single pattern `^[0-9()\- ]*[0-9][0-9()\- ]*$` backtracked over every place the one digit could be, so a
 * 20,000-digit answer ending in a letter took half a second (issue 21).
 */
const PHONE_CHARACTERS = /^[0-9()\- ]*$/;
const DIGIT = /[0-9]/;

export const isValidPhoneText = (value: string): boolean => {
  const text = value.trim();
  return text.length <= FORM_LIMITS.phoneMaxLength && PHONE_CHARACTERS.test(text) && DIGIT.test(text);
};

/**
 * The loose phone check (docs/product/forms-toolkit.md#phone: it refuses a value starting with letters or symbols): the
 * answer starts the way a phone number does, with a digit, or with "+" (a calling code) or "(" (an area code), the two
 * symbols a number is written with in front; what follows is free ("416 555 0123 ext. 4"). It holds a digit and is no
 * longer than any phone number. No country rules: those are the strict check's (phone.ts), which needs
 * libphonenumber-js.
 */
const PHONE_START = /^[0-9+(]/;

export const isLoosePhone = (value: string): boolean => {
  const text = value.trim();
  return text.length <= FORM_LIMITS.phoneMaxLength && PHONE_START.test(text) && DIGIT.test(text);
};

const SSN = /^\d{3}-\d{2}-\d{4}$/;
const SIN = /^\d{3}-\d{3}-\d{3}$/;

export const isValidIdNumber = (kind: 'ssn' | 'sin', value: string): boolean =>
  (kind === 'ssn' ? SSN : SIN).test(value.trim());

export const idNumberMessage = (kind: 'ssn' | 'sin'): RuleMessage => message(`validation.${kind}`);

/**
 * What an SSN or SIN input shows as the person types (docs/product/forms-toolkit.md#ssn-and-sin): digits only, dashes
 * inserted between the groups (SSN XXX-XX-XXXX, SIN XXX-XXX-XXX), at most 11 characters.
 */
export function formatIdNumber(kind: 'ssn' | 'sin', input: string): string {
  const groups = kind === 'ssn' ? [3, 2, 4] : [3, 3, 3];
  let digits = input.replace(/\D/g, '').slice(0, 9);
  const parts: string[] = [];
  for (const size of groups) {
    if (!digits) break;
    parts.push(digits.slice(0, size));
    digits = digits.slice(size);
  }
  return parts.join('-').slice(0, FORM_LIMITS.idNumberMaxLength);
}

/** Length in characters as a person counts them (code points, so an emoji is one). */
export const characterCount = (value: string): number => Array.from(value).length;

/** A number value: a finite number, or text that reads as one (an input's raw value); else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}
