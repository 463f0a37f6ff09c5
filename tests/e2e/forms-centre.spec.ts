import { expect, test, type Page } from '@playwright/test';
import { CASEY, DOMAIN, OLIVE, expectNoAxeViolations, focused, login, onePagePdf } from './support';

/**
 * The forms centre (/careers/forms/center) and the form view (/careers/forms/:formId) in the host-demo page, as the
 * demo candidate Casey: her "Background check consent" (open) answered and submitted by keyboard, "Work
 * authorisation" (in progress) saved and restored over a reload, another candidate's form not found, accessibility
 * and French. The forms widget renders in a shadow root; role and label locators reach into it.
 */
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

const centre = `/careers/forms/center?domain=${DOMAIN}`;

/** A small real PDF (a signed ID document). */
const idDocumentPdf = () => onePagePdf('ID document of a test candidate');

/** The focused element's text or label, shadow roots included. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return (active?.textContent ?? '').trim();
  });
}

/** Presses Tab until the element named `name` has focus (at most `max` times). */
async function tabTo(page: Page, name: string | RegExp, max = 15) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const text = await focusedName(page);
    if (typeof name === 'string' ? text === name : name.test(text)) return;
  }
  throw new Error(`${String(name)} was not reached by Tab`);
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const submitForm = (page: Page) => page.getByRole('button', { name: 'Submit form' });

