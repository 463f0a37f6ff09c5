import type { FormDefinition, FormItem } from '../forms';
import type { RuleMessage } from './messages';

/** Where a strict number's country comes from (see phone.ts). */
export interface StrictPhoneOptions {
  /**
   * The country of a number written without "+<calling code>" (ISO 3166-1 alpha-2; an unknown one counts as none:
   * US, the phone field's own last fallback). Ignored with `international`.
   */
  defaultCountry?: string;
  /**
   * The value must carry its calling code ("+1 416..."): the phone question's value shape
   * (docs/product/forms-toolkit.md#phone).
   */
  international?: boolean;
}

/**
 * The phone checks of the rule engine (phone with country, strict and E.164: docs/product/forms-toolkit.md#phone), a
 * plug-in: they need libphonenumber-js's metadata (about 40 KB gzip), which a browser loads only for a form that has a
 * phone question (`loadPhoneRules()` of `@careers/shared/forms`). The server installs them at start (the contract's
 * form-rules).
 */
export interface PhoneRules {
  /**
   * Strict: null when the value has only digits, spaces, + - . and parentheses and is a valid number for
   * its country; else "Invalid country calling code" (`validation.callingCode`) or "Enter a valid phone number"
   * (`validation.phoneNumber`).
   */
  checkStrictPhone(value: string, options?: StrictPhoneOptions): RuleMessage | null;
  /** The number in E.164 ("+14165550123"), or an empty string when the strict check refuses it. */
  toE164(value: string, options?: StrictPhoneOptions): string;
  /** The value is only "+" and a calling code (a country chosen, no number typed). */
  isBareCallingCode(value: string): boolean;
}

let installed: PhoneRules | null = null;

export function installPhoneRules(rules: PhoneRules): void {
  installed = rules;
}

export function phoneRulesInstalled(): boolean {
  return installed !== null;
}

/** The installed phone checks; a phone question checked without them is a programming error, not a pass. */
export function phoneRules(): PhoneRules {
  if (!installed) {
    throw new Error(
      'The phone rules are not loaded: await loadPhoneRules() before checking a form with a phone question.',
    );
  }
  return installed;
}

/**
 * The number in E.164 ("+14165550123"), or an empty string when the strict check refuses it; for what
 * is stored or sent. Needs the phone plug-in, as the strict check does.
 */
export function toE164(value: string, options?: StrictPhoneOptions): string {
  return phoneRules().toE164(value, options);
}

const needsPhoneRules = (items: readonly FormItem[] | undefined): boolean =>
  (items ?? []).some(
    (item) =>
      item.type === 'phone' ||
      (item.rules ?? []).some((rule) => rule.type === 'phone' && rule.value === 'strict') ||
      needsPhoneRules(item.items),
  );

/**
 * Whether checking the form needs the phone plug-in: a phone question, or a strict `phone` rule on any question (of
 * the form or of one of its dynamic lists). A browser loads it before checking such a form (`loadPhoneRules()`).
 */
export const formNeedsPhoneRules = (form: FormDefinition): boolean =>
  form.sections.some((section) => needsPhoneRules(section.items));
