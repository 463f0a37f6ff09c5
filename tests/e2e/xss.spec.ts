/**
 * XSS end to end: a public payload corpus (tests/fixtures/xss-payloads.ts: the Big List of Naughty Strings'
 * "Script Injection" section plus a short supplement) is stored through every text a candidate or the
 * employer's tools can set, and shown through every widget that shows it, in Debian's Chromium:
 *
 * | text (where it is stored)                                        | shown by                                       |
 * | ---------------------------------------------------------------- | ---------------------------------------------- |
 * | notification category and message (`npm run notify`)            | the bell's panel                               |
 * | offer position (`npm run offer`)                                 | offers list, offer page, bell card             |
 * | offer document name (the file name given to `npm run offer`)     | offer page, document page                      |
 * | first name, last name, location (API `profile_bootstrap`)        | the page's starting data (boot data JSON)      |
 * | typed signature (API document accept: the stored full name)      | stamped into the letter by the server (200)    |
 * | terms-of-service texts and disclaimer HTML (employer settings)   | the terms modal (the disclaimer via DOMPurify) |
 *
 * The operator commands run in-process (the same functions `npm run notify` and `npm run offer` run) against the
 * test server's database; the candidate's texts go through the HTTP API. The employer's terms texts have no API
 * or command: they are written into the employer's row, as the employer's configuration would be.
 *
 * Each payload's `alert`/`prompt`/`confirm` is renamed `xss<n>`, a page global that reports payload n; anything
 * still calling the real dialogs (entity-encoded calls) is caught by the dialog handler. The page's CSP is
 * bypassed, so a widget that let markup through is caught by the payload running, not hidden by the CSP. Beside
 * execution, every check also looks for injected structure (event-handler attributes, script elements or script
 * URLs anywhere in the document or its shadow roots), requests the page did not mean to make (an injected
 * `<img src=x>`), navigations, pop-ups, page errors and error fallbacks, and that each text shows exactly as stored.
 * The candidates and the employer are this spec's own (a fresh `xss-….example`), so no other spec's data moves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E_DATA_DIR } from '../../playwright.config';
import { hashPassword } from '../../server/src/auth/password';
import { createCandidateRepository } from '../../server/src/candidates/repository';
import type { CommandIo } from '../../server/src/cli/command';
import { createSqliteDatabase } from '../../server/src/db/connection';
import type { Database } from '../../server/src/db/types';
import { createEmployerRepository } from '../../server/src/employers/repository';
import { runNotifyCommand } from '../../server/src/notifications/notify-command';
import { documentNameOf, runOfferCommand } from '../../server/src/offers/offer-command';
import { BLNS_SCRIPT_INJECTION, SUPPLEMENT } from '../fixtures/xss-payloads';

/**
 * The list's escaped-byte variants (the same string with another literal `\xNN` written in one place: 155 of its
 * 235) parse alike, so by default only the first of each shape runs (80 of the list's strings); XSS_CORPUS=full
 * runs all 235.
 */
function representative(list: readonly string[]): string[] {
  if (process.env.XSS_CORPUS === 'full') return [...list];
  const shapes = new Set<string>();
  return list.filter((payload) => {
    const shape = payload.replace(/(\\x[0-9A-Fa-f]{2})+/g, '\\x');
    if (shapes.has(shape)) return false;
    shapes.add(shape);
    return true;
  });
}

/** The corpus, each payload's dialog calls renamed to its own reporting global `xss<n>`. */
const PAYLOADS: readonly string[] = [...representative(BLNS_SCRIPT_INJECTION), ...SUPPLEMENT].map((raw, n) =>
  raw.replace(/\b(alert|prompt|confirm)\b/g, `xss${n}`),
);

const PASSWORD = 'careers-xss';
const DOMAIN = `xss-${process.pid}-${Date.now().toString(36)}.example`;
const BELL = `bell@${DOMAIN}`;
const OFFERS = `offers@${DOMAIN}`;

/** Limits of what each text accepts (the commands' and the contract's). */
const CATEGORY_MAX = 100;
const POSITION_MAX = 200;
const NAME_MAX = 100;
const LOCATION_MAX = 200;
/** The notification list answers the newest 100. */
const LIST_LIMIT = 100;

const XSS_EMPLOYER = { companyName: 'XSS Robotics', notificationsEnabled: true, actionRequiredConfigured: true };
/** Pages the terms test drives at once (each its own employer and browser context). */
const LANES = 3;

