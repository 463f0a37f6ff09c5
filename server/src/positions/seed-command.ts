import type { Kysely } from 'kysely';
import { runCommand, TargetError, UsageError, type Command } from '../cli/command';
import { parseOptions } from '../cli/options';
import { DEMO_DOMAIN } from '../db/seed';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { generateDemoPositions } from './demo-positions';
import { analyzePositions, insertPositions } from './repository';

const USAGE = `Usage: npm run seed:positions -- [--count N] [--domain acme.example] [--seed N]

Adds N generated positions (default 2000, at most 1000000) to an employer (default ${DEMO_DOMAIN}), across real
cities, departments and skills, some remote, some archived or expired; one transaction, batched inserts.
--seed picks another deterministic set (default: the number of positions the employer has).`;

interface SeedInput {
  count: number;
  domain: string;
  seed: number | null;
}

const integerOption = (value: unknown, name: string, min: number, max: number): number | null => {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(value);
};

/** `seed:positions`: adds many generated positions quickly (for benchmarks and the demo). */
export const runSeedPositionsCommand: Command = (argv, io) =>
  runCommand<SeedInput>(argv, io, {
    usage: USAGE,
    parse(args) {
      const values = parseOptions(args, {
        count: { type: 'string' },
        domain: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean' },
      });
      if (values.help) return 'help';
      const domain = typeof values.domain === 'string' ? values.domain.trim() : DEMO_DOMAIN;
      if (!/^[A-Za-z0-9.-]{1,253}$/.test(domain))
        throw new UsageError(`--domain "${domain}" is not a domain such as acme.example.`);
      return {
        count: integerOption(values.count, 'count', 1, 1_000_000) ?? 2000,
        domain: normalizeDomain(domain),
        seed: integerOption(values.seed, 'seed', 0, 2 ** 31),
      };
    },
    async execute(db: Kysely<Database>, input, out) {
      const employer = await db
        .selectFrom('employers')
        .select('company_name')
        .where('domain', '=', input.domain)
        .executeTakeFirst();
      if (!employer) throw new TargetError(`No employer uses the domain "${input.domain}".`);
      const started = performance.now();
      const existing = await db
        .selectFrom('positions')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('domain', '=', input.domain)
        .executeTakeFirstOrThrow();
      const positions = generateDemoPositions({
        domain: input.domain,
        count: input.count,
        now: new Date(),
        seed: input.seed ?? Number(existing.count),
        company: employer.company_name,
      });
      const ids = await insertPositions(db, positions);
      await analyzePositions(db);
      out.stdout(
        `Added ${ids.length} positions to ${input.domain} in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
          `(ids ${ids[0]} to ${ids[ids.length - 1]}).`,
      );
    },
  });
