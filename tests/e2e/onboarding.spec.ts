import { expect, test } from '@playwright/test';
import { DOMAIN, expectNoAxeViolations, login } from './support';

const NORA = { email: 'new@example.com', password: 'careers-demo' };

test.describe('terms of service and first-run steps', () => {
  test('the terms modal cannot be dismissed; accepting onboards, reloads and leads to the profile step', async ({
    page,
  }) => {
    await login(page, NORA);
    const terms = page.getByRole('dialog', { name: 'Terms of service' });
    await expect(terms).toBeVisible();
    await expect(terms.getByRole('button', { name: /close/i })).toHaveCount(0);
    await expect(terms.getByRole('link', { name: /candidate terms of use/i })).toHaveAttribute('rel', /noopener/);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(terms).toBeVisible();
    // Focus stays in the dialog however far the candidate tabs.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    const focusInside = await terms.evaluate((el) => {
      const root = el.getRootNode() as ShadowRoot | Document;
      return el.contains(root.activeElement);
    });
    expect(focusInside).toBe(true);

    await Promise.all([page.waitForEvent('load'), terms.getByRole('button', { name: 'Accept' }).click()]);
    const status = await page.request.get(`/api/pcsx/terms_of_service?domain=${DOMAIN}`);
    expect((await status.json()).data.tosAttested).toBe(true);

    const profile = page.getByRole('dialog', { name: "Welcome! Let's set up your profile" });
    await expect(profile).toBeVisible();
    await expect(terms).toHaveCount(0);
    await profile.getByLabel('First name').fill('');
    await profile.getByRole('button', { name: 'Save and continue' }).click();
    await expect(profile.getByText('First name is required')).toBeVisible();
    await expect(profile.getByLabel('First name')).toBeFocused();
    await expectNoAxeViolations(page);

    await profile.getByLabel('First name').fill('Nora');
    await profile.getByLabel('Last name').fill('Newman');
    await profile.getByLabel('Location').fill('Montréal, QC');
    await profile.getByRole('button', { name: 'Save and continue' }).click();
    await expect(profile).toHaveCount(0);
    await expect(page.getByText('Your profile is set up.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: /build robots/i })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a candidate who has accepted the terms sees no gate', async ({ page }) => {
    await login(page, { email: 'candidate@example.com', password: 'careers-demo' });
    await expect(page.getByRole('button', { name: /^notifications/i })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