/** How the profile call stores a name-like text. */
const cleaned = (text: string) => text.trim().replace(/\s+/g, ' ');

let db: Kysely<Database>;
/** A first-visit candidate of this spec's employer, less the email (the password hash is made once). */
let NEW_CANDIDATE: { domain: string; passwordHash: string; firstName: string; lastName: string; location: string };
let workDir: string;

function io(out: string[], err: string[]): CommandIo {
  return { getDb: () => Promise.resolve(db), stdout: (line) => out.push(line), stderr: (line) => err.push(line) };
}

async function run(command: typeof runNotifyCommand, argv: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, io(out, err));
  if (code !== 0) throw new Error(`command failed (${code}) for ${JSON.stringify(argv)}: ${err.join('\n')}`);
  return out.join('\n').trim();
}

test.beforeAll(async () => {
  db = createSqliteDatabase(path.join(E2E_DATA_DIR, 'careers.sqlite'));
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-xss-'));
  const now = new Date();
  await createEmployerRepository(db).create(
    { ...XSS_EMPLOYER, domain: DOMAIN, termsOfService: { enabled: true } },
    now,
  );
  const candidates = createCandidateRepository(db);
  const passwordHash = await hashPassword(PASSWORD);
  const settled = { tosAttestedAt: now.toISOString(), isOnboarded: true, isBootstrapped: true };
  NEW_CANDIDATE = { domain: DOMAIN, passwordHash, firstName: '', lastName: '', location: '' };
  const common = { domain: DOMAIN, passwordHash, firstName: 'Xavier', lastName: 'Sample', location: 'Toronto, ON' };
  await candidates.create({ ...common, email: BELL, ...settled }, now);
  await candidates.create({ ...common, email: OFFERS, ...settled }, now);
});

test.afterAll(async () => {
  await db?.destroy();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/* ------------------------------------------------------------------------------------------- the watch */

interface Finding {
  what: string;
  detail: string;
}

/** Paths the pages may request, by kind; anything else (an injected `<img src=x>`, a `<script src>`) is a finding. */
function expectedRequest(request: Request, origin: string): boolean {
  const url = new URL(request.url());
  if (url.protocol === 'data:' || url.protocol === 'blob:') return request.resourceType() !== 'document';
  if (url.origin !== origin) return false;
  const type = request.resourceType();
  if (type === 'document') {
    // Pages, and the sign-in form's post.
    if (request.method() === 'POST') return url.pathname.startsWith('/api/auth/');
    return url.pathname === '/careers' || url.pathname.startsWith('/careers/');
  }
  if (type === 'fetch' || type === 'xhr') return url.pathname.startsWith('/api/') || url.pathname === '/vslog';
  if (url.pathname.startsWith('/widgets/')) return true;
  return /^\/(host-demo|server-assets)\//.test(url.pathname);
}

/** The context's traps: the `xss<n>` globals and off-site requests (aborted: nothing leaves the machine). */
async function armContext(context: BrowserContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await context.exposeFunction('__xssReport', (n: number, where: string) => {
    findings.push({ what: `payload ${n} executed`, detail: `${where}: ${JSON.stringify(PAYLOADS[n])}` });
  });
  await context.addInitScript((count: number) => {
    const w = window as unknown as Record<string, unknown> & { __xssReport?: (n: number, where: string) => void };
    for (let n = 0; n < count; n++) {
      w[`xss${n}`] = () => {
        (w.__xssHits as number[] | undefined)?.push(n);
        void w.__xssReport?.(n, location.href);
      };
    }
    w.__xssHits = [];
  }, PAYLOADS.length);
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      findings.push({ what: 'off-site request', detail: route.request().url() });
      return route.abort();
    },
  );
  return findings;
}

const armed = new WeakMap<BrowserContext, Finding[]>();

/**
 * Arms the traps on a page (and, once, on its context): the `xss<n>` globals, dialogs, page errors, pop-ups,
 * off-site and unexpected requests. Returns the list the traps fill (one per context).
 */
