import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../contract';

/**
 * Why a new password is refused (OWASP ASVS 5.0 V6.2: a length rule and no composition rule; none of the most
 * common passwords; any printable character, spaces included, up to 200). The text keys are `account.password.*`.
 */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'isEmail';

let common: Set<string> | undefined;

/** The 49,233 most common passwords of zxcvbn-ts's list (from public breaches), compared in lower case. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary.passwords.map((password) => password.toLowerCase()));
  return common;
}

/** The first problem of a new password, or null when it may be used. */
export function passwordProblem(password: string, context: { email?: string } = {}): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const lower = password.normalize('NFKC').toLowerCase();
  if (commonPasswords().has(lower) || commonPasswords().has(lower.trim())) return 'common';
  const email = context.email?.trim().toLowerCase();
  if (email && (lower === email || lower === email.split('@')[0])) return 'isEmail';
  return null;
}
