import { expect, test, type Page } from '@playwright/test';
import { bell, CAREERS, CASEY, DOMAIN, EMBEDDED, expectNoAxeViolations, focused, login, onePagePdf } from './support';

/**
 * Applying in the host-demo page (/careers/apply?pid=…): the demo employer's stepper form, signed in (with the
 * bell's badge and the "already applied" state) and signed out, a draft kept over a reload, accessibility and
 * French. The forms widget renders in a shadow root; role and label locators reach into it. On the demo employer's
 * own page, from another origin than the careers server (the cross-origin path, docs/decisions/033).
 */
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000, baseURL: EMBEDDED });

/** Open positions of the demo employer that use its stepper form (the default application form). */
async function stepperPositions(page: Page, count: number): Promise<number[]> {
  const res = await page.request.get(`${CAREERS}/api/pcsx/search?domain=${DOMAIN}&num=20`);
  expect(res.ok()).toBe(true);
  const ids = ((await res.json()) as { data: { positions: Array<{ id: number }> } }).data.positions.map((p) => p.id);
  const found: number[] = [];
  for (const id of ids) {
    const form = await page.request.get(`${CAREERS}/api/pcsx/apply_form?domain=${DOMAIN}&pid=${id}`);
    if (!form.ok()) continue;
    const { data } = (await form.json()) as { data: { form: { layout: string } } };
    if (data.form.layout === 'stepper') found.push(id);
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} open positions with the stepper form`);
}

async function apiBadge(page: Page): Promise<number> {
  const res = await page.request.get(`${CAREERS}/api/pcsx/notification_badge?domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { count: number } }).data.count;
}

/** A small real PDF (a one-page resume). */
const resumePdf = () => onePagePdf('Resume of a test candidate');

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit application' });
const confirmation = (page: Page) => page.getByRole('heading', { level: 1, name: 'Application submitted' });

async function openApply(page: Page, id: number, extra = '') {
  await page.goto(`/careers/apply?domain=${DOMAIN}&pid=${id}${extra}`);
  await expect(page.getByRole('form', { name: /Apply to Acme Robotics|Postuler/ })).toBeVisible();
}

/** Fills the stepper form's questions up to the resume: the name and email when given, the phone, the resume. */
async function fillUpToResume(page: Page, person?: { first: string; last: string; email: string }) {
  if (person) {
    await page.getByRole('textbox', { name: 'First name' }).fill(person.first);
    await page.getByRole('textbox', { name: 'Last name' }).fill(person.last);
    await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  }
  await page.getByRole('textbox', { name: 'Phone' }).fill('2125550123');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('US');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: await resumePdf() });
  await expect(page.getByText('resume.pdf')).toBeVisible();
}

/** Fills the stepper form's required questions, but the notice period (left to the caller). */
async function fillAllButNotice(page: Page, person?: { first: string; last: string; email: string }) {
  await fillUpToResume(page, person);
  await page.getByRole('radio', { name: 'Yes' }).check();
  // The last question sits under the stepper's sticky footer once scrolled into view: by keyboard.
  const consent = page.getByRole('checkbox', { name: /I agree that Acme Robotics/ });
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
}

const notice = (page: Page) => page.getByRole('combobox', { name: 'Notice period' });

let ids: number[];

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  ids = await stepperPositions(page, 4);
  await page.close();
});

