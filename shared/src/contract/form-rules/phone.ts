import {
  AsYouType,
  Metadata,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { FORM_LIMITS } from '../form-constants';
import { message, type RuleMessage } from './messages';
import type { PhoneRules, StrictPhoneOptions } from './phone-rules';

/**
 * The country of a number when nothing names one (the phone field's own last fallback,
 * docs/product/forms-toolkit.md#phone).
 */
const FALLBACK_COUNTRY = 'US';

const supported = (country: string | undefined): CountryCode | undefined => {
  const code = country?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? (code as CountryCode) : undefined;
};

/**
 * The countries of a calling code, its main country first ("1": US, then AG, AI...). The metadata has the list; its
 * typings do not declare the method, so without it, the supported countries sharing the code (alphabetical).
 */
function countriesOf(callingCode: string): string[] {
  const metadata = new Metadata() as unknown as {
    getCountryCodesForCallingCode?: (code: string) => string[] | undefined;
  };
  const listed = metadata.getCountryCodesForCallingCode?.(callingCode);
  if (listed) return listed;
  return getCountries().filter((country) => getCountryCallingCode(country) === callingCode);
}

/** Whether the phone checks read the text at all: longer than any phone number, it is invalid unread. */
const readable = (text: string): boolean => text.length <= FORM_LIMITS.phoneMaxLength;

/** The calling code a value starts with ("+1416..." -> "1"), if any. */
function callingCodeOf(value: string): string | undefined {
  if (!value.startsWith('+') || !readable(value)) return undefined;
  const typing = new AsYouType();
  typing.input(value);
  return typing.getCallingCode() ?? undefined;
}

/**
 * The country of a phone value (docs/product/forms-toolkit.md#phone): from the value "+<calling code><number>" (the
 * number's own country, else the default country when it shares the calling code, else the calling code's main
 * country), else the default country, else US. ISO 3166-1 alpha-2.
 */
export function phoneCountry(value: string | null | undefined, defaultCountry?: string): string {
  const fallback = supported(defaultCountry);
  const text = (value ?? '').replace(/[^\d+]/g, '');
  const parsed = text.startsWith('+') && readable(text) ? parsePhoneNumberFromString(text) : undefined;
  if (parsed?.country) return parsed.country;
  const callingCode = callingCodeOf(text);
  if (callingCode) {
    if (fallback && getCountryCallingCode(fallback) === callingCode) return fallback;
    const main = countriesOf(callingCode).find((country) => /^[A-Z]{2}$/.test(country));
    if (main) return main;
  }
  return fallback ?? FALLBACK_COUNTRY;
}

/** A value that is only "+" and a calling code: the country is chosen but no number typed. */
export function isBareCallingCode(value: string): boolean {
  const text = value.replace(/[\s()-]/g, '');
  const callingCode = callingCodeOf(text);
  return text === '+' || (callingCode !== undefined && text === `+${callingCode}`);
}

/**
 * Strict: only digits, spaces, "+", "-", "." and parentheses. Letters are refused here, before
 * libphonenumber-js, which would read "+1 416 555 0123 x12" or "call +1 416 555 0123" as a valid number.
 */
const STRICT_CHARACTERS = /^[0-9 +\-.()]*$/;
const DIGIT = /[0-9]/;

const numberMessage = (): RuleMessage => message('validation.phoneNumber');
const callingCodeMessage = (): RuleMessage => message('validation.callingCode');

/**
 * The strict phone check (docs/product/forms-toolkit.md#phone): only digits, spaces, + - . and parentheses, and a valid
 * number for its country: the country of its "+<calling code>", else the default country. "Invalid country calling
 * code" when the "+" is followed by no known calling code ("+999 123 456"), or when an `international` value has none;
 * "Enter a valid phone number" for anything else that is not a valid number.
 */
export function checkStrictPhone(value: string, options: StrictPhoneOptions = {}): RuleMessage | null {
  const text = value.trim();
  if (!readable(text) || !STRICT_CHARACTERS.test(text) || !DIGIT.test(text)) return numberMessage();
  const compact = text.replace(/[\s().-]/g, '');
  if (compact.startsWith('+')) {
    if (callingCodeOf(compact) === undefined) return callingCodeMessage();
    return isValidPhoneNumber(compact) ? null : numberMessage();
  }
  if (options.international) return callingCodeMessage();
  const country = supported(options.defaultCountry) ?? FALLBACK_COUNTRY;
  return isValidPhoneNumber(compact, country) ? null : numberMessage();
}

/**
 * The number in E.164 ("+14165550123"), read as the strict check reads it; an empty string when the
 * strict check refuses it, so a stored or sent number is always one that check accepts.
 */
export function toE164(value: string, options: StrictPhoneOptions = {}): string {
  if (checkStrictPhone(value, options) !== null) return '';
  const compact = value.trim().replace(/[\s().-]/g, '');
  const country = compact.startsWith('+') ? undefined : (supported(options.defaultCountry) ?? FALLBACK_COUNTRY);
  return parsePhoneNumberFromString(compact, country)?.number ?? '';
}

/** The engine's phone checks on libphonenumber-js (installed by the contract's form-rules, or `loadPhoneRules`). */
export const libphonenumberRules: PhoneRules = { checkStrictPhone, isBareCallingCode, toE164 };
