/**
 * Account enumeration by timing (docs/product/accounts-and-mail.md#sign-up): the calls that take an email answer
 * alike whether an account has it, and this prints how long each takes both ways over real HTTP, interleaved
 * (median and p90 of 40 each): sign-in with a wrong password, sign-up, "Email me a code" and "Forgot your password?".
 * The tests assert the answers are alike; the times depend on the machine and are judged here: read the median
 * difference against the spread.
 *
 *   npm run bench:accounts                                  (SQLite)
 *   DATABASE_URL=postgres://… npm run bench:accounts        (PostgreSQL)
 */
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN } from '../server/src/db/seed';
import { runBench, withBenchServer } from './setup';

const ROUNDS = 40;

interface Browser {
  cookie: string;
  csrf: string;
}

async function newBrowser(base: string): Promise<Browser> {
  // The sign-in page gives a signed-out browser its anonymous id; an API answer then carries its CSRF token.
  const page = await fetch(`${base}/careers/login?domain=${DEMO_DOMAIN}`);
  await page.arrayBuffer();
  const cookie = page.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/pcsx/notifications_boot_data?domain=${DEMO_DOMAIN}`, { headers: { cookie } });
  await res.arrayBuffer();
  return { cookie, csrf: res.headers.get('x-csrf-token') ?? '' };
}

async function timed(base: string, browser: Browser, path: string, body: object): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: browser.cookie, 'x-csrf-token': browser.csrf },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status >= 500 || res.status === 429 || res.status === 403) throw new Error(`${path}: ${res.status}`);
  return ms;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

runBench(() =>
  withBenchServer('accounts', async ({ base, db, engine }) => {
    const calls: Array<[string, string, (email: string, i: number) => object]> = [
      [
        'sign-in, wrong password',
        '/api/auth/login',
        (email) => ({ email, password: 'not the password 1', domain: DEMO_DOMAIN }),
      ],
      [
        'sign-up',
        '/api/auth/signup',
        (email) => ({
          email,
          firstName: 'Bea',
          lastName: 'Bench',
          password: 'a long bench passphrase',
          consent: true,
          domain: DEMO_DOMAIN,
        }),
      ],
      ['email me a code', '/api/auth/code', (email) => ({ email, domain: DEMO_DOMAIN })],
      ['forgot your password', '/api/auth/password/forgot', (email) => ({ email, domain: DEMO_DOMAIN })],
    ];
    console.log(`Account calls, an email with an account vs one without (${engine}, ${ROUNDS} each, interleaved):`);
    for (const [name, path, body] of calls) {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        // The limits count per address and per email: cleared so that every call does its whole work.
        await db.deleteFrom('rate_limits').execute();
        const browser = await newBrowser(base);
        known.push(await timed(base, browser, path, body(DEMO_CANDIDATE_EMAIL, i)));
        unknown.push(await timed(base, browser, path, body(`nobody.${i}@example.org`, i)));
      }
      const line = (values: number[]) =>
        `median ${quantile(values, 0.5).toFixed(1)} ms, p90 ${quantile(values, 0.9).toFixed(1)} ms`;
      console.log(`  ${name.padEnd(24)} with an account: ${line(known)}; without: ${line(unknown)}`);
    }
  }),
);
