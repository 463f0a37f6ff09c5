import type { Kysely } from 'kysely';
import { isSafeRedirectPath } from '../auth/safe-next';
import {
  findTargetCandidate,
  runCommand,
  UsageError,
  type CandidateTarget,
  type CommandIo,
  type CommandSteps,
} from '../cli/command';
import { candidateTargetOptions, parseOptions, requiredOption } from '../cli/options';
import type { Notification, NotificationType } from '../contract';
import type { Database } from '../db/types';
import { createEmployerRepository } from '../employers/repository';
import { createNotificationRepository } from './repository';

const NOTIFY_USAGE = `Creates an in-app notification for a candidate.

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

const CATEGORY_MAX = 100;
const MESSAGE_MAX = 1000;
const TYPES: readonly NotificationType[] = ['action_required', 'read_only'];

interface NotifyInput extends CandidateTarget {
  type: NotificationType;
  category: string;
  message: string;
  redirect: string | null;
}

/** Parses and validates the command line; throws `UsageError` with a message naming the argument. */
function parseNotifyArgs(argv: string[]): NotifyInput | 'help' {
  const values = parseOptions(argv, {
    email: { type: 'string' },
    domain: { type: 'string' },
    type: { type: 'string' },
    category: { type: 'string' },
    message: { type: 'string' },
    redirect: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';

  const { email, domain } = candidateTargetOptions(values);

  const type = requiredOption(values, 'type');
  if (!TYPES.includes(type as NotificationType)) {
    throw new UsageError(`--type must be action_required or read_only, got "${type}".`);
  }

  const category = requiredOption(values, 'category');
  if (category.length > CATEGORY_MAX) throw new UsageError(`--category must be at most ${CATEGORY_MAX} characters.`);

  const message = requiredOption(values, 'message');
  if (message.length > MESSAGE_MAX) throw new UsageError(`--message must be at most ${MESSAGE_MAX} characters.`);

  let redirect: string | null = null;
  if (values.redirect !== undefined) {
    const raw = String(values.redirect).trim();
    if (!isSafeRedirectPath(raw)) {
      throw new UsageError(
        `--redirect must be a same-site path starting with a single "/" (for example /careers/offers?domain=acme.example), got "${raw}".`,
      );
    }
    redirect = raw;
  }

  return { email, domain, type: type as NotificationType, category, message, redirect };
}

/** Creates the notification for the candidate the input names; throws `TargetError` when there is none. */
async function createNotificationFromInput(
  db: Kysely<Database>,
  input: NotifyInput,
): Promise<{ notification: Notification; domain: string; warnings: string[] }> {
  const candidate = await findTargetCandidate(db, input);
  const warnings: string[] = [];
  const employer = await createEmployerRepository(db).find(candidate.domain);
  if (employer && !employer.notificationsEnabled) {
    warnings.push(
      `In-app notifications are switched off for ${candidate.domain}; the candidate will not see this one until they are switched on.`,
    );
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

const notifySteps: CommandSteps<NotifyInput> = {
  usage: NOTIFY_USAGE,
  parse: parseNotifyArgs,
  execute: async (db, input, io) => {
    const { notification, domain, warnings } = await createNotificationFromInput(db, input);
    for (const warning of warnings) io.stderr(`Warning: ${warning}`);
    io.stdout(String(notification.id));
    io.stderr(
      `Created ${notification.notificationType} notification ${notification.id} for ${input.email} at ${domain}.`,
    );
  },
};

/** The whole operator command; returns the process exit code (0 created, 1 candidate not found, 2 invalid arguments). */
export function runNotifyCommand(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(argv, io, notifySteps);
}
