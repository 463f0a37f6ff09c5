import { expect, test, type Locator, type Page } from '@playwright/test';
import { CASEY, DOMAIN, EMBEDDED, expectNoAxeViolations, focused, login } from './support';

/**
 * The search page in the host-demo page (/careers): searching, filters, pages, opening a position, saving and the
 * job cart, the keyboard, accessibility, French and a malformed address. The search widget renders in a shadow
 * root; role and label locators reach into it. On the demo employer's own page, from another origin than the
 * careers server (the cross-origin path, docs/decisions/033): nothing of the page comes from our page server.
 */
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000, baseURL: EMBEDDED });

const RANGE = /^1–10 of ([\d,]+) jobs$/;

function results(page: Page): Locator {
  return page.getByRole('list', { name: 'Search results' });
}

function resultLinks(page: Page): Locator {
  return results(page).getByRole('listitem').getByRole('heading').getByRole('link');
}

function countStatus(page: Page): Locator {
  return page.locator('.cw-search__count');
}

function searchBox(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Search', exact: true });
}

/** The position open beside the list, named by its title. */
function details(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true }).getByRole('heading', { level: 2, name: title });
}

/** The position id of a result link's address (`pid`). */
function idOf(href: string): string {
  const id = new URL(href, 'http://careers.test').searchParams.get('pid');
  expect(id).toMatch(/^\d+$/);
  return id!;
}

/** The result of a position, by its id. */
function itemOf(page: Page, id: string): Locator {
  return results(page)
    .getByRole('listitem')
    .filter({ has: page.locator(`a.cw-result__link[href$="pid=${id}"]`) });
}

async function openSearch(page: Page, query = '') {
  await page.goto(`/careers?domain=${DOMAIN}${query}`);
  await expect(resultLinks(page).first()).toBeVisible();
}

async function titles(page: Page): Promise<string[]> {
  return resultLinks(page).allTextContents();
}

async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await focused(target)) return;
  }
  throw new Error(`Tab did not reach the element in ${limit} presses`);
}

