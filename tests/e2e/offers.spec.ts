import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { CAREERS, CASEY, DOMAIN, EMBEDDED, OLIVE, bell, expectNoAxeViolations, login } from './support';

interface ApiDocument {
  id: number;
  name: string;
  status: string;
  signed: boolean;
  url: string | null;
  s3_path: string | null;
  document_type: string;
}
interface ApiOffer {
  enc_id: string;
  status: string;
  position: { name: string };
  expires_at: string | null;
  acceptance: 'documents' | 'upload';
  offer_documents: ApiDocument[];
}

async function offers(page: Page): Promise<ApiOffer[]> {
  const res = await page.request.get(`${CAREERS}/api/offer/offers?domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { offers: ApiOffer[] } }).data.offers;
}

async function offer(page: Page, encId: string): Promise<ApiOffer> {
  const res = await page.request.get(`${CAREERS}/api/offer/${encId}?domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { offer: ApiOffer } }).data.offer;
}

const live = (o: ApiOffer) => o.status === 'Extended' && (!o.expires_at || Date.parse(o.expires_at) > Date.now());

function docByKind(o: ApiOffer, kind: 'embedded' | 'esign' | 'readonly') {
  return o.offer_documents.find((d) =>
    kind === 'esign'
      ? d.url !== null
      : kind === 'embedded'
        ? d.url === null && d.status === 'Unsigned'
        : d.status === 'Read Only',
  );
}

/**
 * The offers pages on the demo employer's own page, from another origin than the careers server (the cross-origin
 * path, docs/decisions/033): the list, signing (embedded letter, e-sign frame framed by that page, upload),
 * declining, the PDF viewer, expiry and another candidate's offer. API checks go to the careers server itself.
 */
test.use({ baseURL: EMBEDDED });

