import path from 'node:path';

/** Runtime settings of the careers API server, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  /** Folder for the SQLite file and other local state. */
  dataDir: string;
  /** PostgreSQL connection string, or null to use SQLite in `dataDir`. */
  databaseUrl: string | null;
  /** Path of the SQLite file (used when `databaseUrl` is null). */
  sqliteFile: string;
  /** Adds `Secure` to the session cookie; turn on behind HTTPS. */
  cookieSecure: boolean;
  /** Trust `X-Forwarded-*` headers (client address for rate limits) from a reverse proxy. */
  trustProxy: boolean;
  /** Build output; widgets are served from `${distDir}/widgets`. */
  distDir: string;
  /** Folder of the host page template (`index.html`) and its assets. */
  hostDemoDir: string;
  /** Employer used when a request names none and the session has none. */
  defaultDomain: string;
}

/** Repository root: this file lives in `<repo>/server/src`. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function readPort(env: Env): number {
  const raw = env.PORT?.trim();
  if (!raw) return 8080;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`PORT must be a whole number between 0 and 65535, got "${raw}".`);
  const port = Number(raw);
  if (port > 65535) throw new ConfigError(`PORT must be a whole number between 0 and 65535, got "${raw}".`);
  return port;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

function readDir(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw ? path.resolve(raw) : fallback;
}

/** True for connection strings this server sends to PostgreSQL. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = readDir(env, 'DATA_DIR', path.join(REPO_ROOT, '.data'));
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  const defaultDomain = env.DEFAULT_DOMAIN?.trim() || 'acme.example';
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(defaultDomain)) {
    throw new ConfigError(`DEFAULT_DOMAIN must be a domain such as acme.example, got "${defaultDomain}".`);
  }
  return {
    port: readPort(env),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir,
    databaseUrl: databaseUrl && isPostgresUrl(databaseUrl) ? databaseUrl : null,
    sqliteFile: path.join(dataDir, 'careers.sqlite'),
    cookieSecure: readBoolean(env, 'COOKIE_SECURE', false),
    trustProxy: readBoolean(env, 'TRUST_PROXY', false),
    distDir: readDir(env, 'DIST_DIR', path.join(REPO_ROOT, 'dist')),
    hostDemoDir: readDir(env, 'HOST_DEMO_DIR', path.join(REPO_ROOT, 'host-demo')),
    defaultDomain: defaultDomain.toLowerCase(),
  };
}