test.describe('search page', () => {
  test('a keyword search shows the results, their count and the first one beside the list', async ({ page }) => {
    await openSearch(page);
    await searchBox(page).fill('engineer');
    await searchBox(page).press('Enter');

    await expect(page).toHaveURL(/[?&]query=engineer(&|$)/);
    await expect(countStatus(page)).toHaveText(RANGE);
    const links = resultLinks(page);
    await expect(links).toHaveCount(10);
    const all = await titles(page);
    expect(all.some((name) => /engineer/i.test(name))).toBe(true);

    const first = links.first();
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(links.nth(1)).not.toHaveAttribute('aria-current', 'true');
    await expect(details(page, all[0]!)).toBeVisible();
  });

  test('a department filter narrows the results after a pause; its chip and "Clear filters" remove it', async ({
    page,
  }) => {
    await openSearch(page, '&start=10');
    const before = await titles(page);
    const beforeCount = await countStatus(page).textContent();

    const menuButton = page.getByRole('button', { name: /^Department( \d+ selected)?$/ });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const group = page.getByRole('group', { name: 'Department' });
    const option = group.getByRole('checkbox').first();
    const optionLabel = (await group.locator('label').first().locator('span').first().textContent())!.trim();
    await option.check();
    expect(page.url()).not.toContain('filter_department');

    // The search waits 1 s for more choices, then runs from the first page.
    await expect(page).toHaveURL(/[?&]filter_department=/, { timeout: 5_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('start')).toBeNull();
    await expect(countStatus(page)).toHaveText(RANGE);
    await expect(countStatus(page)).not.toHaveText(beforeCount!);
    await expect.poll(() => titles(page)).not.toEqual(before);
    for (const item of await results(page).getByRole('listitem').all()) await expect(item).toContainText(optionLabel);

    const chip = page.getByRole('button', { name: `${optionLabel}, remove the Department filter` });
    await expect(chip).toBeVisible();
    // Escape closes the menu (it lies over the chips) and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await chip.click();
    await expect(page).not.toHaveURL(/filter_department=/, { timeout: 5_000 });
    await expect(chip).toHaveCount(0);

    // Two values, then "Clear filters" takes both away.
    if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click();
    await group.getByRole('checkbox').nth(0).check();
    await group.getByRole('checkbox').nth(1).check();
    await expect(page).toHaveURL(/[?&]filter_department=[^&]+(%2C|,)[^&]+/, { timeout: 5_000 });
    await expect(
      page.getByRole('list', { name: 'Applied filters' }).getByRole('button', { name: /, remove the .+ filter$/ }),
    ).toHaveCount(2);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/filter_department=/, { timeout: 5_000 });
    await expect(page.getByRole('list', { name: 'Applied filters' })).toHaveCount(0);
    await expect(countStatus(page)).toHaveText(beforeCount!.replace(/^11–20/, '1–10'));
  });

  test('"Next" goes to page 2, which survives a reload; back returns to page 1 as it was', async ({ page }) => {
    await openSearch(page);
    const firstPage = await titles(page);
    await expect(resultLinks(page).first()).toHaveAttribute('aria-current', 'true');

    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]start=10(&|$)/);
    await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(countStatus(page)).toHaveText(/^11–20 of [\d,]+ jobs$/);
    await expect.poll(() => titles(page)).not.toEqual(firstPage);
    const secondPage = await titles(page);
    await expect(details(page, secondPage[0]!)).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/[?&]start=10(&|$)/);
    await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(resultLinks(page).first()).toHaveText(secondPage[0]!);

    await page.goBack();
    await expect(page).not.toHaveURL(/start=10/);
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => titles(page)).toEqual(firstPage);
    await expect(resultLinks(page).first()).toHaveAttribute('aria-current', 'true');
    await expect(details(page, firstPage[0]!)).toBeVisible();
  });

  test('a result title opens the position beside the list; its own address shows the position page', async ({
    page,
  }) => {
    await openSearch(page);
    const third = resultLinks(page).nth(2);
    const title = (await third.textContent())!.trim();
    const href = (await third.getAttribute('href'))!;
    const id = idOf(href);

    await third.click();
    await expect(page).toHaveURL(new RegExp(`[?&]pid=${id}(&|$)`));
    await expect(third).toHaveAttribute('aria-current', 'true');
    await expect(details(page, title)).toBeVisible();

    await page.goto(`/careers/job/${id}?domain=${DOMAIN}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('saving while signed out asks to sign in, then the position is saved', async ({ page }) => {
    await openSearch(page);
    const item = results(page).getByRole('listitem').nth(1);
    const title = (await item.getByRole('heading').textContent())!.trim();
    const id = idOf((await item.getByRole('heading').getByRole('link').getAttribute('href'))!);
    await item.getByRole('button', { name: `Save: ${title}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(CASEY.email);
    await dialog.getByLabel('Password').fill(CASEY.password);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Sign in' }).click()]);

    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    const saved = itemOf(page, id).getByRole('button', { name: `Saved: ${title}` });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
  });

  test('two results added to the job cart give an Apply link to both', async ({ page }) => {
    await login(page, CASEY, '/careers', { on: EMBEDDED });
    await expect(resultLinks(page).first()).toBeVisible();

    // Start from an empty cart (other tests may have filled it).
    const cartButton = page.getByRole('button', { name: /^Job cart \(\d+\)$/ });
    await expect(cartButton).toBeVisible();
    if ((await cartButton.textContent()) !== 'Job cart (0)') {
      await cartButton.click();
      const dialog = page.getByRole('dialog', { name: 'Job cart' });
      const removes = dialog.getByRole('button', { name: /^Remove .+ from the job cart$/ });
      while ((await removes.count()) > 0) {
        const before = await removes.count();
        await removes.first().click();
        await expect(removes).toHaveCount(before - 1);
      }
      await dialog.getByRole('button', { name: 'Close the job cart' }).click();
    }
    await expect(cartButton).toHaveText('Job cart (0)');

    const items = results(page).getByRole('listitem');
    const ids: string[] = [];
    for (const index of [1, 3]) {
      const link = items.nth(index).getByRole('heading').getByRole('link');
      const title = (await link.textContent())!.trim();
      ids.push(idOf((await link.getAttribute('href'))!));
      await items
        .nth(index)
        .getByRole('button', { name: `Add to cart: ${title}` })
        .click();
      // Named by what it shows: "In cart" once added.
      await expect(items.nth(index).getByRole('button', { name: `In cart: ${title}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    await expect(cartButton).toHaveText('Job cart (2)');
    await cartButton.click();
    const dialog = page.getByRole('dialog', { name: 'Job cart' });
    const apply = dialog.getByRole('link', { name: 'Apply to all 2' });
    await expect(apply).toBeVisible();
    const href = (await apply.getAttribute('href'))!;
    expect(href).toMatch(/^\/careers\/apply\?pid=\d+,\d+$/);
    expect(href.split('=')[1]!.split(',').sort()).toEqual([...ids].sort());
  });

  test('keyboard only: a suggestion runs the search and Tab reaches the results', async ({ page }) => {
    await openSearch(page);
    const box = searchBox(page);
    await tabTo(page, box);
    await page.keyboard.type('eng');
    const listbox = page.getByRole('listbox', { name: 'Search' });
    const options = listbox.getByRole('option');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const suggestion = (await options.first().locator('> *').first().textContent())!.trim();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(
      new RegExp(`[?&]query=${encodeURIComponent(suggestion).replace(/%20/g, '(\\+|%20)')}(&|$)`),
    );
    await expect(box).toHaveValue(suggestion);
    await expect(countStatus(page)).toHaveText(/^1–\d+ of [\d,]+ jobs?$/);
    await tabTo(page, resultLinks(page).first(), 60);
  });

  test.describe('accessibility (axe)', () => {
    test('results, a filter menu, "All filters" and the sign-in dialog', async ({ page }) => {
      await openSearch(page, '&query=engineer');
      await expect(details(page, (await titles(page))[0]!)).toBeVisible();
      await expectNoAxeViolations(page);

      const menuButton = page.getByRole('button', { name: 'Department', exact: true });
      await menuButton.click();
      await expect(page.getByRole('group', { name: 'Department' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

      await page.getByRole('button', { name: 'All filters' }).click();
      const filters = page.getByRole('dialog', { name: 'All filters' });
      await expect(filters).toBeVisible();
      await expectNoAxeViolations(page);
      await filters.getByRole('button', { name: 'Close filters' }).click();
      await expect(filters).toHaveCount(0);

      const first = results(page).getByRole('listitem').first();
      const title = (await first.getByRole('heading').textContent())!.trim();
      await first.getByRole('button', { name: `Save: ${title}` }).click();
      await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the position page', async ({ page }) => {
      await openSearch(page);
      const link = resultLinks(page).first();
      const title = (await link.textContent())!.trim();
      const id = idOf((await link.getAttribute('href'))!);
      await page.goto(`/careers/job/${id}?domain=${DOMAIN}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

  test('with hl=fr-CA the page speaks French', async ({ page }) => {
    await page.goto(`/careers?domain=${DOMAIN}&hl=fr-CA`);
    await expect(page.getByRole('heading', { level: 1, name: /^Recherche d’emplois/ })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Rechercher', exact: true })).toBeVisible();
  });

  test('a malformed address loads the first page without an error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/careers?domain=${DOMAIN}&start=-5&sort_by=nope&filter_unknown=x`);
    await expect(resultLinks(page).first()).toBeVisible();
    await expect(countStatus(page)).toHaveText(RANGE);
    await expect(page.getByText('Failed to load positions')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(errors).toEqual([]);
  });
});
