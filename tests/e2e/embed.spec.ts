/**
 * The widgets on the employer's own page (issue 24): a static page on another origin than the careers server, built
 * from the README's snippet and slots as an employer's developer would copy them, with the page's origin allowed by
 * the operator command. Nothing of the page comes from our page server: no starting data, no token, no manifest.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_DATA_DIR, E2E_PORT } from '../../playwright.config';
import { DOMAIN, bell, createNotification, expectNoAxeViolations, onePagePdf } from './support';

/** The demo employer's administrator, a candidate too (server/src/db/seed.ts): onboarded, no notifications of her own. */
const ADA = { email: 'admin@example.com', password: 'careers-demo' };

const repo = path.resolve(__dirname, '../..');
const CAREERS = `http://careers.acme.localhost:${E2E_PORT}`;
/** The e-sign server of the test's careers server (ESIGN_PORT beside its first public origin, scripts/lib/server.ts). */
const ESIGN = `http://localhost:${E2E_PORT + 1}`;

/** The README's Content Security Policy for the employer's page, for the test's careers server. */
function readmeCsp(): string {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const from = readme.indexOf('<!-- embed-csp');
  expect(from).toBeGreaterThan(0);
  const policy = /```text\n([^\n]+)\n```/.exec(readme.slice(from))?.[1];
  expect(policy).toContain('script-src https://careers.acme.example');
  return policy!.replaceAll('https://careers.acme.example', CAREERS).replaceAll('https://esign.acme.example', ESIGN);
}

/**
 * The README's embedding recipe: the snippet (first html block after the marker), the slots (the second) and the
 * base path attribute as the README writes it for `/jobs`.
 */
