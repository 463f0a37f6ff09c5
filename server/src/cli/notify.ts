/**
 * Operator command: create an in-app notification for a candidate.
 *   npx tsx server/src/cli/notify.ts --email candidate@example.com --type action_required \
 *     --category "Job offer" --message "..." [--domain acme.example] [--redirect /careers/offers?domain=acme.example]
 * The logic lives in ../notifications/notify-command.ts (tested there); this file only wires the process.
 */
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { prepareDatabase } from '../db/prepare';
import type { Database } from '../db/types';
import { runNotifyCommand } from '../notifications/notify-command';

async function main(): Promise<number> {
  let db: Kysely<Database> | undefined;
  try {
    return await runNotifyCommand(process.argv.slice(2), {
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
