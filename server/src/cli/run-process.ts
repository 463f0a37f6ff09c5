import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { prepareDatabase } from '../db/prepare';
import type { Database } from '../db/types';
import type { Command } from './command';

/**
 * Runs an operator command as this process: the arguments after the script, the server's database (opened and
 * migrated only when the command asks for it, closed afterwards), the command's exit code. An unexpected error
 * is printed (a configuration error as one line) with exit code 1.
 */
export function runAsProcess(command: Command): void {
  const main = async (): Promise<number> => {
    let db: Kysely<Database> | undefined;
    try {
      return await command(process.argv.slice(2), {
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
  };
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error instanceof Error ? error.stack : error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
