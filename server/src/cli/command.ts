import type { Kysely } from 'kysely';
import { createCandidateRepository, type Candidate } from '../candidates/repository';
import type { Database } from '../db/types';

/** A problem with the arguments (or the files they name): exit code 2, with the usage text. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The arguments are fine, but the data does not allow it: exit code 1. */
export class TargetError extends Error {
  override name = 'TargetError';
}

/** What an operator command may use of the process; tests pass their own. */
export interface CommandIo {
  /** Opens (and migrates) the database; called only once the arguments (and any files they name) are valid. */
  getDb: () => Promise<Kysely<Database>>;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/** A whole operator command: arguments in, process exit code out. */
export type Command = (argv: string[], io: CommandIo) => Promise<number>;

export interface CommandSteps<Input> {
  /** Shown after an argument error, and on its own for `--help`. */
  usage: string;
  /** Parses and checks the arguments, before the database is opened; throws `UsageError`. */
  parse: (argv: string[]) => Input | 'help' | Promise<Input | 'help'>;
  /** Does the work and reports it on `io`; throws `TargetError` when the data does not allow it. */
  execute: (db: Kysely<Database>, input: Input, io: CommandIo) => Promise<void>;
}

/**
 * Runs a command's steps with the shared exit codes: 2 and the usage for a `UsageError`, 0 and the usage on
 * stdout for help, 1 for a `TargetError`, 0 when done. Any other error is rethrown.
 */
export async function runCommand<Input>(argv: string[], io: CommandIo, steps: CommandSteps<Input>): Promise<number> {
  let input: Input | 'help';
  try {
    input = await steps.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`Error: ${error.message}\n\n${steps.usage}`);
    return 2;
  }
  if (input === 'help') {
    io.stdout(steps.usage);
    return 0;
  }
  try {
    await steps.execute(await io.getDb(), input, io);
    return 0;
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    io.stderr(`Error: ${error.message}`);
    return 1;
  }
}

/** The candidate named on the command line: `--email`, and `--domain` when given. */
export interface CandidateTarget {
  email: string;
  domain?: string;
}

/** The one candidate the target names; `TargetError` when there is none, or several and no `--domain`. */
export async function findTargetCandidate(db: Kysely<Database>, target: CandidateTarget): Promise<Candidate> {
  const candidates = createCandidateRepository(db);
  const matches = target.domain
    ? [await candidates.findByEmail(target.domain, target.email)].filter((match) => match !== null)
    : await candidates.findAllByEmail(target.email);
  if (matches.length === 0) {
    throw new TargetError(`No candidate with email ${target.email}${target.domain ? ` at ${target.domain}` : ''}.`);
  }
  if (matches.length > 1) {
    throw new TargetError(
      `Candidates with email ${target.email} exist at ${matches.map((match) => match.domain).join(', ')}; choose one with --domain.`,
    );
  }
  return matches[0]!;
}
