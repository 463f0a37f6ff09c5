/**
 * Benchmarks of the reference API and of offer-letter stamping. Prints figures; asserts nothing.
 *
 *   npm run bench                       (SQLite in a temporary folder)
 *   DATABASE_URL=postgres://… npm run bench
 *
 * Traffic goes to a server this script starts on 127.0.0.1 only; every run is bounded (BENCH_SECONDS per call,
 * default 5, with 10 connections).
 */
import autocannon from 'autocannon';
import { benefitsSummaryPdf } from '../server/src/offers/demo-documents';
import { stampSignature } from '../server/src/offers/pdf';
import { stampTexts } from '../server/src/offers/stamp-texts';
import { runBench, withBenchServer } from './setup';

const SECONDS = Math.min(60, Math.max(1, Number(process.env.BENCH_SECONDS ?? 5)));
const DOMAIN = 'acme.example';

async function signIn(base: string): Promise<{ cookie: string; csrf: string }> {
  const page = await fetch(`${base}/careers`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ email: 'candidate@example.com', password: 'careers-demo', domain: DOMAIN }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const session = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie: session, csrf: login.headers.get('x-csrf-token') ?? csrf };
}

async function load(title: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: 10, duration: SECONDS, headers });
  const errors = result.non2xx + result.errors;
  console.log(
    `  ${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms` +
      (errors ? `   (${errors} failed)` : ''),
  );
}

async function stamping() {
  const original = await benefitsSummaryPdf('Acme Robotics', 20);
  const runs = 20;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i += 1) {
    const stamp = {
      signerName: 'Casey Jordan',
      signedAt: new Date(),
      documentName: 'Benefits',
      method: 'typed' as const,
    };
    await stampSignature(original, stamp, stampTexts(stamp, 'en'), 'en');
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
  console.log(
    `  stamp a 20-page PDF (${(original.length / 1024).toFixed(0)} KB)`.padEnd(36) +
      `${ms.toFixed(1).padStart(7)} ms each (${runs} runs)`,
  );
}

runBench(() =>
  withBenchServer('bench', async ({ base: address, engine }) => {
    const { cookie } = await signIn(address);
    const headers = { cookie };
    console.log(`API on ${engine}, ${SECONDS} s per call, 10 connections:`);
    await load('GET notification_badge', `${address}/api/pcsx/notification_badge?domain=${DOMAIN}`, headers);
    await load('GET notifications', `${address}/api/pcsx/notifications?domain=${DOMAIN}`, headers);
    await load('GET offers', `${address}/api/offer/offers?domain=${DOMAIN}`, headers);
    await load('GET host page (boot data render)', `${address}/careers`, headers);
    console.log('Offer letters:');
    await stamping();
  }),
);