async function watch(page: Page): Promise<Finding[]> {
  const context = page.context();
  let findings = armed.get(context);
  if (!findings) {
    findings = await armContext(context);
    armed.set(context, findings);
  }
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const found = findings;
  page.on('dialog', (dialog) => {
    found.push({ what: `dialog ${dialog.type()}`, detail: `${page.url()}: ${dialog.message()}` });
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => found.push({ what: 'page error', detail: `${page.url()}: ${error.message}` }));
  page.on('popup', (popup) => found.push({ what: 'pop-up', detail: popup.url() }));
  page.on('request', (request) => {
    if (!expectedRequest(request, origin)) {
      found.push({ what: `unexpected ${request.resourceType()} request`, detail: request.url() });
    }
  });
  return found;
}

/**
 * Injected structure anywhere in the document or its (open) shadow roots: event-handler attributes, script
 * elements other than the page's own, script URLs, frames and objects, `<base>`, refresh `<meta>`s.
 */
function injectedStructure(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) =>
      `<${el.localName}> in ${el.getRootNode() === document ? 'document' : 'shadow root'}`;
    // What the browser would run: the URL as the browser parses it (leading controls and spaces dropped, tabs and
    // line breaks removed anywhere), with a script scheme, or an HTML data URL.
    const scriptUrl = (value: string) => {
      try {
        const url = new URL(value, location.href);
        return /^(javascript|vbscript):$/.test(url.protocol) || /^data:text\/html/i.test(url.href);
      } catch {
        return false;
      }
    };
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.toLowerCase().startsWith('on')) found.push(`${describe(el)} has ${attr.name}="${attr.value}"`);
          if (/^(href|src|action|formaction|data|xlink:href|srcdoc)$/i.test(attr.name) && scriptUrl(attr.value)) {
            found.push(`${describe(el)} has ${attr.name}="${attr.value}"`);
          }
        }
        const tag = el.localName;
        if (tag === 'script') {
          const own =
            root === document &&
            ((el as HTMLScriptElement).type === 'application/json' ||
              /^\/(widgets|host-demo|server-assets)\//.test(
                new URL((el as HTMLScriptElement).src || '/x', location.href).pathname,
              ));
          if (!own) found.push(`${describe(el)}: ${el.outerHTML.slice(0, 200)}`);
        }
        if (['iframe', 'frame', 'object', 'embed', 'base', 'math', 'template', 'noscript'].includes(tag)) {
          found.push(`${describe(el)}: ${el.outerHTML.slice(0, 200)}`);
        }
        if (tag === 'meta' && el.hasAttribute('http-equiv')) found.push(`${describe(el)}: ${el.outerHTML}`);
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    const hits = (window as unknown as { __xssHits?: number[] }).__xssHits ?? [];
    for (const n of hits) found.push(`payload ${n} executed`);
    return found;
  });
}

/** Texts of the elements matching `selector` in every shadow root of the page. */
function shadowTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const texts: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.shadowRoot) {
          for (const match of Array.from(el.shadowRoot.querySelectorAll(sel))) texts.push(match.textContent ?? '');
          visit(el.shadowRoot);
        }
      }
    };
    visit(document);
    return texts;
  }, selector);
}

/** No execution, no injected structure, nothing unexpected so far; the page is where it should be. */
async function expectClean(page: Page, findings: Finding[], where: string, pathname: string) {
  const structure = await injectedStructure(page);
  expect(new URL(page.url()).pathname, `${where}: the page stays where it was`).toBe(pathname);
  await expect(page.getByText('This section is unavailable right now.')).toHaveCount(0);
  expect([...findings.map((f) => `${f.what}: ${f.detail}`), ...structure], where).toEqual([]);
}

