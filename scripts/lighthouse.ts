/**
 * Lighthouse figures of the careers pages, against the build in dist/ (it builds nothing).
 *
 * Starts the reference server on a free port in 8400-8499 with a fresh demo database, signs in as
 * candidate@example.com through the real sign-in page (Chromium through playwright-core), finds one of Casey's
 * offers through the API, then runs Lighthouse 12 (its Node API, default configuration: the mobile preset with
 * simulated throttling, performance category only; Chromium started by chrome-launcher, a fresh profile per run) on
 * /careers, /careers/offers, /careers/offer/{id}, /careers/dashboard and /careers/profile signed in (the session
 * cookie passed as an extra header) and on /careers and a position page signed out. Then the same two signed-out
 * pages embedded in the employer's own page (README, "Embedding the widgets in your career page"): the host-demo
 * template with the README's snippet, served by this script from another origin that the operator command allows,
 * without and with `<link rel="preconnect">` to the careers server. Prints per page: the performance score, LCP, TBT, CLS and the first-load JS: the sum of
 * the gzip sizes of the page's Script requests (the network-requests audit's script URLs, each fetched again from
 * the server with `Accept-Encoding: gzip` and its compressed body counted; Lighthouse's own Chromium is sent
 * brotli). Then stops the server.
 *
 * These are measurements: it prints figures and asserts nothing (the exit code is 1 only when it could not measure).
 *
 * Usage: npm run lighthouse [-- --runs N] [--save DIR] [--only TEXT]   (after npm run build; N runs per page, the
 * median of each figure; --only measures only the pages whose label contains TEXT; --save writes each run's full Lighthouse report as JSON into DIR, to see what the LCP element was, which
 * requests were on the critical path, and the rest)
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Result, RunnerResult } from 'lighthouse';
import { DEMO_DOMAIN } from '../server/src/db/seed';
import { staticDemoPage } from '../server/src/host-demo/static-demo';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  ROOT,
  anOfferId,
  aPositionId,
  cookieHeader,
  launchChromium,
  signIn,
  startServer,
  type RunningServer,
} from './lib/server';

/**
 * The employer's own page for the embedded figures: the host-demo template with the README's snippet (as `npm start`
 * serves it on its own port, server/src/host-demo/static-demo.ts), with a preconnect to the careers server under
 * `/careers?preconnect`, the demo's pictures, and nothing else. Resolves with its origin, allowed for the demo employer.
 */
async function serveEmployerPage(careers: RunningServer): Promise<{ origin: string; close(): Promise<void> }> {
  const template = fs.readFileSync(path.join(ROOT, 'host-demo/index.html'), 'utf8');
  const page = staticDemoPage(template, careers.origin, DEMO_DOMAIN);
  const withPreconnect = page.replace('<head>', `<head>\n    <link rel="preconnect" href="${careers.origin}" />`);
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0]!;
    const picture = /^\/host-demo\/([a-z0-9-]+\.(svg|css|js))$/.exec(pathname);
    if (picture) {
      const file = path.join(ROOT, 'host-demo', picture[1]!);
      const type = { svg: 'image/svg+xml', css: 'text/css', js: 'text/javascript' }[picture[2] as 'svg' | 'css' | 'js'];
      if (fs.existsSync(file)) return void response.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
    }
    const preconnect = new URLSearchParams((request.url ?? '').split('?')[1] ?? '').has('preconnect');
    const html = pathname.startsWith('/careers') ? (preconnect ? withPreconnect : page) : null;
    if (html === null) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  execFileSync('npx', ['tsx', 'server/src/cli/employer.ts', 'origins', 'add', origin, '--domain', DEMO_DOMAIN], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: careers.dataDir },
    stdio: 'pipe',
  });
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface PageRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  scripts: number;
}

/** `--only TEXT`: measure only the pages whose label contains TEXT (e.g. `--only dashboard`). */
function parseOnly(argv: string[]): string | null {
  const at = argv.indexOf('--only');
  const value = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  return value === undefined || value === '' ? null : value;
}

