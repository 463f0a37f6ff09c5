import { FORM_LIMITS } from '../form-constants';
import { message, type RuleMessage } from './messages';

/** The example address the email message shows. */
const EMAIL_EXAMPLE = 'name@example.com';

/**
 * Strict email (spec 001 §4): letters, digits, dot, underscore, percent, plus or minus, then @, a domain (labels of
 * letters, digits and dashes) and a top-level domain of 2 or more letters. At most 254 characters.
 */
const EMAIL = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

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

const SSN = /^\d{3}-\d{2}-\d{4}$/;
const SIN = /^\d{3}-\d{3}-\d{3}$/;

export const isValidIdNumber = (kind: 'ssn' | 'sin', value: string): boolean =>
  (kind === 'ssn' ? SSN : SIN).test(value.trim());

export const idNumberMessage = (kind: 'ssn' | 'sin'): RuleMessage => message(`validation.${kind}`);

/**
 * What an SSN or SIN input shows as the person types (spec 002 §5): digits only, dashes inserted between the groups
 * (SSN XXX-XX-XXXX, SIN XXX-XXX-XXX), at most 11 characters.
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
