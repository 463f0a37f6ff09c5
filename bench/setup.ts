/**
 * Shared set-up of the benchmarks: a fresh database (SQLite in a temporary folder, or PostgreSQL with
 * DATABASE_URL), migrated and seeded like a server's, the API listening on 127.0.0.1 on a free port; everything
 * closed and the folder deleted afterwards, also when the benchmark fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/src/app';
import { loadConfig, type Config } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { prepareDatabase } from '../server/src/db/prepare';
import type { Database } from '../server/src/db/types';

interface BenchServer {
  db: Kysely<Database>;
  config: Config;
  /** The API's base address, `http://127.0.0.1:port`. */
  base: string;
  /** "SQLite" or "PostgreSQL". */
  engine: string;
}

/**
 * Runs `bench` against a fresh database and server. `beforeListen` runs on the migrated database before the
 * server starts (to seed data the server should see from its first request).
 */
export async function withBenchServer(
  name: string,
  bench: (server: BenchServer) => Promise<void>,
  beforeListen?: (db: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `careers-${name}-`));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0' });
  const db = openDatabase(config);
  let app: FastifyInstance | null = null;
  try {
    await prepareDatabase(db);
    await beforeListen?.(db);
    app = await buildApp({ db, config, logger: false });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    await bench({ db, config, base, engine: config.databaseUrl ? 'PostgreSQL' : 'SQLite' });
  } finally {
    await app?.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a benchmark's main function: prints the error and exits 1 when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
