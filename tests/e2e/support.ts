import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E_DATA_DIR, E2E_PORT } from '../../playwright.config';

export const DOMAIN = 'acme.example';
export const CASEY = { email: 'candidate@example.com', password: 'careers-demo' };
export const OLIVE = { email: 'other@example.com', password: 'careers-demo' };

const repo = path.resolve(__dirname, '../..');

/** The careers server under test (its own pages: sign-in, the server-rendered careers pages; the API). */
const API = `http://127.0.0.1:${E2E_PORT}`;
/** The careers server as the demo employer's page names it in its snippet (the first of its PUBLIC_ORIGINS). */
export const CAREERS = `http://localhost:${E2E_PORT}`;
/**
 * The demo employer's own page, which `npm start` serves from another origin (HOST_DEMO_PORT, PORT + 2) with the
 * README's snippet: spec files that run there by default (`test.use({ baseURL: EMBEDDED })`) take the cross-origin
 * path (docs/decisions/033). Their calls to the API itself go to `CAREERS`, where the session cookie is.
 */
export const EMBEDDED = `http://localhost:${E2E_PORT + 2}`;

/**
 * Signs in through the careers server's real sign-in page and lands on `next`: on the careers server's own page, or
 * with `{ on: EMBEDDED }` on the demo employer's page, where the session (a cookie of the careers server's host) then
 * goes with the widgets' calls.
 */
export async function login(
  page: Page,
  who: { email: string; password: string },
  next = '/careers',
  { on = API }: { on?: string } = {},
) {
  const server = on === API ? API : CAREERS;
  await page.goto(`${server}/careers/login?domain=${DOMAIN}&next=${encodeURIComponent(next)}`);
  await page.getByLabel(/email/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname + url.search === next),
    page.getByRole('button', { name: /sign in/i }).click(),
  ]);
  if (on !== API) await page.goto(`${on}${next}`);
}

/** Creates a notification with the operator command, against the database the test server uses. */
export function createNotification(args: {
  email: string;
  type: 'read_only' | 'action_required';
  category: string;
  message: string;
  redirect?: string;
}): void {
  const argv = ['tsx', 'server/src/cli/notify.ts', '--email', args.email, '--domain', DOMAIN, '--type', args.type];
  argv.push('--category', args.category, '--message', args.message);
  if (args.redirect) argv.push('--redirect', args.redirect);
  execFileSync('npx', argv, { cwd: repo, env: { ...process.env, DATA_DIR: E2E_DATA_DIR }, stdio: 'pipe' });
}

export function bell(page: Page) {
  return page.getByRole('button', { name: /^notifications/i });
}

/** IBM Equal Access's engine, read once (about 2 MB), evaluated in a page through the DevTools protocol (no CSP). */
let aceSource: string | undefined;

interface AceResult {
  ruleId: string;
  value: [string, string];
  message: string;
  snippet: string;
  path: { dom: string };
}

/**
 * Two accessibility engines over the whole page (shadow roots included), or only over `within` (a selector path into
 * shadow roots, e.g. `['[data-careers-widget="catalogue"]', '.cw-catalogue-forms']`); fails with the list of
 * violations of either:
 * - axe-core, with `label-content-name-mismatch` on (WCAG 2.5.3 label in name: an accessible name starts with the
 *   visible text), which axe ships off;
 * - IBM Equal Access (accessibility-checker-engine, its `IBM_Accessibility` rule set): its certain failures
 *   ("violation"; potential violations and recommendations need a person's judgement and are not counted).
 */
export async function expectNoAxeViolations(page: Page, within?: [string, string, ...string[]]) {
  const builder = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (within) builder.include({ fromShadowDom: within });
  const results = await builder.analyze();
  // A path that reached nothing would check nothing.
  if (within) expect(results.passes.length, `axe checked ${within.join(' > ')}`).toBeGreaterThan(0);
  const summary = results.violations.map(
    (v) => `axe ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  aceSource ??= fs.readFileSync(require.resolve('accessibility-checker-engine/ace.js'), 'utf8');
  if (!(await page.evaluate(() => 'ace' in window))) await page.evaluate(`${aceSource}\n;window.ace = ace;`);
  const ibm = await page.evaluate(async (path) => {
    let root: Document | Element | null = document;
    if (path) {
      let scope: Document | ShadowRoot = document;
      for (const [index, selector] of path.entries()) {
        const element: Element | null = scope.querySelector(selector);
        if (!element) return null;
        if (index === path.length - 1) root = element;
        else if (element.shadowRoot) scope = element.shadowRoot;
        else return null;
      }
    }
    const ace = (
      window as unknown as { ace: { Checker: new () => { check(d: unknown, r: string[]): Promise<unknown> } } }
    ).ace;
    const report = (await new ace.Checker().check(root, ['IBM_Accessibility'])) as { results: AceResult[] };
    return (
      report.results
        .filter((result) => result.value[0] === 'VIOLATION' && result.value[1] === 'FAIL')
        // Google Maps' own container (our test double draws the same markup) is a focusable region so the keyboard can
        // pan the map; IBM wants a widget role there. It is Google's markup, not ours to change; axe still checks it.
        .filter(
          (result) =>
            !(result.ruleId === 'element_tabbable_role_valid' && /data-fake-google-map|gm-style/.test(result.snippet)),
        )
        .map((result) => `IBM ${result.ruleId}: ${result.message} (${result.path.dom} ${result.snippet.slice(0, 160)})`)
    );
  }, within ?? null);
  expect(ibm, `IBM Equal Access reached ${within?.join(' > ') ?? 'the page'}`).not.toBeNull();
  expect([...summary, ...(ibm ?? [])]).toEqual([]);
}

/** Whether the element is the focused one, shadow roots included. */
export async function focused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });
}

/** A small real PDF: one page with `text` on it (a resume or a document the candidate uploads). */
export async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 150, size: 12, font });
  return Buffer.from(await doc.save());
}
