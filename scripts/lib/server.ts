/**
 * Helpers for the measurement scripts (scripts/lighthouse.ts): start the reference server on a free loopback port
 * with a fresh demo database, and sign in through the real sign-in page in Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const ROOT = path.resolve(__dirname, '../..');
const DOMAIN = 'acme.example';
const CASEY = { email: 'candidate@example.com', password: 'careers-demo' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags the end-to-end tests give Chromium (playwright.config.ts). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The measurement tools use loopback ports in this range only (the server takes PORT and PORT+1; no demo page). */
const PORT_RANGE = [8400, 8499] as const;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A port p in the range with p and p+1 free (the API and the e-sign service). */
async function freePortPair(): Promise<number> {
  const [low, high] = PORT_RANGE;
  const start = low + Math.floor(Math.random() * (high - low));
  for (let i = 0; i < high - low; i += 1) {
    const port = low + ((start - low + i) % (high - low));
    if ((await portIsFree(port)) && (await portIsFree(port + 1))) return port;
  }
  throw new Error(`No two consecutive free ports in ${low}-${high}`);
}

export interface RunningServer {
  origin: string;
  /** Its database folder (DATA_DIR), for operator commands against it. */
  dataDir: string;
  stop(): Promise<void>;
  /** Null while the server runs; once it has stopped by itself, the end of its output. */
  exitLog(): string | null;
}

/** Starts `tsx server/src/main.ts` with a fresh DATA_DIR under the system temp folder; resolves when it answers. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePortPair();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-measure-'));
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [require.resolve('tsx/cli'), 'server/src/main.ts'], {
    cwd: ROOT,
    // No demo employer page (HOST_DEMO_PORT): the measurements load the pages the careers server renders.
    env: {
      ...process.env,
      PORT: String(port),
      ESIGN_PORT: String(port + 1),
      HOST_DEMO_PORT: 'off',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() ends tsx and the server it runs, and nothing else
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async () => {
    if (!exited && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => !exited && child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`The server stopped while starting:\n${log}`);
    }
    try {
      const response = await fetch(`${origin}/api/pcsx/notifications_boot_data?domain=${DOMAIN}`);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer on ${origin} within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, dataDir, stop, exitLog: () => (exited ? log : null) };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** Signs in as `who` through the real sign-in page; the context then holds the session cookie. */
export async function signIn(context: BrowserContext, origin: string, who = CASEY): Promise<void> {
  const page = await context.newPage();
  const next = '/careers';
  await page.goto(`${origin}/careers/login?domain=${DOMAIN}&next=${encodeURIComponent(next)}`);
  await page.getByLabel(/email/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname + url.search === next),
    page.getByRole('button', { name: /sign in/i }).click(),
  ]);
  await page.close();
}

/** The `Cookie` header value of the context's cookies for `origin`. */
export async function cookieHeader(context: BrowserContext, origin: string): Promise<string> {
  return (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The id of one of the candidate's offers, from the offers API. */
export async function anOfferId(origin: string, cookie: string): Promise<string> {
  const response = await fetch(`${origin}/api/offer/offers?domain=${DOMAIN}`, {
    headers: { cookie, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/offer/offers answered ${response.status}`);
  const body = (await response.json()) as unknown;
  const id = findOfferId(body);
  if (!id) throw new Error(`No offer id in the offers list: ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

/** The id of the first open position of a search (the first result of `/careers`). */
export async function aPositionId(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/pcsx/search?domain=${DOMAIN}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/pcsx/search answered ${response.status}`);
  const body = (await response.json()) as { data?: { positions?: Array<{ id?: unknown }> } };
  const id = body.data?.positions?.[0]?.id;
  if (typeof id !== 'number') throw new Error('The search answered no position');
  return id;
}

/** The first offer in the answer (an open one when there is one): the list's envelope is walked, not assumed. */
function findOfferId(body: unknown): string | null {
  const offers: Array<{ enc_id: string; status?: unknown }> = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (typeof record.enc_id === 'string') offers.push({ enc_id: record.enc_id, status: record.status });
      else Object.values(record).forEach(walk);
    }
  };
  walk(body);
  return (offers.find((o) => o.status === 'Extended') ?? offers[0])?.enc_id ?? null;
}