function readmeRecipe(): { snippet: string; slots: string; basePathAttribute: string } {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const from = readme.indexOf('<!-- embed-snippet');
  expect(from).toBeGreaterThan(0);
  const blocks = [...readme.slice(from).matchAll(/```html\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const [snippet, slots] = blocks;
  expect(snippet).toContain('root-config.js');
  expect(slots).toContain('id="careers-main"');
  expect(slots).toContain('<!-- your own header: logo, links; the bell goes where you want it -->');
  const basePathAttribute = /`(data-base-path="\/jobs")`/.exec(readme.slice(from))?.[1];
  expect(basePathAttribute, 'the README names data-base-path="/jobs"').toBeDefined();
  return { snippet: snippet!, slots: slots!, basePathAttribute: basePathAttribute! };
}

/**
 * The employer's page: its own header and styles, the README's snippet pointed at the test's careers server. With
 * `basePath`, the careers pages live below that path (the README's `data-base-path`) and the header is dark.
 */
function employerPage({ basePath }: { basePath?: string } = {}): string {
  const { snippet, slots, basePathAttribute } = readmeRecipe();
  let tag = snippet.replace('https://careers.acme.example', CAREERS).replace('acme.example"', `${DOMAIN}"`);
  if (basePath) tag = tag.replace(' defer>', ` ${basePathAttribute.replace('/jobs', basePath)} defer>`);
  const header = basePath ? 'background: #0b0f14; color: #f5f7fa;' : 'background: #1b2a3a; color: #fff;';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Jobs at Acme</title>
    <style>
      body { margin: 0; font: 16px/1.5 Georgia, serif; color: #222; }
      header { display: flex; align-items: center; gap: 16px; padding: 8px 16px; ${header} }
      header a { color: inherit; }
      #account { margin-left: auto; }
    </style>
    ${tag}
  </head>
  <body>
    ${slots.replace(
      '<!-- your own header: logo, links; the bell goes where you want it -->',
      `<a href="${basePath ?? '/careers'}">Acme jobs</a><button id="account" type="button" hidden>Sign in</button>`,
    )}
    <script>
      // The employer's own script: its account button follows the widgets' session event (docs/product/shell.md#page-events).
      (function () {
        var button = document.getElementById('account');
        var signedIn = false;
        window.addEventListener('careers:session', function (event) {
          signedIn = event.detail.signedIn;
          button.textContent = signedIn ? 'Sign out' : 'Sign in';
          button.hidden = false;
        });
        button.addEventListener('click', function () {
          window.dispatchEvent(new Event(signedIn ? 'careers:sign-out' : 'careers:sign-in'));
        });
      })();
    </script>
  </body>
</html>`;
}

/**
 * The employer's web server: the page for every address under /careers, and the `/jobs` page for every address under
 * /jobs (the rewrite the README documents), with the README's Content Security Policy (its own inline script allowed
 * by hash, as an employer's policy would).
 */
async function serveEmployerPage(): Promise<{ port: number; close(): Promise<void> }> {
  const pages = { careers: employerPage(), jobs: employerPage({ basePath: '/jobs' }) };
  const inline = /<script>([\s\S]*?)<\/script>/.exec(pages.careers)![1]!;
  const hash = createHash('sha256').update(inline).digest('base64');
  const csp = readmeCsp().replace(/script-src ([^;]+)/, `script-src $1 'sha256-${hash}'`);
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '').split('?')[0]!;
    const html = /^\/careers(\/|$)/.test(pathname) ? pages.careers : /^\/jobs(\/|$)/.test(pathname) ? pages.jobs : null;
    // The pictures the demo employer's configuration names on its own site (`'self'` in the README's img-src).
    const picture = /^\/host-demo\/([a-z0-9-]+\.svg)$/.exec(pathname)?.[1];
    if (picture && fs.existsSync(path.join(repo, 'host-demo', picture))) {
      response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(fs.readFileSync(path.join(repo, 'host-demo', picture)));
      return;
    }
    if (html === null) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        'content-security-policy': csp,
      })
      .end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Step 3 of the recipe, with the operator command against the test server's database. */
function allowOrigin(origin: string): void {
  execFileSync('npx', ['tsx', 'server/src/cli/employer.ts', 'origins', 'add', origin, '--domain', DOMAIN], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

let site: Awaited<ReturnType<typeof serveEmployerPage>>;

test.beforeAll(async () => {
  site = await serveEmployerPage();
});

test.afterAll(async () => {
  await site.close();
});

async function searchResults(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return page.locator('#careers-main').getByRole('link', { name: /robot|engineer|technician/i });
}

/** An open position of the demo employer with its stepper form (the default application form). */
async function stepperPosition(page: Page): Promise<number> {
  const api = `http://127.0.0.1:${E2E_PORT}`;
  const res = await page.request.get(`${api}/api/pcsx/search?domain=${DOMAIN}&num=20`);
  const ids = ((await res.json()) as { data: { positions: Array<{ id: number }> } }).data.positions.map((p) => p.id);
  for (const id of ids) {
    const form = await page.request.get(`${api}/api/pcsx/apply_form?domain=${DOMAIN}&pid=${id}`);
    if (form.ok() && ((await form.json()) as { data: { form: { layout: string } } }).data.form.layout === 'stepper') {
      return id;
    }
  }
  throw new Error('no open position with the stepper form');
}

/** A new visitor applies: every required question, a real PDF resume, Submit, the confirmation. */
async function applySignedOut(page: Page, origin: string): Promise<void> {
  const id = await stepperPosition(page);
  await page.goto(`${origin}/careers/apply?pid=${id}`);
  await expect(page.getByRole('form', { name: /Apply to Acme Robotics/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Nova');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Embed');
  await page.getByRole('textbox', { name: 'Email' }).fill(`nova-embed-${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: 'Phone' }).fill('2125550123');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('US');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('Resume of Nova') });
  await expect(page.getByText('resume.pdf')).toBeVisible();
  await page.getByRole('radio', { name: 'Yes' }).check();
  const consent = page.getByRole('checkbox', { name: /I agree that Acme Robotics/ });
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.getByRole('combobox', { name: 'Notice period' }).selectOption('1m');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeVisible();
}

/** Search, a job, a signed-out application, sign in inside the widget, the bell, the dashboard, sign out: on the employer's page at `origin`. */
async function journey(page: Page, origin: string): Promise<void> {
  // The README's policy must be enough: the browser reports anything it refused in the console.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  allowOrigin(origin);
  await page.goto(`${origin}/careers`);
  const results = await searchResults(page);
  await expect(results.first()).toBeVisible();
  await expect(page.locator('#account')).toHaveText('Sign in');

  // A job, opened beside the results, on the employer's origin.
  await results.first().click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/careers\\?pid=\\d+`));
  const main = page.locator('#careers-main');
  await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: /^Apply: / })).toHaveAttribute('href', /^\/careers\/apply\?pid=\d+/);

  // Apply signed out, on the employer's page (the form, the resume upload and the submission cross origins).
  await applySignedOut(page, origin);

  // Sign in inside the widget; the page reloads signed in (the session is the careers server's cookie). As Ada, whom
  // no other test uses: opening the bell's panel marks her notifications seen, which the notification tests of
  // Casey and Olive must not find done.
  const message = `Your interview for the embedded page is confirmed (${new URL(origin).hostname}).`;
  createNotification({ email: ADA.email, type: 'read_only', category: 'Interviews', message });
  await page.goto(`${origin}/careers`);
  await page.locator('#account').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/email/i).fill(ADA.email);
  await dialog.getByLabel(/password/i).fill(ADA.password);
  await dialog.getByRole('button', { name: /sign in/i }).click();
  await expect(page.locator('#account')).toHaveText('Sign out');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(page).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`${origin}/careers/dashboard`);
  await expect(page.locator('#careers-main').getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // A download of her own data: on another site the session cookie is partitioned to this page, so the page fetches
  // the file with it rather than letting the browser follow the link to the careers server (decision 033).
  await page.goto(`${origin}/careers/settings`);
  const saving = page.waitForEvent('download');
  await page.locator('#careers-main').getByRole('link', { name: 'Download my data' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  expect(fs.readFileSync(await download.path(), 'utf8')).toContain(ADA.email);

  await page.locator('#account').click();
  await expect(page.locator('#account')).toHaveText('Sign in');
  await expect(bell(page)).toHaveCount(0);
  expect(refused).toEqual([]);
}

test.describe("the widgets on the employer's own page", () => {
  test('an origin not yet allowed: every slot shows the notice, the console names the command', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(`http://www.acme-refused.localhost:${site.port}/careers`);
    await expect(page.locator('#careers-main')).toContainText('This section is unavailable right now.');
    await expect(page.locator('#candidate-notification-trigger')).toContainText('This section is unavailable');
    expect(messages.join('\n')).toContain(
      `npm run employer -- origins add http://www.acme-refused.localhost:${site.port} --domain ${DOMAIN}`,
    );
  });

  test('same site (www.acme and careers.acme): search, a job, apply signed out, sign in in the widget, bell, dashboard, sign out', async ({
    page,
  }) => {
    await journey(page, `http://www.acme.localhost:${site.port}`);
  });
});

test.describe('on another site, with third-party cookies blocked', () => {
  test('the same journey, the session in a partitioned cookie', async () => {
    // A browser of its own: the careers server's cookies are third-party here, kept only in the employer page's
    // partition (CHIPS).
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--test-third-party-cookie-phaseout'],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await journey(page, `http://www.acme-demo.localhost:${site.port}`);
      const cookies = (await context.cookies(CAREERS)).filter((cookie) => cookie.name.startsWith('careers_'));
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.partitionKey).toBe('http://acme-demo.localhost');
    } finally {
      await browser.close();
    }
  });
});

