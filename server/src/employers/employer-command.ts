import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { runCommand, TargetError, UsageError, type CommandIo, type CommandSteps } from '../cli/command';
import { parseOptions, requiredOption } from '../cli/options';
import type { Database } from '../db/types';
import { createAllowedOriginRepository, normalizeOrigin, OriginError } from './allowed-origins';
import { checkEmployerPcsxConfig, EMPLOYER_PCSX_KEYS, storedConfigObject } from './pcsx-config';
import { normalizeDomain } from './repository';

const EMPLOYER_USAGE = `Shows or changes an employer's widget configuration (employers.pcsx_config_json) and the
origins of the employer's own pages that may call the careers API (allowed origins, CORS).

Usage:
  npm run employer -- show --domain <employer domain>
  npm run employer -- set --domain <employer domain> --json '<JSON object>'
  npm run employer -- origins list --domain <employer domain>
  npm run employer -- origins add <origin> --domain <employer domain>
  npm run employer -- origins remove <origin> --domain <employer domain>

Commands:
  show   Prints the stored configuration as JSON ({} when there is none); parts the server
         ignores (they do not match the contract) are listed on stderr.
  set    Replaces the top-level keys given in --json; a key set to null is removed, keys not
         given are kept. The result is checked as the server checks it: on any problem the
         key and path are named, exit code 1, and nothing is changed.
  origins list    Prints the employer's allowed origins, one a line.
  origins add     Allows a page origin (scheme, host and port, such as https://www.acme.example
                  or http://localhost:8082) to call the API with the candidate's session.
  origins remove  Stops allowing it (exit code 1 when it was not allowed).

Options:
  --domain  Employer domain, for example acme.example (required)
  --json    A JSON object of top-level keys (set only), for example
            '{"behaviourFlags":{"hideInjectedFooter":true},"implementationPhase":null}'
  --help    Show this help

Keys: ${EMPLOYER_PCSX_KEYS.join(', ')}.

Uses the same database as the server (DATA_DIR or DATABASE_URL) and migrates it first.
Exit codes: 0 done, 1 unknown employer or invalid configuration, 2 invalid arguments.`;

const DOMAIN_PATTERN = /^[A-Za-z0-9.-]{1,253}$/;

type OriginsAction = 'list' | 'add' | 'remove';

type EmployerInput =
  | { action: 'show'; domain: string }
  | { action: 'set'; domain: string; changes: Record<string, unknown> }
  | { action: 'origins'; command: OriginsAction; domain: string; origin: string | null };

function checkedDomain(domain: string): string {
  if (!DOMAIN_PATTERN.test(domain)) throw new UsageError(`--domain "${domain}" is not a domain such as acme.example.`);
  return domain;
}

