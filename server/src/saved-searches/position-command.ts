import { readFile, stat } from 'node:fs/promises';
import { runCommand, TargetError, UsageError, type CommandIo, type CommandSteps } from '../cli/command';
import { parseOptions, requiredOption, type OptionValues } from '../cli/options';
import { createEmployerRepository } from '../employers/repository';
import { geocode } from '../geo/locations';
import { insertPositions, type NewPosition } from '../positions/repository';
import { createPositionServices } from '../positions/service';
import { commandAlertMailer } from '../mail/command-mail';
import { sendSavedSearchAlerts } from './alerts';

const POSITION_USAGE = `Publishes one open position, then alerts the candidates whose saved searches find it.

Usage:
  npm run position -- --domain <employer domain> --title <title> --department <department>
      --employment-type <type> --location <place> [--location <place> ...] [--remote] [--skills "A,B"]
      [--salary-min N --salary-max N --currency CAD] [--description-file path.html] [--valid-days N]

Options:
  --domain            Employer domain, for example acme.example (required)
  --title             Position title (required, at most 200 characters)
  --department        Department (required, at most 100 characters)
  --employment-type   For example Full-time (required, at most 50 characters)
  --location          A place the gazetteer knows ("Toronto", "Toronto, Canada") or "name:::lat,long";
                      repeat for several places (at least one unless --remote)
  --remote            The position can be done remotely
  --skills            Comma-separated skills (at most 50, each at most 100 characters)
  --salary-min, --salary-max
                      Yearly salary range in whole units (both with --currency)
  --currency          ISO 4217 code of the salary, for example CAD
  --description-file  HTML description (UTF-8, at most 100 KB); default: the title and department
  --valid-days        Open for this many days (1 to 3650); default: until archived
  --help              Show this help

Uses the same database as the server (DATA_DIR or DATABASE_URL) and migrates it first.
Prints the new position's id. Exit codes: 0 published, 1 employer not found, 2 invalid arguments.`;

const DESCRIPTION_MAX_BYTES = 100 * 1024;
const DAY = 24 * 3600 * 1000;

interface PositionInput {
  position: Omit<NewPosition, 'postedAt' | 'validThrough'>;
  validDays: number | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function limited(values: OptionValues, name: string, max: number): string {
  const value = requiredOption(values, name);
  if (value.length > max) throw new UsageError(`--${name} must be at most ${max} characters.`);
  return value;
}

/** A whole number option within bounds, or null when absent. */
function integerOption(values: OptionValues, name: string, min: number, max: number): number | null {
  const raw = values[name];
  if (raw === undefined) return null;
  const text = String(raw).trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}".`);
  }
  return Number(text);
}

/** Each `--location`: a place the gazetteer knows, or `name:::lat,long`; an unknown place is named. */
function placesOf(names: string[]): NewPosition['locations'] {
  return names.map((raw) => {
    const name = raw.trim();
    if (name === '') throw new UsageError('--location must not be empty.');
    const found = geocode(name);
    if (found === null) {
      throw new UsageError(
        `--location "${name}" is not a place the gazetteer knows; give it as "name:::latitude,longitude".`,
      );
    }
    switch (found.kind) {
      case 'invalid':
        throw new UsageError(`--location "${name}": ${found.reason}.`);
      case 'special':
        throw new UsageError(`--location "${name}" is not a place (for a remote position use --remote).`);
      case 'coordinates':
        if (found.name === '') throw new UsageError(`--location "${name}" needs a name before ":::".`);
        return { name: found.name, lat: found.point.lat, lng: found.point.lng };
      case 'place':
        return { name: found.place.label, lat: found.point.lat, lng: found.point.lng };
    }
  });
}

