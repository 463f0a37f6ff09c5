import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support';

/**
 * The design-system catalogue (/careers/_catalogue): every shared component in every state, inside a widget's
 * shadow root, as the widgets get them. axe-core checks it in every preset theme and in both languages, so a
 * component that loses its label, its contrast or its focus ring fails here once for every widget.
 */
test.describe('component catalogue', () => {
  test('every component, in every preset theme, passes axe', async ({ page }) => {
    await page.goto('/careers/_catalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Component catalogue' })).toBeVisible();
    for (const section of ['Buttons', 'Form fields']) {
      await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    const theme = page.getByLabel('Theme', { exact: true });
    for (const name of ['Acme dark', 'High contrast']) {
      await theme.selectOption({ label: name });
      // The preset sets the documented custom properties on the widget's host element.
      await expect
        .poll(() =>
          page
            .locator('[data-careers-widget="catalogue"]')
            .evaluate((host) => (host as HTMLElement).style.getPropertyValue('--cw-color-primary')),
        )
        .not.toBe('');
      await expectNoAxeViolations(page);
    }
  });

  test('in French, with the shared default texts translated, it passes axe', async ({ page }) => {
    await page.goto('/careers/_catalogue');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Français (Canada)' });
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue des composants' })).toBeVisible();
    await expect(page.getByText('Aucune donnée trouvée').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the forms section: the toolkit's renderer, loaded from the forms widget, passes axe in every layout and mode", async ({
    page,
  }) => {
    test.setTimeout(180_000); // eight axe runs over the forms section, one over the whole catalogue
    await page.goto('/careers/_catalogue');
    const section = page.getByRole('region', { name: 'Forms', exact: true });
    const form = section.getByRole('form', { name: 'Sample application' });
    await expect(form).toBeVisible();
    // The renderer's styles came with it into the catalogue's shadow root (one set: its two sheets, adopted after
    // the design system's and the catalogue's own four), not into the page.
    const sheets = await page
      .locator('[data-careers-widget="catalogue"]')
      .evaluate((host) =>
        (host.shadowRoot?.adoptedStyleSheets ?? []).map((sheet) =>
          Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('.cw-forms')),
        ),
      );
    expect(sheets).toEqual([false, false, false, false, true, true]);
    expect(await page.locator('head style[data-cw-styles]').count()).toBe(0);

    const layout = section.getByLabel('Layout', { exact: true });
    const mode = section.getByLabel('Mode', { exact: true });
    const layouts: Array<[string, string]> = [
      ['Simple', 'simple'],
      ['Stepper', 'stepper'],
      ['HTML content', 'html'],
      ['Admin (edit mode)', 'admin'],
    ];
    for (const [label, value] of layouts) {
      await layout.selectOption({ label });
      for (const chosen of ['Edit', 'View']) {
        await mode.selectOption({ label: chosen });
        const frame = section.locator(
          `.cw-catalogue-forms[data-layout="${value}"][data-mode="${chosen.toLowerCase()}"]`,
        );
        await expect(frame.getByRole('form', { name: 'Sample application' })).toBeVisible();
        if (chosen === 'Edit') {
          // An example error on every question, shown on the fields (the first one focused).
          await section.getByLabel('Show errors').check();
          await expect(frame.getByText('Example error: check this answer.').first()).toBeVisible();
          await expect(frame.getByRole('button', { name: 'Check the answers' })).toBeVisible();
          if (value === 'admin')
            await expect(frame.getByRole('button', { name: 'Duplicate: Full name' })).toBeVisible();
        } else {
          await expect(frame.getByText('Ada Lovelace').first()).toBeVisible();
          await expect(frame.getByRole('button', { name: 'Check the answers' })).toHaveCount(0);
        }
        // The section drawn in this layout and mode (the whole page once, below).
        await expectNoAxeViolations(page, ['[data-careers-widget="catalogue"]', '.cw-catalogue-forms']);
      }
    }
    await expectNoAxeViolations(page);
  });

  test('the host page stylesheet does not reach the components', async ({ page }) => {
    await page.goto('/careers/_catalogue');
    const button = page.getByRole('button', { name: 'Default' }).first();
    await expect(button).toBeVisible();
    // acme.css sets uppercase text and !important button colours on the page; the widget keeps its own.
    expect(await button.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
  });
});
