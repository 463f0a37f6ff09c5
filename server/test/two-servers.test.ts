/**
 * Two real server processes (`tsx server/src/main.ts`, different ports) on one PostgreSQL database, driven over
 * HTTP only: what one process does, the other sees at once. PostgreSQL only: a SQLite file serves one server
 * process (see README, "Running several servers"), so on SQLite runs this file is skipped; it runs in
 * `bash scripts/with-postgres.sh npx jest --selectProjects api` (npm test runs both).
 */
import { SIGNED_LETTER_FIELD, type Offer } from '../src/contract';
import {
  createEmptyPostgresDatabase,
  DEMO_CANDIDATE_EMAIL,
  DEMO_DOMAIN,
  DEMO_OTHER_EMAIL,
  DEMO_PASSWORD,
  startServerProcess,
  tempDir,
  type ServerProcess,
} from './helpers';
import { FetchBrowser } from './fetch-browser';
import { letterPdf } from './offer-helpers';

jest.setTimeout(120_000);

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const q = `domain=${DEMO_DOMAIN}`;

/** A browser-like client that may talk to either server: one cookie jar, the latest CSRF token. */
class Browser {
  private readonly http = new FetchBrowser();

  get csrf(): string {
    return this.http.csrf;
  }

  request(server: ServerProcess, path: string, init: RequestInit = {}): Promise<Response> {
    return this.http.request(server.origin, path, init);
  }

  post(server: ServerProcess, path: string, body: unknown) {
    return this.http.json(server.origin, path, body);
  }

  /** Opens the sign-in page on `server` (session and CSRF token) and signs in there. */
  async signIn(server: ServerProcess, email: string, password = DEMO_PASSWORD): Promise<Response> {
    if (!this.csrf) await this.request(server, `/careers/login?${q}`);
    return this.post(server, '/api/auth/login', { email, password, domain: DEMO_DOMAIN });
  }
}

async function offers(browser: Browser, server: ServerProcess): Promise<Offer[]> {
  const res = await browser.request(server, `/api/offer/offers?${q}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { offers: Offer[] } }).data.offers;
}

(onPostgres ? describe : describe.skip)(
  onPostgres
    ? 'two server processes on one PostgreSQL database'
    : 'two server processes on one database: skipped on SQLite (one SQLite file serves one server process); runs on PostgreSQL',
  () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
    const dirs = [tempDir('server-a'), tempDir('server-b')];

    beforeAll(async () => {
      database = await createEmptyPostgresDatabase();
      // Started together on an empty database: both migrate and seed it, one after the other, once.
      [a, b] = await Promise.all([
        startServerProcess({ dataDir: dirs[0]!, databaseUrl: database!.url }),
        startServerProcess({ dataDir: dirs[1]!, databaseUrl: database!.url }),
      ]);
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.destroy();
    });

    it('start together on an empty database and seed it once', async () => {
      const casey = new Browser();
      expect((await casey.signIn(a, DEMO_CANDIDATE_EMAIL)).status).toBe(200);
      expect((await offers(casey, b)).length).toBe(7);
      expect([a.output(), b.output()].filter((output) => /"seeded":true/.test(output))).toHaveLength(1);
    });

    it('a session made through one server works through the other, CSRF token included', async () => {
      const casey = new Browser();
      expect((await casey.signIn(a, DEMO_CANDIDATE_EMAIL)).status).toBe(200);
      const badge = async (server: ServerProcess) => {
        const res = await casey.request(server, `/api/pcsx/notification_badge?${q}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { count: number } }).data.count;
      };
      expect(await badge(b)).toBeGreaterThan(0);
      // A write through B with the CSRF token A handed out, read back through A.
      expect((await casey.post(b, `/api/pcsx/notifications/mark_all_viewed?${q}`, {})).status).toBe(200);
      expect(await badge(a)).toBe(0);
      // Signing out through B ends the session for A too.
      expect((await casey.post(b, '/api/auth/logout', {})).status).toBe(200);
      expect((await casey.request(a, `/api/offer/offers?${q}`)).status).toBe(401);
    });

    it('counts failed sign-ins across both servers', async () => {
      const olive = new Browser();
      let refused = 0;
      for (let attempt = 1; attempt <= 200 && refused === 0; attempt += 1) {
        const res = await olive.signIn(a, DEMO_OTHER_EMAIL, 'wrong password');
        if (res.status === 429) refused = attempt;
        else expect(res.status).toBe(401);
      }
      expect(refused).toBeGreaterThan(1);
      // The next attempt through the other server is refused too, even with the right password.
      const other = await olive.signIn(b, DEMO_OTHER_EMAIL);
      expect(other.status).toBe(429);
      expect(other.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('an offer accepted through one reads as accepted through the other, and its uploaded file is served by both', async () => {
      const casey = new Browser();
      expect((await casey.signIn(a, DEMO_CANDIDATE_EMAIL)).status).toBe(200);
      const offer = (await offers(casey, a)).find((item) => item.status === 'Extended' && item.acceptance === 'upload');
      if (!offer) throw new Error('The demo data has no open upload offer for Casey.');
      const pdf = Buffer.from(await letterPdf());
      const form = new FormData();
      form.append(SIGNED_LETTER_FIELD, new Blob([pdf], { type: 'application/pdf' }), 'signed-letter.pdf');
      const accepted = await casey.request(a, `/api/offer/offers/${offer.enc_id}/accept?${q}`, {
        method: 'POST',
        body: form,
      });
      expect(accepted.status).toBe(200);

      const seen = await casey.request(b, `/api/offer/${offer.enc_id}?${q}`);
      expect(seen.status).toBe(200);
      const fresh = ((await seen.json()) as { data: { offer: Offer } }).data.offer;
      expect(fresh.status).toBe('Accepted');
      const letter = fresh.offer_documents[0]!;
      for (const server of [b, a]) {
        const file = await casey.request(server, `/api/offer/offers/${offer.enc_id}/documents/${letter.id}/file?${q}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/^application\/pdf/);
        expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      }
      // Declining it through B now is refused: B sees the answer A recorded.
      expect((await casey.post(b, `/api/offer/offers/${offer.enc_id}/decline?${q}`, {})).status).toBe(409);
    });
  },
);
