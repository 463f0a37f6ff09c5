/**
 * The account rules' plain constants (no schema code), for the browser bundles: account.ts re-exports them beside
 * its schemas, and the sign-in dialog uses them directly (docs/product/accounts-and-mail.md).
 */

/** Password rule (OWASP ASVS 5.0 V6.2): length over composition, and none of the most common passwords. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Sign-in codes are six digits, valid 15 minutes, for one use. */
export const SIGN_IN_CODE_LENGTH = 6;

/** Error codes of the account calls (beside the common ones). */
export const AccountErrorCodes = {
  /** The password breaks the rule (field `password`): too short, too long, or one of the most common. */
  weakPassword: 'weak_password',
  /** The link or code is unknown, used, or expired. */
  invalidToken: 'invalid_token',
  /** The employer does not let candidates create accounts here (`loginSignupConfig.candidateSignupEnabled`). */
  signupDisabled: 'candidate_signup_disabled',
} as const;

/** Characters as people count them (an emoji or an accented letter is one), as the password rule counts them. */
export const passwordLength = (password: string): number => [...password.normalize('NFC')].length;