test.describe('under /jobs, with a dark header (data-base-path)', () => {
  test('search, a job at its own address, the sign-in gate, the bell in the header’s colour, profile, an offer signed in the e-sign frame', async ({
    page,
  }) => {
    const origin = `http://www.acme.localhost:${site.port}`;
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    allowOrigin(origin);
    await page.goto(`${origin}/jobs/`);
    const results = await searchResults(page);
    await results.first().click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/jobs/?\\?pid=\\d+`));
    const id = new URL(page.url()).searchParams.get('pid')!;
    const main = page.locator('#careers-main');
    await expect(main.getByRole('link', { name: /^Apply: / })).toHaveAttribute('href', `/jobs/apply?pid=${id}`);

    // A job's own address, opened directly (the employer's server rewrites every /jobs address to the page).
    await page.goto(`${origin}/jobs/job/${id}`);
    await expect(main.getByRole('link', { name: /^Apply: / })).toHaveAttribute('href', `/jobs/apply?pid=${id}`);

    // A candidate's page, signed out: the sign-in dialog; closing it goes to the search below the base path.
    await page.goto(`${origin}/jobs/offers`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`${origin}/jobs`);

    // An offer for Ada with a document signed on the e-sign server (the operator command prints its id).
    const pdf = path.join(os.tmpdir(), `embed-offer-${process.pid}.pdf`);
    fs.writeFileSync(pdf, await onePagePdf('Code of conduct'));
    const argv = ['tsx', 'server/src/cli/offer.ts', '--email', ADA.email, '--domain', DOMAIN];
    argv.push('--position', 'Embedded Page Engineer', '--document', `${pdf}:Policy:esign`);
    const printed = execFileSync('npx', argv, { cwd: repo, env: { ...process.env, DATA_DIR: E2E_DATA_DIR } });
    fs.rmSync(pdf, { force: true });
    const encId = /[A-Za-z0-9_-]{8,}/.exec(printed.toString().trim().split('\n').pop()!)![0];

    // Its page, signed out: the sign-in gate over the page; signing in shows the offer.
    await page.goto(`${origin}/jobs/offer/${encId}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/email/i).fill(ADA.email);
    await dialog.getByLabel(/password/i).fill(ADA.password);
    await dialog.getByRole('button', { name: /sign in/i }).click();
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Embedded Page Engineer');
    await expect(page).toHaveURL(new RegExp(`^${origin}/jobs/offer/${encId}`));

    // The bell sits in the employer's dark header and takes its text colour.
    await expect(bell(page)).toBeVisible();
    const colours = await bell(page).evaluate((button) => ({
      bell: getComputedStyle(button).color,
      header: getComputedStyle(document.querySelector('header')!).color,
    }));
    expect(colours.bell).toBe(colours.header);
    expect(colours.header).toBe('rgb(245, 247, 250)');

    // The document, signed in the e-sign frame on the employer's page (framed by this origin only).
    await main.getByRole('article').getByRole('link', { name: 'Start' }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/jobs/offer/${encId}/offer-document/\\d+`));
    const frame = page.frameLocator('#careers-main iframe');
    await frame.getByRole('button', { name: 'Sign document' }).click();
    // The server stamps the signature into the PDF in its heavy-work pool first (fonts read on first use): up to 30 s
    // on a busy machine, as the signed document's drawing below.
    await expect(page.getByText('Successfully signed the offer letter')).toBeVisible({ timeout: 30_000 });
    // The signed document, drawn by pdf.js (its worker loaded from the careers server, by the page's blob: worker).
    await expect(main.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/embed/jobs-offer-signed-390.png', fullPage: true });

    // The profile, below the base path too.
    await page.goto(`${origin}/jobs/profile`);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/embed/jobs-profile-1280.png', fullPage: true });
    expect(refused).toEqual([]);
  });
});
