/**
 * Operator command: extend a job offer to a candidate with one or more PDF documents.
 *   npx tsx server/src/cli/offer.ts --email candidate@example.com --position "Robotics Software Engineer" \
 *     --document letter.pdf:Offer:embedded --document benefits.pdf:Benefits:none [--expires-in-days 14]
 * The logic lives in ../offers/offer-command.ts (tested there); this file only wires the process.
 */
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { prepareDatabase } from '../db/prepare';
import type { Database } from '../db/types';
import { runOfferCommand } from '../offers/offer-command';

async function main(): Promise<number> {
  let db: Kysely<Database> | undefined;
  try {
    return await runOfferCommand(process.argv.slice(2), {
      getDb: async () => {
        db = openDatabase(loadConfig());
        await prepareDatabase(db);
        return db;
      },
      stdout: (line) => process.stdout.write(`${line}\n`),
      stderr: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await db?.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error instanceof Error ? error.stack : error)}\n`);
    process.exitCode = 1;
  },
);
