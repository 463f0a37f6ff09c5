import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { isSafeRedirectPath } from '../auth/safe-next';
import { createCandidateRepository } from '../candidates/repository';
import type { Notification, NotificationType } from '../contract';
import type { Database } from '../db/types';
import { createEmployerRepository } from '../employers/repository';
import { isEmail } from '../http/validation';
import { createNotificationRepository } from './repository';

export const NOTIFY_USAGE = `Creates an in-app notification for a candidate.

Usage:
  tsx server/src/cli/notify.ts --email <email> --type <action_required|read_only>
      --category <title> --message <text> [--domain <employer domain>] [--redirect <same-site path>]

Options:
  --email     Candidate's email address (required)
  --domain    Employer domain; needed only when several employers have a candidate with this email
  --type      action_required or read_only (required)
  --category  Category title shown on the card, for example "Job offer" (required, at most 100 characters)
  --message   Notification text (required, at most 1000 characters)
  --redirect  Where the card leads: a same-site path such as /careers/offers?domain=acme.example
  --help      Show this help

Uses the same database as the server (DATA_DIR or DATABASE_URL) and migrates it first.
Exit codes: 0 created, 1 candidate not found, 2 invalid arguments.`;

export const CATEGORY_MAX = 100;
export const MESSAGE_MAX = 1000;
const DOMAIN_PATTERN = /^[A-Za-z0-9.-]{1,253}$/;
const TYPES: readonly NotificationType[] = ['action_required', 'read_only'];

export interface NotifyInput {
  email: string;
  domain?: string;
  type: NotificationType;
  category: string;
  message: string;
  redirect: string | null;
}

/** A problem with the arguments themselves (exit code 2). */
export class NotifyUsageError extends Error {
  override name = 'NotifyUsageError';
}

/** The arguments are fine, but the data does not allow it (exit code 1). */
export class NotifyTargetError extends Error {
  override name = 'NotifyTargetError';
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new NotifyUsageError(`--${name} is required and must not be empty.`);
  return value.trim();
}

/** Parses and validates the command line; throws `NotifyUsageError` with a message naming the argument. */
export function parseNotifyArgs(argv: string[]): NotifyInput | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        domain: { type: 'string' },
        type: { type: 'string' },
        category: { type: 'string' },
        message: { type: 'string' },
        redirect: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new NotifyUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';

  const email = required(values, 'email');
  if (!isEmail(email)) throw new NotifyUsageError(`--email "${email}" is not a valid email address.`);

  const domain = typeof values.domain === 'string' ? values.domain.trim() : undefined;
  if (domain !== undefined && !DOMAIN_PATTERN.test(domain)) {
    throw new NotifyUsageError(`--domain "${domain}" is not a domain such as acme.example.`);
  }

  const type = required(values, 'type');
  if (!TYPES.includes(type as NotificationType)) {
    throw new NotifyUsageError(`--type must be action_required or read_only, got "${type}".`);
  }

  const category = required(values, 'category');
  if (category.length > CATEGORY_MAX) throw new NotifyUsageError(`--category must be at most ${CATEGORY_MAX} characters.`);

  const message = required(values, 'message');
  if (message.length > MESSAGE_MAX) throw new NotifyUsageError(`--message must be at most ${MESSAGE_MAX} characters.`);

  let redirect: string | null = null;
  if (values.redirect !== undefined) {
    const raw = String(values.redirect).trim();
    if (!isSafeRedirectPath(raw)) {
      throw new NotifyUsageError(
        `--redirect must be a same-site path starting with a single "/" (for example /careers/offers?domain=acme.example), got "${raw}".`,
      );
    }
    redirect = raw;
  }

  return { email, domain, type: type as NotificationType, category, message, redirect };
}

/** Creates the notification for the candidate the input names; throws `NotifyTargetError` when there is none. */
export async function createNotificationFromInput(
  db: Kysely<Database>,
  input: NotifyInput,
): Promise<{ notification: Notification; domain: string; warnings: string[] }> {
  const candidates = createCandidateRepository(db);
  const matches = input.domain
    ? [await candidates.findByEmail(input.domain, input.email)].filter((match) => match !== null)
    : await candidates.findAllByEmail(input.email);
  if (matches.length === 0) {
    throw new NotifyTargetError(
      `No candidate with email ${input.email}${input.domain ? ` at ${input.domain}` : ''}.`,
    );
  }
  if (matches.length > 1) {
    throw new NotifyTargetError(
      `Candidates with email ${input.email} exist at ${matches.map((match) => match.domain).join(', ')}; choose one with --domain.`,
    );
  }
  const candidate = matches[0]!;
  const warnings: string[] = [];
  const employer = await createEmployerRepository(db).find(candidate.domain);
  if (employer && !employer.notificationsEnabled) {
    warnings.push(`In-app notifications are switched off for ${candidate.domain}; the candidate will not see this one until they are switched on.`);
  }
  const notification = await createNotificationRepository(db).create({
    candidateId: candidate.id,
    domain: candidate.domain,
    categoryTitle: input.category,
    message: input.message,
    notificationType: input.type,
    redirectUrl: input.redirect,
  });
  return { notification, domain: candidate.domain, warnings };
}

export interface NotifyIo {
  /** Opens (and migrates) the database; called only once the arguments are valid. */
  getDb: () => Promise<Kysely<Database>>;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/** The whole operator command; returns the process exit code. */
export async function runNotifyCommand(argv: string[], io: NotifyIo): Promise<number> {
  let input: NotifyInput | 'help';
  try {
    input = parseNotifyArgs(argv);
  } catch (error) {
    if (!(error instanceof NotifyUsageError)) throw error;
    io.stderr(`Error: ${error.message}\n\n${NOTIFY_USAGE}`);
    return 2;
  }
  if (input === 'help') {
    io.stdout(NOTIFY_USAGE);
    return 0;
  }
  try {
    const { notification, domain, warnings } = await createNotificationFromInput(await io.getDb(), input);
    for (const warning of warnings) io.stderr(`Warning: ${warning}`);
    io.stdout(String(notification.id));
    io.stderr(`Created ${notification.notificationType} notification ${notification.id} for ${input.email} at ${domain}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof NotifyTargetError)) throw error;
    io.stderr(`Error: ${error.message}`);
    return 1;
  }
}