async function parsePositionArgs(argv: string[]): Promise<PositionInput | 'help'> {
  const values = parseOptions(argv, {
    domain: { type: 'string' },
    title: { type: 'string' },
    department: { type: 'string' },
    'employment-type': { type: 'string' },
    location: { type: 'string', multiple: true },
    remote: { type: 'boolean' },
    skills: { type: 'string' },
    'salary-min': { type: 'string' },
    'salary-max': { type: 'string' },
    currency: { type: 'string' },
    'description-file': { type: 'string' },
    'valid-days': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';

  const domain = requiredOption(values, 'domain');
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(domain))
    throw new UsageError(`--domain "${domain}" is not a domain such as acme.example.`);
  const title = limited(values, 'title', 200);
  const department = limited(values, 'department', 100);
  const employmentType = limited(values, 'employment-type', 50);
  const remote = values.remote === true;

  const locations = placesOf((values.location as string[] | undefined) ?? []);
  if (locations.length === 0 && !remote) throw new UsageError('--location is required (at least one) unless --remote.');

  const skills = [
    ...new Set(
      String(values.skills ?? '')
        .split(',')
        .map((skill) => skill.trim())
        .filter((skill) => skill !== ''),
    ),
  ];
  if (skills.length > 50) throw new UsageError('--skills must list at most 50 skills.');
  const longSkill = skills.find((skill) => skill.length > 100);
  if (longSkill) throw new UsageError(`--skills: "${longSkill.slice(0, 40)}…" is longer than 100 characters.`);

  const salaryMin = integerOption(values, 'salary-min', 0, 2_000_000_000);
  const salaryMax = integerOption(values, 'salary-max', 0, 2_000_000_000);
  const currency = typeof values.currency === 'string' ? values.currency.trim().toUpperCase() : null;
  if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) {
    throw new UsageError(`--salary-min (${salaryMin}) must not be more than --salary-max (${salaryMax}).`);
  }
  if ((salaryMin !== null || salaryMax !== null) && currency === null) {
    throw new UsageError('--currency is required with --salary-min or --salary-max.');
  }
  if (currency !== null && salaryMin === null && salaryMax === null) {
    throw new UsageError('--currency is given without --salary-min or --salary-max.');
  }
  if (currency !== null && !/^[A-Z]{3}$/.test(currency)) {
    throw new UsageError(`--currency must be a three-letter ISO 4217 code such as CAD, got "${currency}".`);
  }

  let description = `<p>${escapeHtml(title)} (${escapeHtml(department)})</p>`;
  if (values['description-file'] !== undefined) {
    const file = String(values['description-file']);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new UsageError(`--description-file ${file}: not a file.`);
      size = info.size;
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`--description-file ${file}: file not found.`);
    }
    if (size > DESCRIPTION_MAX_BYTES) {
      throw new UsageError(`--description-file ${file}: ${size} bytes, more than the 100 KB limit.`);
    }
    description = (await readFile(file, 'utf8')).trim();
    if (description === '') throw new UsageError(`--description-file ${file}: the file is empty.`);
  }

  return {
    position: {
      domain,
      title,
      description,
      department,
      employmentType,
      remote,
      salaryMin,
      salaryMax,
      salaryCurrency: currency,
      skills,
      locations,
    },
    validDays: integerOption(values, 'valid-days', 1, 3650),
  };
}

const positionSteps: CommandSteps<PositionInput> = {
  usage: POSITION_USAGE,
  parse: parsePositionArgs,
  execute: async (db, input, io) => {
    const employer = await createEmployerRepository(db).find(input.position.domain);
    if (!employer) throw new TargetError(`No employer with domain ${input.position.domain}.`);
    const now = new Date();
    const [id] = await insertPositions(db, [
      {
        ...input.position,
        domain: employer.domain,
        postedAt: now.toISOString(),
        validThrough: input.validDays === null ? null : new Date(now.getTime() + input.validDays * DAY).toISOString(),
      },
    ]);
    io.stdout(String(id));
    io.stderr(`Published position ${id} "${input.position.title}" at ${employer.domain}.`);
    const { service } = createPositionServices(db);
    const outcome = await sendSavedSearchAlerts(
      db,
      service,
      { id: id!, domain: employer.domain, title: input.position.title },
      now,
      await commandAlertMailer(db),
    );
    for (const skip of outcome.skipped) io.stderr(`Warning: saved search ${skip.id} skipped: ${skip.reason}`);
    io.stderr(`Saved-search alerts: ${outcome.notified} candidate(s) notified, ${outcome.mailed} mail(s) written.`);
  },
};

/** The whole operator command; returns the exit code (0 published, 1 employer not found, 2 invalid arguments). */
export function runPositionCommand(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(argv, io, positionSteps);
}
