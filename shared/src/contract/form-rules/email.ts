/**
 * The one email check of the shared library (docs/product/forms-toolkit.md#email): the rule engine (email questions and
 * `email` rules, in the browser and on the server) and every other email check in `@careers/shared` (`isEmail` of
 * `@careers/shared`) call it, so an address is never accepted by one check and refused by another of the same
 * strictness. Plain code with no imports: the contract and the browser bundle both take it at no cost.
 */

/** "loose": the address as the candidate may have it already (signing in); "strict": an address we are given to keep. */
export type EmailStrictness = 'loose' | 'strict';

/** RFC 5321's limit on a whole address: longer is refused unread (the patterns then never see a 20,000-character answer). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Loose (the standard form of an address): the "valid e-mail address" of the HTML standard, what a browser's
 * `<input type="email">` accepts: a local part of letters, digits and `.!#$%&'*+/=?^_`{|}~-`, then @ and one or more
 * dot-separated host labels (letters, digits, inner dashes, at most 63 characters). `name@localhost` passes, as in
 * the browser. Linear: every label starts after a dot, so no two repetitions can share a character.
 */
const LOOSE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * Strict: letters, digits, dot, underscore, percent, plus or minus, then @, a domain (labels of
 * letters, digits and dashes, each followed by a dot) and a top-level domain of 2 or more letters. Linear for the
 * same reason: a label cannot hold a dot.
 */
const STRICT = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

/**
 * Whether `value` is an email address, strict unless asked loose. The value is taken as it is (callers trim the
 * answer first, as inputs trim on blur).
 *
 * @example isEmail('ada@example.com') // true
 * @example isEmail('ada@localhost') // false; isEmail('ada@localhost', 'loose') // true
 */
export function isEmail(value: string, strictness: EmailStrictness = 'strict'): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  return (strictness === 'loose' ? LOOSE : STRICT).test(value);
}
