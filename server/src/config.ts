import { isIP } from 'node:net';
import path from 'node:path';
import type { ApplyLimits } from './forms/apply-limits';

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
  /**
   * Which `X-Forwarded-*` headers to believe (`TRUST_PROXY`): `false` (none: the socket address is taken as the
   * client's, and as it may be a proxy shared by every candidate, no sign-in limit counts per address alone), the
   * addresses or CIDR ranges of the reverse proxies (the client is the first address not in them), or `true`
   * (every hop: the client address is the left-most `X-Forwarded-For` entry, which a client can forge).
   */
  trustProxy: TrustProxy;
  /** Build output; widgets are served from `${distDir}/widgets`. */
  distDir: string;
  /** Folder of the host page template (`index.html`) and its assets. */
  hostDemoDir: string;
  /** Employer used when a request names none and the session has none. */
  defaultDomain: string;
  /** Port of the e-sign reference server (a second listener of the same process). */
  esignPort: number;
  /**
   * Port of the demo employer's own page (`npm start`: the host-demo as a static page on its own origin, embedding the
   * widgets from this server; server/src/host-demo/static-demo.ts). `HOST_DEMO_PORT=off` starts none.
   */
  hostDemoPort: number | null;
  /** Public base address of the e-sign server; null derives it from the careers address and `esignPort`. */
  esignPublicUrl: string | null;
  /** Origins the careers site is served from (e-sign frame parents and frame-ancestors), first is the fallback. */
  publicOrigins: string[];
  /**
   * Google Maps JavaScript API key (`GOOGLE_MAPS_API_KEY`), or null. Given to the search widget in the boot data
   * (`pcsxConfig.searchConfig.mapConfig.apiKey`) for employers whose map is enabled and who have no key of their
   * own; it is public in the page, so restrict it to the careers site's addresses in the Google Cloud console.
   */
  googleMapsApiKey: string | null;
  /**
   * Limits of applying and drafts (`server/src/forms/apply-limits.ts`, decision 010) replaced for this server; not
   * read from the environment (tests use small ones). Unset: the documented figures.
   */
  applyLimits?: Partial<ApplyLimits>;
  /**
   * SMTP server that delivers the mail (`SMTP_URL`, as nodemailer reads it: `smtps://user:pass@smtp.example.com:465`
   * or `smtp://…:587` with STARTTLS), or null: mail is kept in the outbox and shown in the development inbox
   * (docs/product/accounts-and-mail.md#connecting-an-smtp-service).
   */
  smtpUrl: string | null;
  /** The sender of every mail (`MAIL_FROM`), such as `Acme Careers <careers@acme.example>`. */
  mailFrom: string;
  /**
   * Whether `/careers/dev/inbox` shows the kept mail (`DEV_INBOX`): on by default when there is no `SMTP_URL` and
   * `NODE_ENV` is not `production`; never with an SMTP server (the mail is then delivered, not kept).
   */
  devInbox: boolean;
}

/** `TRUST_PROXY` as Fastify takes it: off, every hop, or the proxies' addresses and CIDR ranges. */
type TrustProxy = boolean | string[];

/** Address ranges proxy-addr (Fastify's `trustProxy`) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** Repository root: this file lives in `<repo>/server/src`. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function readPort(env: Env, name = 'PORT', fallback = 8080): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number between 0 and 65535, got "${raw}".`);
  const port = Number(raw);
  if (port > 65535) throw new ConfigError(`${name} must be a whole number between 0 and 65535, got "${raw}".`);
  return port;
}

/** An http(s) address reduced to its origin (`http://localhost:8080`); throws naming the setting otherwise. */
function readOrigin(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must hold http(s) origins such as http://localhost:8080, got "${raw}".`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  ) {
    throw new ConfigError(`${name} must hold http(s) origins such as http://localhost:8080 (no path), got "${raw}".`);
  }
  return url.origin;
}

function readPublicOrigins(env: Env, port: number): string[] {
  const raw = env.PUBLIC_ORIGINS?.trim();
  if (!raw) return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const origins = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => readOrigin(item, 'PUBLIC_ORIGINS'));
  if (origins.length === 0) throw new ConfigError('PUBLIC_ORIGINS must name at least one origin.');
  return [...new Set(origins)];
}