test.describe('offers centre', () => {
  test('logged out, an offer page opens the login dialog; closing it goes back to /careers', async ({ page }) => {
    await page.goto(`/careers/offers?domain=${DOMAIN}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/careers(\?.*)?$/);
  });

  test('signing in through the dialog (after a wrong password) opens the protected page', async ({ page }) => {
    await page.goto(`/careers/offers?domain=${DOMAIN}`);
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await dialog.getByLabel('Email').fill(CASEY.email);
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password').fill(CASEY.password);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Sign in' }).click()]);
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/careers\/offers\?domain=acme\.example/);
  });

  test('the list shows every offer with its label, dates and the action-required tag', async ({ page }) => {
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
    const all = await offers(page);
    for (const o of all) await expect(page.getByText(o.position.name, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Expires in 1 day', { exact: true })).toBeVisible();
    await expect(page.getByText('Action required').first()).toBeVisible();
    await expect(page.getByText('Offer expired').first()).toBeVisible();
    await expect(page.getByText(/\d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('sign the embedded letter with the typed name, then open the signed PDF', async ({ page }) => {
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const target = (await offers(page)).find(
      (o) => live(o) && o.acceptance === 'documents' && docByKind(o, 'embedded'),
    )!;
    expect(target).toBeDefined();
    const doc = docByKind(target, 'embedded')!;
    await page.goto(`/careers/offer/${target.enc_id}/offer-document/${doc.id}?domain=${DOMAIN}`);
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 });

    const name = page.getByLabel('Please enter your full name as the electronic signature');
    await page.getByLabel('I have read and agree to the terms and conditions').check();
    await name.fill('Casey J.');
    await page.getByRole('button', { name: /sign/i }).click();
    await expect(
      page.getByText('Please enter your full name as shown on the offer letter and your profile.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await name.fill('Casey Jordan');
    await page.getByRole('button', { name: /sign/i }).click();
    // The server stamps the signature into the PDF in its heavy-work pool first (fonts read on first use): up to 30 s
    // on a busy machine, as the signed document's drawing below.
    await expect(page.getByText('Successfully signed the offer letter')).toBeVisible({ timeout: 30_000 });
    const after = await offer(page, target.enc_id);
    const signed = after.offer_documents.find((d) => d.id === doc.id)!;
    expect(signed.status).toBe('Signed');
    expect(signed.signed).toBe(true);

    // The signed PDF carries the stamp.
    const pdf = await page.request.get(new URL(signed.s3_path!, CAREERS).href);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const loaded = await PDFDocument.load(await pdf.body());
    expect(`${loaded.getSubject() ?? ''} ${loaded.getKeywords() ?? ''}`).toContain('Casey Jordan');

    await page.goto(`/careers/offer/${target.enc_id}/offer-document/${doc.id}?domain=${DOMAIN}`);
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Please enter your full name as the electronic signature')).toHaveCount(0);
  });

  test('a message from another origin does not sign anything', async ({ page }) => {
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const target = (await offers(page)).find((o) => live(o) && docByKind(o, 'esign'))!;
    const doc = docByKind(target, 'esign')!;
    await page.goto(`/careers/offer/${target.enc_id}/offer-document/${doc.id}?domain=${DOMAIN}`);
    await expect(page.locator('iframe')).toBeVisible();
    await page.evaluate(() => window.postMessage({ type: 'ESIGN' }, '*'));
    await page.waitForTimeout(500);
    await expect(page.getByText('Successfully signed the offer letter')).toHaveCount(0);
    const after = (await offer(page, target.enc_id)).offer_documents.find((d) => d.id === doc.id)!;
    expect(after.status).not.toBe('Signed');
  });

  test('on a phone the e-signature frame shows its own Sign button without scrolling inside it', async ({ page }) => {
    // Issue 22, defect 4: the frame is 600 px high and its Sign button was at 685 px inside it, under the frame's
    // edge, while the page's own button below the frame was in view.
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const target = (await offers(page)).find((o) => live(o) && docByKind(o, 'esign'))!;
    const doc = docByKind(target, 'esign')!;
    await page.goto(`/careers/offer/${target.enc_id}/offer-document/${doc.id}?domain=${DOMAIN}`);
    const sign = page.frameLocator('iframe').getByRole('button', { name: 'Sign document' });
    await expect(sign).toBeVisible();
    const frameBox = (await page.locator('iframe').boundingBox())!;
    const signBox = (await sign.boundingBox())!;
    expect(signBox.y).toBeGreaterThanOrEqual(frameBox.y);
    expect(signBox.y + signBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
    expect(signBox.x + signBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    await page.screenshot({ path: 'test-results/widths/offer-esign-390.png', fullPage: true });
  });

  test('sign in the e-signature frame (another origin)', async ({ page }) => {
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const target = (await offers(page)).find((o) => live(o) && docByKind(o, 'esign'))!;
    expect(target).toBeDefined();
    const doc = docByKind(target, 'esign')!;
    expect(new URL(doc.url!).origin).not.toBe(new URL(page.url()).origin);
    await page.goto(`/careers/offer/${target.enc_id}/offer-document/${doc.id}?domain=${DOMAIN}`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('button', { name: 'Sign document' })).toBeVisible();
    await expectNoAxeViolations(page);
    await frame.getByRole('button', { name: 'Sign document' }).click();
    // The server stamps the signature into the PDF in its heavy-work pool first (fonts read on first use): up to 30 s
    // on a busy machine, as the signed document's drawing below.
    await expect(page.getByText('Successfully signed the offer letter')).toBeVisible({ timeout: 30_000 });
    const after = (await offer(page, target.enc_id)).offer_documents.find((d) => d.id === doc.id)!;
    expect(after.status).toBe('Signed');
  });

  test('upload a signed letter: a non-PDF is refused, a PDF accepts the offer', async ({ page }) => {
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const target = (await offers(page)).find((o) => live(o) && o.acceptance === 'upload')!;
    expect(target).toBeDefined();
    await page.goto(`/careers/offer-letter/${target.enc_id}?domain=${DOMAIN}`);
    await expect(page.getByText('Review job offer')).toBeVisible();
    await expectNoAxeViolations(page);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-upload-'));
    const fake = path.join(dir, 'signed-letter.pdf');
    fs.writeFileSync(fake, 'this is not a pdf at all');
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(fake);
    await page.getByRole('button', { name: /upload|submit/i }).click();
    await expect(page.getByText(/must be a PDF/i)).toBeVisible();
    expect((await offer(page, target.enc_id)).status).toBe('Extended');

    const real = await PDFDocument.create();
    real.addPage().drawText('Signed by Casey Jordan');
    const good = path.join(dir, 'signed.pdf');
    fs.writeFileSync(good, await real.save());
    await input.setInputFiles(good);
    await page.getByRole('button', { name: /upload|submit/i }).click();
    await expect(page.getByText('Successfully submitted form for verification')).toBeVisible();
    expect((await offer(page, target.enc_id)).status).toBe('Accepted');
  });

  test('decline an offer through the confirmation modal', async ({ page }) => {
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const candidates = (await offers(page)).filter((o) => live(o));
    const target = candidates[candidates.length - 1]!;
    await page.goto(`/careers/offer/${target.enc_id}?domain=${DOMAIN}`);
    await page
      .getByRole('button', { name: /decline/i })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name: 'Decline offer?' });
    await expect(modal).toBeVisible();
    await expect(
      modal.getByText(
        'Declining this offer will remove it from your pending opportunities and will notify the company.',
      ),
    ).toBeVisible();
    await expect(modal.getByText('The action cannot be undone.')).toBeVisible();
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Back to offer' }).click();
    await expect(modal).toHaveCount(0);
    expect((await offer(page, target.enc_id)).status).toBe('Extended');

    await page
      .getByRole('button', { name: /decline/i })
      .first()
      .click();
    // The answer adds a notification: the bell's badge shows it at once, not at the next 5-minute poll.
    const unread = async () =>
      Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await page.waitForLoadState('networkidle'); // the badge call of the page load has answered
    const before = await unread();
    await page.getByRole('dialog', { name: 'Decline offer?' }).getByRole('button', { name: 'Decline offer' }).click();
    await expect(page.getByText('Successfully rejected the offer')).toBeVisible();
    expect((await offer(page, target.enc_id)).status).toBe('Declined');
    await expect.poll(unread).toBe(before + 1);
  });

  test('a 20-page document renders its pages as they scroll into view, and pdf.js loads only then', async ({
    page,
  }) => {
    const pdfjsRequests: string[] = [];
    page.on('request', (r) => {
      if (/offers-pdfjs|pdf\.worker/.test(r.url())) pdfjsRequests.push(r.url());
    });
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
    expect(pdfjsRequests).toEqual([]);

    const withBenefits = (await offers(page)).find((o) => o.offer_documents.some((d) => d.status === 'Read Only'))!;
    const doc = withBenefits.offer_documents.find((d) => d.status === 'Read Only')!;
    await page.goto(`/careers/offer/${withBenefits.enc_id}/offer-document/${doc.id}?domain=${DOMAIN}`);
    const pages = page.locator('[data-page]');
    await expect(pages).toHaveCount(20, { timeout: 20_000 });
    await expect(page.locator('.cw-pdf__page--rendered').first()).toBeVisible();
    expect(pdfjsRequests.some((u) => u.includes('pdf.worker'))).toBe(true);
    const renderedAtFirst = await page.locator('.cw-pdf__page--rendered').count();
    expect(renderedAtFirst).toBeLessThan(20);
    const last = page.getByRole('img', { name: 'Page 20 of 20' });
    await expect(last).not.toHaveClass(/cw-pdf__page--rendered/);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveClass(/cw-pdf__page--rendered/);
  });

  test('an expired offer is view-only', async ({ page }) => {
    await login(page, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const expired = (await offers(page)).find(
      (o) => o.status === 'Extended' && o.expires_at && Date.parse(o.expires_at) < Date.now(),
    )!;
    expect(expired).toBeDefined();
    await page.goto(`/careers/offer/${expired.enc_id}?domain=${DOMAIN}`);
    await expect(
      page.getByText('The job offer has expired. Review your offer letter in the attached document.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /decline/i })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("another candidate's offer cannot be opened", async ({ page, browser }) => {
    const casey = await browser.newPage();
    await login(casey, CASEY, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const caseys = await offers(casey);
    await casey.close();
    await login(page, OLIVE, `/careers/offers?domain=${DOMAIN}`, { on: EMBEDDED });
    const res = await page.request.get(`${CAREERS}/api/offer/${caseys[0]!.enc_id}?domain=${DOMAIN}`);
    expect(res.status()).toBe(404);
    await page.goto(`/careers/offer/${caseys[0]!.enc_id}?domain=${DOMAIN}`);
    await expect(page).toHaveURL(/\/careers\/offers/);
    await expect(page.getByText(caseys[0]!.position.name)).toHaveCount(0);
  });
});