function parseRuns(argv: string[]): number {
  const at = argv.indexOf('--runs');
  const value = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length);
  if (value === undefined) return 1;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1 || runs > 25) {
    console.error(`--runs takes a whole number from 1 to 25, not "${value}"`);
    process.exit(2);
  }
  return runs;
}

/** `--save DIR` (or `--save=DIR`): where to write each run's Lighthouse report (JSON), or null. */
function parseSave(argv: string[]): string | null {
  const at = argv.indexOf('--save');
  const value = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--save='))?.slice('--save='.length);
  if (value === undefined) return null;
  if (value === '' || value.startsWith('--')) {
    console.error('--save takes a folder to write the reports into');
    process.exit(2);
  }
  fs.mkdirSync(value, { recursive: true });
  return path.resolve(value);
}

function checkBuild(): void {
  const needed = ['dist/widgets/manifest.json', 'dist/widgets/root-config/root-config.js'];
  const missing = needed.filter((f) => !fs.existsSync(path.join(ROOT, f)));
  if (missing.length > 0) {
    console.error(`No build to measure (${missing.join(', ')} missing): run npm run build first.`);
    process.exit(1);
  }
}

/** Size of the body the server sends for `url` with `Accept-Encoding: gzip` (gzip-compressed here if it sends none). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
          else if (response.headers['content-encoding'] === 'gzip') resolve(body.length);
          else resolve(zlib.gzipSync(body, { level: 9 }).length);
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const gzipCache = new Map<string, Promise<number>>();
function scriptGzipBytes(url: string): Promise<number> {
  if (!gzipCache.has(url)) gzipCache.set(url, gzipBytes(url));
  return gzipCache.get(url)!;
}

interface NetworkRequestItem {
  url?: string;
  resourceType?: string;
  statusCode?: number;
}

async function figuresOf(lhr: Result): Promise<PageRun> {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined;
  const scriptUrls = [
    ...new Set(
      (details?.items ?? [])
        .filter((item) => item.resourceType === 'Script' && item.url && /^https?:/.test(item.url))
        .map((item) => item.url!),
    ),
  ];
  const failed = (details?.items ?? []).find((item) => item.resourceType === 'Script' && (item.statusCode ?? 0) >= 400);
  if (failed) throw new Error(`${failed.url} answered ${failed.statusCode} (was dist/ being rebuilt?)`);
  const sizes = await Promise.all(scriptUrls.map((url) => scriptGzipBytes(url)));
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptBytes: sizes.reduce((sum, n) => sum + n, 0),
    scripts: scriptUrls.length,
  };
}

/** The part of chrome-launcher used here. */
interface ChromeLauncher {
  launch(options: {
    chromePath?: string;
    chromeFlags?: string[];
    handleSIGINT?: boolean;
  }): Promise<{ port: number; kill(): void }>;
}

/**
 * chrome-launcher as Lighthouse itself uses it: resolved from Lighthouse's own folder (it is Lighthouse's
 * dependency, at the version Lighthouse was released with), so it needs no entry of its own in package.json.
 */
async function chromeLauncher(): Promise<ChromeLauncher> {
  const fromLighthouse = createRequire(require.resolve('lighthouse/package.json'));
  const entry = fromLighthouse.resolve('chrome-launcher');
  return (await import(pathToFileURL(entry).href)) as ChromeLauncher;
}

/** The Chromium of the run in progress, ended on Ctrl-C. */
let runningChrome: { kill(): void } | null = null;