function readEsignPublicUrl(env: Env): string | null {
  const raw = env.ESIGN_PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `ESIGN_PUBLIC_URL must be an http(s) address such as https://esign.example.com, got "${raw}".`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new ConfigError(
      `ESIGN_PUBLIC_URL must be an http(s) address such as https://esign.example.com, got "${raw}".`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

/** An IPv4/IPv6 address, optionally with a /prefix (CIDR). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function readTrustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  const lower = raw.toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  const addresses = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (addresses.length > 0 && addresses.every((item) => NAMED_RANGES.includes(item) || isAddressOrRange(item))) {
    return addresses;
  }
  throw new ConfigError(
    `TRUST_PROXY must be false, the addresses or CIDR ranges of your reverse proxies (such as 10.0.0.5 or 10.0.0.0/8, comma-separated; or loopback), or true, got "${raw}".`,
  );
}

function readDir(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw ? path.resolve(raw) : fallback;
}

/** `GOOGLE_MAPS_API_KEY`: optional; letters, digits, `-` and `_` (catches quotes or spaces pasted with it). */
function readGoogleMapsApiKey(env: Env): string | null {
  const raw = env.GOOGLE_MAPS_API_KEY?.trim();
  if (!raw) return null;
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) {
    throw new ConfigError('GOOGLE_MAPS_API_KEY must hold only letters, digits, "-" and "_" (a Google API key).');
  }
  return raw;
}

/** True for connection strings this server sends to PostgreSQL. */
function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = readDir(env, 'DATA_DIR', path.join(REPO_ROOT, '.data'));
  const databaseUrl = env.DATABASE_URL?.trim() ?? '';
  const defaultDomain = env.DEFAULT_DOMAIN?.trim() || 'acme.example';
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(defaultDomain)) {
    throw new ConfigError(`DEFAULT_DOMAIN must be a domain such as acme.example, got "${defaultDomain}".`);
  }
  const port = readPort(env);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir,
    databaseUrl: databaseUrl && isPostgresUrl(databaseUrl) ? databaseUrl : null,
    sqliteFile: path.join(dataDir, 'careers.sqlite'),
    cookieSecure: readBoolean(env, 'COOKIE_SECURE', false),
    trustProxy: readTrustProxy(env),
    distDir: readDir(env, 'DIST_DIR', path.join(REPO_ROOT, 'dist')),
    hostDemoDir: readDir(env, 'HOST_DEMO_DIR', path.join(REPO_ROOT, 'host-demo')),
    defaultDomain: defaultDomain.toLowerCase(),
    esignPort: readPort(env, 'ESIGN_PORT', port === 0 || port === 65535 ? 0 : port + 1),
    esignPublicUrl: readEsignPublicUrl(env),
    hostDemoPort:
      env.HOST_DEMO_PORT?.trim().toLowerCase() === 'off'
        ? null
        : readPort(env, 'HOST_DEMO_PORT', port === 0 || port >= 65534 ? 0 : port + 2),
    publicOrigins: readPublicOrigins(env, port),
    googleMapsApiKey: readGoogleMapsApiKey(env),
    ...readMail(env),
  };
}

function readMail(env: Env): Pick<Config, 'smtpUrl' | 'mailFrom' | 'devInbox'> {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^\s]+$/i.test(smtpUrl)) {
    throw new ConfigError(
      'SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:pass@smtp.example.com.',
    );
  }
  const mailFrom = env.MAIL_FROM?.trim() || 'Careers <no-reply@careers.localhost>';
  if (mailFrom.length > 300 || /[\r\n]/.test(mailFrom) || !/@[^\s@>]+>?$/.test(mailFrom)) {
    throw new ConfigError(
      `MAIL_FROM must be an address such as "Acme Careers <careers@acme.example>", got "${mailFrom}".`,
    );
  }
  const production = env.NODE_ENV?.trim() === 'production';
  return { smtpUrl, mailFrom, devInbox: smtpUrl === null && readBoolean(env, 'DEV_INBOX', !production) };
}
