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
import type { PhoneRules } from './phone-rules';

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
 * The country of a phone value (spec 002 §4): from the value "+<calling code><number>" (the number's own country,
 * else the default country when it shares the calling code, else the calling code's main country), else the
 * default country, else US. ISO 3166-1 alpha-2.
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
 * The phone type (spec 002 §5 "Phone with country"): the value must be "+<calling code><number>" and a valid number
 * for that country; a missing country (no "+"), a missing number or an invalid number all fail.
 */
export function checkPhoneWithCountry(value: string): RuleMessage | null {
  const text = value.trim();
  if (readable(text) && text.startsWith('+') && isValidPhoneNumber(text)) return null;
  return message('validation.phoneWithCountry');
}

/** The engine's phone checks on libphonenumber-js (installed by the contract's form-rules, or `loadPhoneRules`). */
export const libphonenumberRules: PhoneRules = { checkPhoneWithCountry, isBareCallingCode };