/** Every expected text is among the shown texts (exactly, as text). */
function expectShown(shown: string[], expected: string[], where: string) {
  const set = new Set(shown);
  const missing = expected.filter((text) => !set.has(text));
  expect(missing, `${where}: texts not shown exactly as stored`).toEqual([]);
}

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/careers/login?domain=${DOMAIN}&next=${encodeURIComponent(next)}`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname + url.search === next),
    page.getByRole('button', { name: /sign in/i }).click(),
  ]);
}

/** Signs in with the JSON call: the page's cookies change to the new session. */
async function signInByApi(page: Page, email: string, domain = DOMAIN) {
  const res = await page.request.post('/api/auth/login', {
    data: { domain, email, password: PASSWORD },
    headers: { 'x-csrf-token': await csrf(page) },
  });
  expect(res.status(), `sign in as ${email}: ${await res.text()}`).toBe(200);
  // The new session's token, kept in the page's meta as the widgets' HTTP layer does with every answer's header.
  const token = res.headers()['x-csrf-token'];
  expect(token, 'the sign-in answer carries the new CSRF token').toBeTruthy();
  await page.evaluate((value) => {
    document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', value);
  }, token!);
}

async function onePagePdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 200]).drawText(text, { x: 20, y: 150, size: 14, font });
  return pdf.save();
}

async function csrf(page: Page): Promise<string> {
  return (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
}

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const res =
    method === 'GET'
      ? await page.request.get(url)
      : await page.request.post(url, { data: body ?? {}, headers: { 'x-csrf-token': await csrf(page) } });
  expect(res.status(), `${method} ${url} ${JSON.stringify(body)}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function openBell(page: Page) {
  await page.getByRole('button', { name: /^notifications/i }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
}

/** Pushes a route inside the single-spa page (no reload), as the widgets' links do. */
async function navigateInPage(page: Page, url: string) {
  await page.evaluate(
    (to) => (window as unknown as { singleSpaNavigate: (url: string) => void }).singleSpaNavigate(to),
    url,
  );
}

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

test.describe(`XSS corpus (${PAYLOADS.length} payloads)`, () => {
  test('the traps catch a payload that runs, its markup and its request (control)', async ({ page }) => {
    const findings = await watch(page);
    await page.goto(`/careers?domain=${DOMAIN}`);
    await page.evaluate(() => {
      const host = document.createElement('div');
      document.body.append(host);
      host.attachShadow({ mode: 'open' }).innerHTML = '<img src="x-control" onerror="xss0(1)">';
    });
    await expect.poll(() => findings.map((f) => f.what)).toContain('payload 0 executed');
    expect(findings.map((f) => `${f.what}: ${f.detail}`)).toContain(
      `unexpected image request: ${new URL('/x-control', page.url()).href}`,
    );
    expect(await injectedStructure(page)).toEqual(
      expect.arrayContaining(['<img> in shadow root has onerror="xss0(1)"', 'payload 0 executed']),
    );
    findings.length = 0;
  });

  test("the shell's footer and promo banner (the employer's HTML) and the company name run nothing", async ({
    page,
  }) => {
    // One employer whose branding holds the whole corpus: the footer every payload (one paragraph each), the promo
    // banner as many as fit its 4,000 characters, the company name (in the navbar and the page's own preview) one.
    const domain = `shell-${DOMAIN}`;
    const paragraphs = PAYLOADS.map((payload) => `<p>${payload}</p>`);
    const bannerParts: string[] = [];
    for (const payload of PAYLOADS) {
      if (bannerParts.join(' ').length + payload.length + 1 > 4000) break;
      bannerParts.push(payload);
    }
    const companyName = PAYLOADS.find((payload) => payload.includes('<script')) ?? PAYLOADS[0]!;
    await createEmployerRepository(db).create(
      {
        ...XSS_EMPLOYER,
        domain,
        companyName,
        pcsxConfig: {
          branding: {
            customPageSections: {
              footer: paragraphs.join('').slice(0, 20000),
              customPcsBanner: { alertType: 'alert', html: bannerParts.join(' ') },
            },
          },
        },
      },
      new Date(),
    );
    const findings = await watch(page);
    await page.goto(`/careers?domain=${domain}`);
    // The employer's HTML, sanitised, in the footer and the banner.
    await expect(page.locator('#careers-footer .cw-shell-footer__custom p').first()).toBeAttached();
    await expect(
      page.getByRole('region', { name: 'Important announcement' }).locator('.cw-shell-promo__text > *').first(),
    ).toBeAttached();
    const brand = page.locator('#careers-navbar > [data-careers-widget]').getByRole('link').first();
    await expect(brand).toHaveText(`Careers at ${companyName}`);
    // Images are allowed in the employer's HTML (the page's CSP says from where): their requests are meant.
    const images = await page.evaluate(() =>
      ['careers-banner', 'careers-footer'].flatMap((slot) =>
        Array.from(
          document.querySelector(`#${slot} > [data-careers-widget]`)?.shadowRoot?.querySelectorAll('img') ?? [],
          (img) => img.src.replace(/#.*$/, ''),
        ),
      ),
    );
    const meant = new Set(images.map((src) => `unexpected image request ${src}`));
    for (let i = findings.length - 1; i >= 0; i--) {
      if (meant.has(`${findings[i]!.what} ${findings[i]!.detail}`)) findings.splice(i, 1);
    }
    await expectClean(page, findings, 'shell footer, banner and navbar', '/careers');
  });

  test('notification categories and messages show as text in the bell', async ({ page }) => {
    const findings = await watch(page);
    await signIn(page, BELL, `/careers?domain=${DOMAIN}`);
    for (let start = 0; start < PAYLOADS.length; start += LIST_LIMIT) {
      const batch = PAYLOADS.slice(start, start + LIST_LIMIT);
      const categories: string[] = [];
      for (const [i, payload] of batch.entries()) {
        const n = start + i;
        const category = payload.length <= CATEGORY_MAX ? payload : `Payload ${n}`;
        // The commands store their texts trimmed.
        categories.push(category.trim());
        await run(runNotifyCommand, [
          '--email',
          BELL,
          '--domain',
          DOMAIN,
          `--type=${n % 2 ? 'read_only' : 'action_required'}`,
          `--category=${category}`,
          `--message=${payload}`,
          `--redirect=/careers?domain=${DOMAIN}&n=${n}`,
        ]);
      }
      await page.reload();
      await openBell(page);
      await expect(page.locator('[data-notification-id]')).toHaveCount(Math.min(LIST_LIMIT, start + batch.length));
      expectShown(
        await shadowTexts(page, '.cw-notif-card__message'),
        batch.map((payload) => payload.trim()),
        `bell messages ${start}+`,
      );
      expectShown(await shadowTexts(page, '.cw-notif-card__title'), categories, `bell categories ${start}+`);
      await expectClean(page, findings, `bell, payloads ${start}–${start + batch.length - 1}`, '/careers');
      await page.keyboard.press('Escape');
    }
  });

  test('offer positions and document names show as text in the offers centre', async ({ page }) => {
    test.setTimeout(180_000);
    const findings = await watch(page);
    const letter = path.join(workDir, 'letter.pdf');
    const bytes = await onePagePdf('XSS test document');
    fs.writeFileSync(letter, bytes);

    // Offers, in-process through the operator command: the position, and a document named after the payload
    // when a file can carry it (no "/" and no ":", which the --document syntax splits on; 255 bytes at most).
    const stored: Array<{ n: number; encId: string; position: string; documentName: string | null }> = [];
    for (const [n, payload] of PAYLOADS.entries()) {
      if (payload.length > POSITION_MAX) continue;
      const argv = ['--email', OFFERS, '--domain', DOMAIN, `--position=${payload}`, '--expires-in-days', '30'];
      argv.push('--document', `${letter}:Offer:embedded`);
      let documentName: string | null = null;
      const fileName = `${payload}.pdf`;
      if (!/[/:\0]/.test(payload) && Buffer.byteLength(fileName) <= 255 && payload.trim() !== '') {
        const file = path.join(workDir, fileName);
        fs.writeFileSync(file, bytes);
        argv.push('--document', `${file}:Benefits:none`);
        documentName = documentNameOf(file);
      }
      stored.push({ n, encId: await run(runOfferCommand, argv), position: payload.trim(), documentName });
    }
    await signIn(page, OFFERS, `/careers/offers?domain=${DOMAIN}`);

    // The list: every position, as text.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    await expect
      .poll(async () => (await shadowTexts(page, '.cw-offers-card__title')).length, { message: 'every offer listed' })
      .toBe(stored.length);
    expectShown(
      await shadowTexts(page, '.cw-offers-card__title'),
      stored.map((o) => o.position),
      'offers list',
    );
    await expectClean(page, findings, 'offers list', '/careers/offers');
    // Each offer page: its heading and its documents' names, as text. LANES pages of the session share the offers.
    const extra = await Promise.all(Array.from({ length: LANES - 1 }, () => page.context().newPage()));
    await Promise.all(
      [page, ...extra].map(async (lanePage, lane) => {
        if (lane > 0) {
          await watch(lanePage);
          await lanePage.goto(`/careers/offers?domain=${DOMAIN}`);
        }
        for (const offer of stored.filter((_offer, i) => i % LANES === lane)) {
          const where = `offer page, payload ${offer.n}`;
          await navigateInPage(lanePage, `/careers/offer/${offer.encId}?domain=${DOMAIN}`);
          await lanePage.waitForFunction((heading) => {
            const roots = Array.from(document.querySelectorAll('*'), (el) => el.shadowRoot);
            return roots.some((root) =>
              Array.from(root?.querySelectorAll('h1') ?? []).some((h) => h.textContent === heading),
            );
          }, `Job offer for ${offer.position}`);
          const names = await shadowTexts(lanePage, '.cw-offers-doc__name');
          const expected = [documentNameOf(letter), ...(offer.documentName ? [offer.documentName] : [])];
          expectShown(names, expected, where);
          await expectClean(lanePage, findings, where, `/careers/offer/${offer.encId}`);
        }
      }),
    );

    // Document pages: the name as the heading and the viewer's title, with the PDF viewer loaded.
    for (const offer of stored.filter((o) => o.documentName)) {
      const where = `document page, payload ${offer.n}`;
      const detail = await api<{ offer: { offer_documents: Array<{ id: number; name: string }> } }>(
        page,
        'GET',
        `/api/offer/${offer.encId}?domain=${DOMAIN}`,
      );
      const doc = detail.offer.offer_documents.find((d) => d.name === offer.documentName);
      expect(doc, `${where}: the API answers the stored name`).toBeDefined();
      const url = `/careers/offer/${offer.encId}/offer-document/${doc!.id}`;
      await navigateInPage(page, `${url}?domain=${DOMAIN}`);
      await expect.poll(() => shadowTexts(page, 'h1'), { message: `${where}: heading` }).toContain(offer.documentName!);
      await expect(page.locator('canvas').first()).toBeVisible();
      await expectClean(page, findings, where, url);
    }
  });

  test('the notification that announces each offer shows the position as text', async ({ page }) => {
    const findings = await watch(page);
    await signIn(page, OFFERS, `/careers?domain=${DOMAIN}`);
    const listed = await api<{ notifications: Array<{ message: string }> }>(
      page,
      'GET',
      `/api/pcsx/notifications?domain=${DOMAIN}`,
    );
    expect(listed.notifications.length).toBe(LIST_LIMIT);
    await openBell(page);
    await expect(page.locator('[data-notification-id]')).toHaveCount(LIST_LIMIT);
    expectShown(
      await shadowTexts(page, '.cw-notif-card__message'),
      listed.notifications.map((n) => n.message),
      'offers candidate bell',
    );
    await expectClean(page, findings, 'offers candidate bell', '/careers');
  });

  test('terms texts show as text, the disclaimer as sanitised HTML; names and signatures are stored and shown safely', async ({
    browser,
  }) => {
    // About a second per payload and page load on the 2-core machine, three at a time; more under load.
    test.setTimeout(300_000);
    const letter = path.join(workDir, 'signature-letter.pdf');
    fs.writeFileSync(letter, await onePagePdf('Signature test'));
    // Every payload needs a page load of its own (the texts come in the starting data): LANES employers, each
    // with its own browser context, take a share of the corpus at the same time.
    await Promise.all(
      Array.from({ length: LANES }, async (_unused, lane) => {
        const domain = `t${lane}-${DOMAIN}`;
        await createEmployerRepository(db).create(
          { ...XSS_EMPLOYER, domain, termsOfService: { enabled: true } },
          new Date(),
        );
        const context = await browser.newContext({ bypassCSP: true });
        const page = await context.newPage();
        try {
          await termsLane(page, domain, letter, (n) => n % LANES === lane);
        } finally {
          await context.close();
        }
      }),
    );
  });
});

/**
 * One lane of the terms test: for each payload it takes, a first-visit candidate of `domain` sets their profile
 * (API), the employer's terms texts are the payload, the page shows the terms modal, and the candidate signs a
 * letter with the stored name.
 */
async function termsLane(page: Page, domain: string, letter: string, mine: (n: number) => boolean) {
  const findings = await watch(page);
  const candidates = createCandidateRepository(db);
  await page.goto(`/careers?domain=${domain}`);
  for (const [n, payload] of PAYLOADS.entries()) {
    if (!mine(n)) continue;
    const where = `terms modal, starting data and signature, payload ${n}`;
    // A first-visit candidate of its own: the profile step is once only.
    const email = `p${n}@${domain}`;
    const fresh = { tosAttestedAt: null, isOnboarded: false, isBootstrapped: false };
    await candidates.create({ ...NEW_CANDIDATE, domain, email, ...fresh }, new Date());
    const encId = await run(runOfferCommand, [
      ...['--email', email, '--domain', domain, '--position', 'Signature test'],
      ...['--document', `${letter}:Offer:embedded`],
    ]);
    await db
      .updateTable('employers')
      .set({
        tos_heading_text: payload,
        tos_helper_text: payload,
        tos_info_text: payload,
        tos_submit_button_text: payload,
        tos_disclaimer_text: payload,
      })
      .where('domain', '=', domain)
      .execute();

    await signInByApi(page, email, domain);
    const profile = {
      firstname: payload.length <= NAME_MAX ? cleaned(payload) : `First ${n}`,
      lastname: payload.length <= NAME_MAX ? cleaned(payload) : `Last ${n}`,
      location: payload.length <= LOCATION_MAX ? cleaned(payload) : `Location ${n}`,
    };
    await api(page, 'POST', '/api/pcsx/profile_bootstrap', { domain: domain, ...profile });
    await page.goto(`/careers?domain=${domain}`, { waitUntil: 'commit' });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const boot = await page.evaluate(
      () =>
        JSON.parse(document.getElementById('careers-boot-data')?.textContent ?? 'null') as {
          profile?: { firstname: string; lastname: string; location: string; fullname: string };
        },
    );
    expect(boot.profile, `${where}: the starting data holds the names exactly`).toMatchObject(profile);
    const texts = await dialog.evaluate((el) => {
      const q = (sel: string) => el.querySelector(sel)?.textContent ?? null;
      return { heading: q('h2'), helper: q('.cw-onb-helper'), info: q('.cw-onb-info'), button: q('button') };
    });
    expect(texts, `${where}: the plain texts show as text`).toEqual({
      heading: payload,
      helper: payload,
      info: payload,
      button: expect.stringContaining(payload) as unknown as string,
    });
    const disclaimer = await dialog.evaluate((el) => {
      const region = el.querySelector('[data-testid="terms-disclaimer"]');
      if (!region) return null;
      const all = Array.from(region.querySelectorAll('*'));
      const forbidden =
        /^(script|style|svg|math|iframe|frame|object|embed|form|input|button|textarea|base|meta|link|template|noscript)$/;
      return {
        forbidden: all.filter((e) => forbidden.test(e.localName)).map((e) => e.localName),
        attributes: all.flatMap((e) =>
          Array.from(e.attributes)
            .filter((a) => /^(on|style$|class$|id$|name$|srcset$|formaction$|autofocus$)/i.test(a.name))
            .filter((a) => !(a.name === 'class' && a.value === 'cw-visually-hidden'))
            .map((a) => `${e.localName}[${a.name}]`),
        ),
        links: Array.from(region.querySelectorAll('a[href]')).map(
          (a) => `${a.getAttribute('target')} ${a.getAttribute('rel')}`,
        ),
        images: Array.from(region.querySelectorAll('img'), (img) => img.src.replace(/#.*$/, '')),
      };
    });
    if (disclaimer) {
      expect(disclaimer.forbidden, `${where}: disclaimer elements`).toEqual([]);
      expect(disclaimer.attributes, `${where}: disclaimer attributes`).toEqual([]);
      for (const link of disclaimer.links)
        expect(link, `${where}: disclaimer links`).toBe('_blank noopener noreferrer');
      // Images are allowed in the employer's disclaimer (the page's CSP says from where): their requests are meant.
      const meant = new Set(disclaimer.images.map((src) => `unexpected image request ${src}`));
      for (let i = findings.length - 1; i >= 0; i--) {
        if (meant.has(`${findings[i]!.what} ${findings[i]!.detail}`)) findings.splice(i, 1);
      }
    }
    await expectClean(page, findings, where, '/careers');

    // The typed signature: exactly the stored full name, stamped into the letter by the server.
    await api(page, 'POST', '/api/pcsx/terms_of_service', { domain: domain, accepted: true });
    const offer = await api<{ offer: { offer_documents: Array<{ id: number }> } }>(
      page,
      'GET',
      `/api/offer/${encId}?domain=${domain}`,
    );
    const signed = await api<{ offer: { status: string } }>(
      page,
      'POST',
      `/api/offer/offers/${encId}/${offer.offer.offer_documents[0]!.id}/accept`,
      { domain: domain, full_name: boot.profile!.fullname, terms_accepted: true },
    );
    expect(signed.offer.status, where).toBe('Accepted');
  }
}