/** `origins list|add|remove [<origin>] --domain <domain>`: the origin is the one word besides the options. */
function parseOriginsArgs(argv: string[]): EmployerInput | 'help' {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h') return 'help';
  if (command !== 'list' && command !== 'add' && command !== 'remove') {
    throw new UsageError(
      command === undefined
        ? 'Name an origins command: list, add or remove.'
        : `Unknown origins command "${command}"; use list, add or remove.`,
    );
  }
  let parsed: { values: { domain?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: true,
      options: { domain: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) return 'help';
  const domain = checkedDomain(requiredOption(parsed.values, 'domain'));
  const { positionals } = parsed;
  if (command === 'list') {
    if (positionals.length > 0) throw new UsageError(`origins list takes no origin, got "${positionals.join(' ')}".`);
    return { action: 'origins', command, domain, origin: null };
  }
  if (positionals.length !== 1) {
    throw new UsageError(`origins ${command} takes one origin, such as https://www.acme.example.`);
  }
  try {
    return { action: 'origins', command, domain, origin: normalizeOrigin(positionals[0]!) };
  } catch (error) {
    if (error instanceof OriginError) throw new UsageError(error.message);
    throw error;
  }
}

function parseEmployerArgs(argv: string[]): EmployerInput | 'help' {
  const [action, ...rest] = argv;
  if (action === undefined) throw new UsageError('Name a command: show, set or origins.');
  if (action === '--help' || action === '-h') return 'help';
  if (action === 'origins') return parseOriginsArgs(rest);
  if (action !== 'show' && action !== 'set') {
    throw new UsageError(`Unknown command "${action}"; use show, set or origins.`);
  }
  const values = parseOptions(rest, {
    domain: { type: 'string' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const domain = checkedDomain(requiredOption(values, 'domain'));
  if (action === 'show') {
    if (values.json !== undefined) throw new UsageError('--json is only for set.');
    return { action, domain };
  }
  const text = requiredOption(values, 'json');
  let changes: unknown;
  try {
    changes = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--json is not valid JSON (${(error as Error).message}).`);
  }
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) {
    throw new UsageError('--json must be a JSON object of top-level keys, for example {"implementationPhase":true}.');
  }
  if (Object.keys(changes).length === 0) throw new UsageError('--json names no key to set or remove.');
  return { action, domain, changes: changes as Record<string, unknown> };
}

/** The employer's stored configuration text; `TargetError` when no employer uses the domain. */
async function storedConfigOf(db: Kysely<Database>, domain: string): Promise<string | null> {
  const row = await db
    .selectFrom('employers')
    .select('pcsx_config_json')
    .where('domain', '=', normalizeDomain(domain))
    .executeTakeFirst();
  if (!row) throw new TargetError(`No employer uses the domain "${domain}".`);
  return row.pcsx_config_json;
}

async function show(db: Kysely<Database>, domain: string, io: CommandIo): Promise<void> {
  const raw = await storedConfigOf(db, domain);
  const stored = storedConfigObject(raw);
  if (stored === null) {
    io.stdout(raw ?? '');
    io.stderr('Warning: the stored configuration is not a JSON object; the server ignores all of it.');
    return;
  }
  io.stdout(JSON.stringify(stored, null, 2));
  checkEmployerPcsxConfig(stored, (problem) => io.stderr(`Warning: ${problem}`));
}

async function set(db: Kysely<Database>, domain: string, changes: Record<string, unknown>, io: CommandIo) {
  const summary = await db.transaction().execute(async (trx) => {
    const raw = await storedConfigOf(trx, domain);
    const stored = storedConfigObject(raw);
    if (stored === null) {
      io.stderr('Warning: the stored configuration was not a JSON object; it is replaced.');
    }
    const next: Record<string, unknown> = { ...stored };
    const setKeys: string[] = [];
    const removedKeys: string[] = [];
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) {
        delete next[key];
        removedKeys.push(key);
      } else {
        next[key] = value;
        setKeys.push(key);
      }
    }
    const problems: string[] = [];
    checkEmployerPcsxConfig(next, (problem) => problems.push(problem));
    if (problems.length > 0) {
      throw new TargetError(
        `The configuration of ${normalizeDomain(domain)} was not changed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
      );
    }
    await trx
      .updateTable('employers')
      .set({ pcsx_config_json: Object.keys(next).length === 0 ? null : JSON.stringify(next) })
      .where('domain', '=', normalizeDomain(domain))
      .execute();
    return [
      setKeys.length > 0 ? `set ${setKeys.join(', ')}` : null,
      removedKeys.length > 0 ? `removed ${removedKeys.join(', ')}` : null,
    ]
      .filter((part) => part !== null)
      .join('; ');
  });
  io.stdout(`Updated ${normalizeDomain(domain)}: ${summary}.`);
}

/** Lists, adds or removes an allowed origin; `TargetError` for an unknown employer or removing one not allowed. */
async function origins(
  db: Kysely<Database>,
  input: Extract<EmployerInput, { action: 'origins' }>,
  io: CommandIo,
): Promise<void> {
  const repository = createAllowedOriginRepository(db);
  const domain = normalizeDomain(input.domain);
  const allowed = await repository.list(domain);
  if (allowed === null) throw new TargetError(`No employer uses the domain "${input.domain}".`);
  if (input.command === 'list') {
    if (allowed.length === 0) io.stderr(`No origin is allowed for ${domain}.`);
    for (const origin of allowed) io.stdout(origin);
    return;
  }
  const origin = input.origin!;
  if (input.command === 'add') {
    const added = await repository.add(domain, origin);
    io.stdout(added ? `Allowed ${origin} for ${domain}.` : `${origin} was already allowed for ${domain}.`);
    return;
  }
  if (!(await repository.remove(domain, origin))) {
    throw new TargetError(`${origin} is not an allowed origin of ${domain}; nothing was removed.`);
  }
  io.stdout(`Removed ${origin} from the allowed origins of ${domain}.`);
}

const steps: CommandSteps<EmployerInput> = {
  usage: EMPLOYER_USAGE,
  parse: parseEmployerArgs,
  async execute(db, input, io) {
    if (input.action === 'show') await show(db, input.domain, io);
    else if (input.action === 'set') await set(db, input.domain, input.changes, io);
    else await origins(db, input, io);
  },
};

/**
 * `npm run employer -- show|set|origins ...`: exit code 0, 1 (unknown employer, invalid configuration, removing an
 * origin that is not allowed) or 2 (arguments, including an origin that is not one).
 */
export const runEmployerCommand = (argv: string[], io: CommandIo): Promise<number> => runCommand(argv, io, steps);