test('signed in: a required question left empty is focused, then the application is submitted', async ({ page }) => {
  const id = ids[0]!;
  await login(page, CASEY, `/careers/apply?domain=${DOMAIN}&pid=${id}`, { on: EMBEDDED });
  await expect(submitButton(page)).toBeVisible();
  // The profile fills in the name and email.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(CASEY.email);
  const before = await apiBadge(page);
  await expect(bell(page)).toHaveAccessibleName(new RegExp(`${before} unread`));

  await fillAllButNotice(page);
  await submitButton(page).click();
  await expect(page.getByText('Notice period is required')).toBeVisible();
  await expect.poll(() => focused(notice(page))).toBe(true);
  await expect(notice(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(confirmation(page)).toHaveCount(0);

  await notice(page).selectOption('2w');
  await submitButton(page).click();
  await expect(confirmation(page)).toBeVisible();
  await expect.poll(() => focused(confirmation(page))).toBe(true);
  await expect(page.getByRole('list', { name: 'Position' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your applications' })).toHaveAttribute(
    'href',
    `/careers/applications?domain=${DOMAIN}`,
  );
  // The server told the bell; its badge is read again without a reload.
  expect(await apiBadge(page)).toBe(before + 1);
  await expect(bell(page)).toHaveAccessibleName(new RegExp(`${before + 1} unread`));

  // Applying again: the position says so and offers no form.
  await page.goto(`/careers/apply?domain=${DOMAIN}&pid=${id}`);
  await expect(page.getByText('You have already applied to this position.')).toBeVisible();
  await expect(page.getByText('You have already applied', { exact: true })).toBeVisible();
  await expect(submitButton(page)).toHaveCount(0);
});

test('signed out: a new email address applies', async ({ page }) => {
  await openApply(page, ids[1]!);
  await fillAllButNotice(page, { first: 'Nova', last: 'Tester', email: `nova-${Date.now()}@example.com` });
  await notice(page).selectOption('1m');
  await submitButton(page).click();
  await expect(confirmation(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your applications' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to job search' })).toBeVisible();
  // Signed out: no draft is kept.
  await expect(page.getByRole('status').filter({ hasText: /Draft/ })).toHaveCount(0);
});

test('a draft is saved while typing and restored after a reload', async ({ page }) => {
  const id = ids[2]!;
  await login(page, CASEY, `/careers/apply?domain=${DOMAIN}&pid=${id}`, { on: EMBEDDED });
  const letter = page.getByRole('textbox', { name: 'Cover letter' });
  await letter.fill('I have built warehouse robots for five years.');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await page.reload();
  await expect(letter).toHaveValue('I have built warehouse robots for five years.');
  await expect(page.getByText(/^We restored your draft from .+/)).toBeVisible();
});

test('the form and the confirmation pass axe; with hl=fr-CA the page speaks French', async ({ page }) => {
  const id = ids[3]!;
  await openApply(page, id);
  await expectNoAxeViolations(page);
  await fillAllButNotice(page, { first: 'Axel', last: 'Checker', email: `axel-${Date.now()}@example.com` });
  await notice(page).selectOption('none');
  await submitButton(page).click();
  await expect(confirmation(page)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/careers/apply?domain=${DOMAIN}&pid=${ids[2]}&hl=fr-CA`);
  await expect(page.getByRole('heading', { level: 1, name: /^Postuler : / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envoyer ma candidature' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Poste' })).toBeVisible();
  await page.goto(`/careers/apply?domain=${DOMAIN}&pid=999999&hl=fr-CA`);
  await expect(page.getByText('Ce poste n’accepte plus de candidatures.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour à la recherche d’emplois' })).toBeVisible();
});

test('the job cart’s positions (pid=a,b) and the private address', async ({ page }) => {
  await page.goto(`/careers/apply/private?domain=${DOMAIN}&pid=${ids[2]},${ids[3]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for 2 positions' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Positions' }).getByRole('listitem')).toHaveCount(2);
  await expect(submitButton(page)).toBeVisible();
  await page.goto(`/careers/apply?domain=${DOMAIN}&pid=x`);
  await expect(page.getByText('This application link does not name a valid position.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to job search' })).toHaveAttribute(
    'href',
    `/careers?domain=${DOMAIN}`,
  );
});

test('on a phone, one tap each: the consent box after a radio answer, and Submit after it (issue 22, defect 1)', async ({
  browser,
}) => {
  // A touch phone: before, the first tap after answering a radio question did nothing (a false "required" line
  // showed under the radio for a moment and moved the page under the finger).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await openApply(page, ids[3]!);
    await fillUpToResume(page, { first: 'Tapio', last: 'Touch', email: `tapio-${Date.now()}@example.com` });
    await notice(page).selectOption('1m');
    await page.getByRole('radio', { name: 'Yes' }).tap();
    await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
    const consent = page.getByRole('checkbox', { name: /I agree that Acme Robotics/ });
    await consent.tap();
    await expect(consent).toBeChecked();
    await submitButton(page).tap();
    await expect(confirmation(page)).toBeVisible();
  } finally {
    await context.close();
  }
});
