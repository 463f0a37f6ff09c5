import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { isEmail } from '../http/validation';
import { UsageError, type CandidateTarget } from './command';

/** Parsed option values, by long name. */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

const DOMAIN_PATTERN = /^[A-Za-z0-9.-]{1,253}$/;

/** `node:util` parseArgs, strict and without positional arguments; its errors become `UsageError`. */
export function parseOptions(argv: string[], options: ParseArgsOptionsConfig): OptionValues {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values as OptionValues;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The trimmed value of a required string option; `UsageError` when missing or blank. */
export function requiredOption(values: OptionValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required and must not be empty.`);
  return value.trim();
}

/** `--email` (required, an email address) and `--domain` (optional, a domain name): the candidate to act on. */
export function candidateTargetOptions(values: OptionValues): CandidateTarget {
  const email = requiredOption(values, 'email');
  if (!isEmail(email)) throw new UsageError(`--email "${email}" is not a valid email address.`);
  const domain = typeof values.domain === 'string' ? values.domain.trim() : undefined;
  if (domain !== undefined && !DOMAIN_PATTERN.test(domain)) {
    throw new UsageError(`--domain "${domain}" is not a domain such as acme.example.`);
  }
  return { email, domain };
}