async function runLighthouse(url: string, cookie: string | null, saveAs: string | null): Promise<PageRun> {
  const [{ default: lighthouse }, launcher] = await Promise.all([import('lighthouse'), chromeLauncher()]);
  const chrome = await launcher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
    handleSIGINT: false, // main() ends Chromium and the server on Ctrl-C
  });
  runningChrome = chrome;
  try {
    const result: RunnerResult | undefined = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message} (${url})`);
    if (saveAs) fs.writeFileSync(saveAs, JSON.stringify(result.lhr, null, 1));
    return await figuresOf(result.lhr);
  } finally {
    runningChrome = null;
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main() {
  const runs = parseRuns(process.argv.slice(2));
  const only = parseOnly(process.argv.slice(2));
  const saveDir = parseSave(process.argv.slice(2));
  checkBuild();
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  let server: RunningServer | null = null;
  let closeEmployerPage: (() => Promise<void>) | null = null;
  const stop = () => {
    runningChrome?.kill();
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    server = await startServer();
    const { origin } = server;
    const browser = await launchChromium();
    let cookie: string;
    let offerId: string;
    try {
      const context = await browser.newContext();
      await signIn(context, origin);
      cookie = await cookieHeader(context, origin);
      offerId = await anOfferId(origin, cookie);
    } finally {
      await browser.close();
    }
    const positionId = await aPositionId(origin);
    const employer = await serveEmployerPage(server);
    closeEmployerPage = employer.close;
    const embedded = employer.origin;
    const pages = [
      { label: '/careers (signed out)', path: '/careers', cookie: null },
      { label: '/careers (signed in)', path: '/careers', cookie },
      { label: '/careers/job/{id} (signed out)', path: `/careers/job/${positionId}`, cookie: null },
      { label: '/careers/offers (signed in)', path: '/careers/offers', cookie },
      { label: '/careers/offer/{id} (signed in)', path: `/careers/offer/${offerId}`, cookie },
      { label: '/careers/dashboard (signed in)', path: '/careers/dashboard', cookie },
      { label: '/careers/profile (signed in)', path: '/careers/profile', cookie },
      { label: 'embedded /careers (signed out)', url: `${embedded}/careers`, cookie: null },
      { label: 'embedded /careers/job/{id} (signed out)', url: `${embedded}/careers/job/${positionId}`, cookie: null },
      { label: 'embedded + preconnect /careers (signed out)', url: `${embedded}/careers?preconnect`, cookie: null },
    ].filter((page) => !only || page.label.includes(only));
    console.log(
      `Lighthouse ${version}, default configuration (mobile, simulated throttling), ${origin}, ` +
        `${runs === 1 ? '1 run per page' : `median of ${runs} runs per page`}:`,
    );
    const width = Math.max(...pages.map((p) => p.label.length));
    console.log(`  ${'page'.padEnd(width)}  score      LCP      TBT     CLS  first-load JS (gzip)`);
    let failures = 0;
    for (const page of pages) {
      const results: PageRun[] = [];
      const errors: string[] = [];
      for (let i = 0; i < runs; i += 1) {
        try {
          const saveAs = saveDir
            ? path.join(saveDir, `${page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${i + 1}.json`)
            : null;
          results.push(await runLighthouse(page.url ?? `${origin}${page.path}`, page.cookie, saveAs));
        } catch (error) {
          const stopped = server.exitLog();
          if (stopped !== null) throw new Error(`The server stopped during the runs:\n${stopped}`);
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
      failures += errors.length;
      if (results.length === 0) {
        console.log(`  ${page.label.padEnd(width)}  no figures: ${errors[0]}`);
        continue;
      }
      const m = (pick: (r: PageRun) => number) => median(results.map(pick));
      const cls = m((r) => r.cls).toFixed(3);
      console.log(
        `  ${page.label.padEnd(width)}  ${String(m((r) => r.score)).padStart(5)}` +
          `  ${`${(m((r) => r.lcpMs) / 1000).toFixed(2)} s`.padStart(7)}` +
          `  ${`${Math.round(m((r) => r.tbtMs))} ms`.padStart(7)}` +
          `  ${cls.padStart(6)}` +
          `  ${`${(m((r) => r.scriptBytes) / 1000).toFixed(1)} KB`.padStart(9)} (${m((r) => r.scripts)} scripts)` +
          (errors.length > 0 ? `   ${results.length} of ${runs} runs; failed: ${errors[0]}` : ''),
      );
    }
    console.log(
      '  first-load JS: every Script request of the run (host page script and on-demand chunks the page fetched ' +
        'included), gzip as the server sends it with Accept-Encoding: gzip.',
    );
    if (failures > 0) process.exitCode = 1;
  } finally {
    await closeEmployerPage?.();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
