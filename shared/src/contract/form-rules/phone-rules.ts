import type { RuleMessage } from './messages';

/**
 * The phone checks of the rule engine (spec 002 §5 "Phone with country"), a plug-in: they need libphonenumber-js's
 * metadata (about 40 KB gzip), which a browser loads only for a form that has a phone question
 * (`loadPhoneRules()` of `@careers/shared/forms`). The server installs them at start (the contract's form-rules).
 */
export interface PhoneRules {
  /** Null when the value is "+<calling code><number>" and a valid number for that country. */
  checkPhoneWithCountry(value: string): RuleMessage | null;
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
