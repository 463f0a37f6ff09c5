import { createRequire } from 'node:module';
import type SQLiteConstructor from 'better-sqlite3';

/**
 * The SQLite library for the Node.js that runs the server (decision 031).
 *
 * better-sqlite3 12 wraps its objects with `node::ObjectWrap`, which on Node.js 24 removes an environment cleanup
 * hook when the garbage collector frees a statement; when that happens with no environment current (at a worker's
 * or the process's exit, and for some reports under load) Node aborts the whole process (`(env) != nullptr`).
 * better-sqlite3 13 is built on Node-API and has no such hook, but needs Node.js 22 or later (on 20 it crashes at
 * once). So both are dependencies: 13 as the optional `better-sqlite3-napi` (npm skips it on Node.js 20, whose
 * engine it does not accept) and 12 as `better-sqlite3`. Same API, same SQL, same files.
 */
export type SqliteLibrary = typeof SQLiteConstructor;

const load = createRequire(__filename);

/** Which package serves this process: `better-sqlite3-napi` (13) on Node.js 22 and later when installed, else 12. */
export function sqlitePackageFor(
  nodeVersion: string,
  napiInstalled: boolean,
): 'better-sqlite3-napi' | 'better-sqlite3' {
  const major = Number(/^v?(\d+)/.exec(nodeVersion)?.[1] ?? 0);
  return major >= 22 && napiInstalled ? 'better-sqlite3-napi' : 'better-sqlite3';
}

function installed(name: string): boolean {
  try {
    load.resolve(name);
    return true;
  } catch {
    return false;
  }
}

let loaded: { name: string; version: string; library: SqliteLibrary } | undefined;

/** The library (loaded once), with its package name and version for the start-up line. */
export function sqliteLibrary(): { name: string; version: string; library: SqliteLibrary } {
  if (!loaded) {
    const name = sqlitePackageFor(process.version, installed('better-sqlite3-napi'));
    const { version } = load(`${name}/package.json`) as { version: string };
    loaded = { name, version, library: load(name) as SqliteLibrary };
  }
  return loaded;
}