/** The signing address the server gives the form's e-sign question. */
async function esignUrlOf(page: Page, formId: string): Promise<string | null> {
  const res = await page.request.get(`/api/pcsx/form?form_id=${formId}&domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as {
    data: { form: { sections: Array<{ items: Array<{ type: string; url?: string | null }> }> } };
  };
  const item = data.form.sections.flatMap((s) => s.items).find((i) => i.type === 'esignForm');
  return item?.url ?? null;
}

test('by keyboard: the tabs, the background check consent checked, answered, submitted, then read', async ({
  page,
}) => {
  await login(page, CASEY, centre);
  await expect(page.getByRole('heading', { level: 1, name: 'Forms center' })).toBeVisible();
  const open = tab(page, /^Open 2 forms$/);
  await expect(open).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('list', { name: 'Open' });
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list.getByRole('article').filter({ hasText: 'Work authorisation' })).toContainText('In progress');
  await expectNoAxeViolations(page);

  // The tabs: arrows move and select, the address follows.
  await open.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, /^Completed 0 forms$/)).toHaveAttribute('aria-selected', 'true');
  expect(await focused(tab(page, /^Completed/))).toBe(true);
  await expect(page).toHaveURL(/[?&]tab=completed/);
  await expect(page.getByText('You have not completed any forms yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('ArrowLeft');
  await expect(open).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('article')).toHaveCount(2);

  // Into the list and the form, by keyboard.
  await tabTo(page, 'Background check consent');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/careers\/forms\/\d+\?domain=acme\.example$/);
  const formId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Background check consent' })).toBeVisible();
  await expect(submitForm(page)).toBeVisible();
  await expectNoAxeViolations(page);

  // Submitting empty: the messages show, the first question is focused.
  await submitForm(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Signed ID document is required')).toBeVisible();
  const upload = page.locator('input[type="file"]');
  await expect.poll(() => focused(upload)).toBe(true);
  await expect(upload).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('checkbox', { name: /I consent to Acme Robotics/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoAxeViolations(page);

  await upload.setInputFiles({ name: 'signed-id.pdf', mimeType: 'application/pdf', buffer: await idDocumentPdf() });
  await expect(page.getByText('signed-id.pdf')).toBeVisible();
  const consent = page.getByRole('checkbox', { name: /I consent to Acme Robotics/ });
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();

  // The e-sign question: the candidate's own signing page (the e-sign server's origin) in a frame, signed by keyboard.
  const esign = await esignUrlOf(page, formId);
  expect(esign).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/esign\/sessions\/[\w-]+\?parent=.+#key=[\w-]+$/);
  await expect(page.getByText('Signature is required')).toBeVisible();
  const frame = page.frameLocator('iframe[title="Sign the background check consent"]');
  const sign = frame.getByRole('button', { name: 'Sign', exact: true });
  await sign.focus();
  await page.keyboard.press('Enter');
  await expect(frame.getByText(/^You signed\./)).toBeVisible();
  await expect(page.getByText(/^Signed on .+/)).toBeVisible();

  await submitForm(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/careers\/forms\/center\?domain=acme\.example&tab=completed$/);
  await expect(page.getByText('“Background check consent” was submitted. Thank you!')).toBeVisible();
  await expect(tab(page, /^Completed 1 form$/)).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, /^Open 1 form$/)).toBeVisible();
  const done = page.getByRole('list', { name: 'Completed' }).getByRole('article');
  await expect(done).toHaveCount(1);
  await expect(done).toContainText('Background check consent');
  await expect(done).toContainText('Completed');
  await expectNoAxeViolations(page);

  // Read-only now.
  await tabTo(page, 'Background check consent');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^You completed this form on .+/)).toBeVisible();
  await expect(page.getByText('signed-id.pdf')).toBeVisible();
  await expect(page.getByText(/^Signed on .+/)).toBeVisible();
  await expect(submitForm(page)).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('work authorisation: the answers saved to finish later come back after a reload', async ({ page }) => {
  await login(page, CASEY, centre);
  await page.getByRole('link', { name: 'Work authorisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Work authorisation' })).toBeVisible();
  await expect(page.getByText(/^Your answers saved on .+ are filled in\.$/)).toBeVisible();
  // The saved answers: a work permit, in Canada.
  await expect(page.getByRole('radio', { name: 'Yes, with a work permit' })).toBeChecked();
  await page.getByRole('radio', { name: 'Yes, as a citizen or permanent resident' }).check();
  await page.getByRole('button', { name: 'Save and continue later' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Your answers were saved at / })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Yes, as a citizen or permanent resident' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Yes, with a work permit' })).not.toBeChecked();
  await expect(page.getByText('Status: In progress')).toBeVisible();

  // Back in the centre, still open (in progress).
  await page.getByRole('link', { name: 'Back to your forms' }).first().click();
  await expect(
    page.getByRole('list', { name: 'Open' }).getByRole('article').filter({ hasText: 'Work authorisation' }),
  ).toContainText(/Last saved/);
});

test('another candidate’s form is not found; the address without a form goes to the centre', async ({ browser }) => {
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await login(other, OLIVE, centre);
  const res = await other.request.get(`/api/pcsx/forms_list?tab_id=completed&domain=${DOMAIN}`);
  const olives = ((await res.json()) as { data: { forms: Array<{ id: number }> } }).data.forms;
  expect(olives.length).toBeGreaterThan(0);
  await otherContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, CASEY, centre);
  await page.goto(`/careers/forms/${olives[0]!.id}?domain=${DOMAIN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Form not found' })).toBeVisible();
  await expect(page.getByText('We could not find this form.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to your forms' }).click();
  await expect(page).toHaveURL(new RegExp(`/careers/forms/center\\?domain=${DOMAIN.replace('.', '\\.')}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Forms center' })).toBeVisible();

  await page.goto(`/careers/forms?domain=${DOMAIN}`);
  await expect(page).toHaveURL(new RegExp(`/careers/forms/center\\?domain=${DOMAIN.replace('.', '\\.')}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Forms center' })).toBeVisible();
  await context.close();
});

test('with hl=fr-CA the centre and the form speak French, and pass axe', async ({ page }) => {
  await login(page, CASEY, `${centre}&hl=fr-CA`);
  await expect(page.getByRole('heading', { level: 1, name: 'Centre des formulaires' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^À remplir/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^Remplis/ })).toBeVisible();
  await expect(page.getByText('État : En cours').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // The form's own title in French too (the demo forms give their texts in every language).
  await page.getByRole('link', { name: 'Autorisation de travail' }).click();
  await expect(page.getByRole('button', { name: 'Envoyer le formulaire' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer et continuer plus tard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour à vos formulaires' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});
