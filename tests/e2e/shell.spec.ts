import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { bell, CASEY, DOMAIN, expectNoAxeViolations, login } from './support';

/**
 * The page shell (docs/product/shell.md) in the host-demo page, with Acme's demo branding: visitors see Acme's
 * own header, signed-in candidates the careers navbar (customNavbarConfig), the promo banner on the jobs page, the
 * hero image on the offers page, Acme's footer from its configuration.
 */

const repo = path.resolve(__dirname, '../..');

/** Changes Acme's stored configuration with the operator command (top-level keys; null removes one). */
function configure(change: Record<string, unknown>): void {
  execFileSync(
    'npx',
    ['tsx', 'server/src/cli/employer.ts', 'set', '--domain', DOMAIN, '--json', JSON.stringify(change)],
    {
      cwd: repo,
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
      stdio: 'pipe',
    },
  );
}

function storedConfig(): Record<string, unknown> {
  const out = execFileSync('npx', ['tsx', 'server/src/cli/employer.ts', 'show', '--domain', DOMAIN], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    stdio: 'pipe',
  });
  return JSON.parse(out.toString()) as Record<string, unknown>;
}

const careersNavbar = (page: Page) => page.getByRole('navigation', { name: 'Careers' });
const acmeHeader = (page: Page) => page.locator('header.acme-header');
/** The careers navbar's whole bar (its links are in the navigation; the language and account beside it). */
const careersBar = (page: Page) => page.locator('#careers-navbar');
const shellPart = (page: Page, slot: string) => page.locator(`#${slot} > [data-careers-widget]`);

test("a visitor: Acme's own header, the promo banner on the jobs page, Acme's footer; axe finds nothing", async ({
  page,
}) => {
  await page.goto(`/careers?domain=${DOMAIN}`);
  await expect(acmeHeader(page)).toBeVisible();
  await expect(careersNavbar(page)).toHaveCount(0);

  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toContainText('Hiring event in Montréal on December 3.');
  expect((await banner.boundingBox())?.height).toBe(56);
  const footer = shellPart(page, 'careers-footer');
  await expect(footer).toContainText('© Acme Robotics. An equal opportunity employer.');
  await expect(footer.getByRole('link', { name: 'Write to our recruiting team' })).toHaveAttribute(
    'href',
    'mailto:careers@acme.example',
  );
  await expect(page.getByRole('heading', { level: 1, name: /^Job search/ })).toBeAttached();
  await expectNoAxeViolations(page);

  // The banner's link to this site opens in place.
  await banner.getByRole('link', { name: 'See the robotics roles' }).click();
  await expect(page).toHaveURL(/\/careers\/search\?query=robotics/);
});

test('signed in: the careers navbar (60 px) with the bell, the pages by keyboard, French, the hero, sign out', async ({
  page,
}) => {
  await login(page, CASEY, '/careers/dashboard');
  const navbar = careersNavbar(page);
  await expect(navbar).toBeVisible();
  await expect(acmeHeader(page)).toBeHidden();
  expect((await shellPart(page, 'careers-navbar').boundingBox())?.height).toBe(60);
  await expect(navbar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  // One bell on the page, shown in the navbar, and it works.
  await expect(page.locator('#candidate-notification-trigger')).toHaveCount(1);
  await bell(page).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);

  // Keyboard: from the brand link, Tab reaches the page links; Enter opens the profile without a page load.
  await page.getByRole('link', { name: 'Careers at Acme Robotics' }).focus();
  const marker = await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = Date.now()));
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  await expect(navbar.getByRole('link', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/careers\/profile/);
  await expect(navbar.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(marker);

  // The language menu switches every widget at once and keeps the language in the address.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr-CA');
  const frenchNavbar = page.getByRole('navigation', { name: 'Carrières' });
  await expect(frenchNavbar.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Coordonnées' })).toBeVisible();
  await expect(page).toHaveURL(/hl=fr-CA/);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(navbar.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // The hero image on the offers page, in the room the page kept for it.
  await navbar.getByRole('link', { name: 'Dashboard' }).click();
  await page.goto(`/careers/offers?domain=${DOMAIN}`);
  const hero = shellPart(page, 'careers-banner').locator('img');
  await expect(hero).toHaveAttribute('src', '/host-demo/acme-hero.svg');
  expect((await hero.boundingBox())?.height).toBe(240);
  await expectNoAxeViolations(page);

  await careersBar(page).getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/careers/);
  await expect(acmeHeader(page)).toBeVisible();
  await expect(careersNavbar(page)).toHaveCount(0);
});

test('on a tablet the navbar folds into a Menu (nothing wider than the screen, every action by keyboard); from 1180 px one row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await login(page, CASEY, '/careers/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
  const menu = careersBar(page).getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(careersBar(page).getByRole('link', { name: 'Sign out' })).toBeHidden();
  await expect(bell(page)).toBeVisible();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(careersNavbar(page).getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(careersBar(page).getByRole('combobox', { name: 'Language' })).toBeVisible();
  await expect(careersBar(page).getByRole('link', { name: 'Sign out' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // From 1180 px the row holds everything, in French too: one line each, the bell beside sign-out, not over it.
  await page.setViewportSize({ width: 1180, height: 800 });
  await page.goto(`/careers/dashboard?domain=${DOMAIN}&hl=fr-CA`);
  const signOut = careersBar(page).getByRole('link', { name: 'Se déconnecter' });
  await expect(signOut).toBeVisible();
  const [out, ring] = [await signOut.boundingBox(), await bell(page).boundingBox()];
  expect(out!.height).toBeLessThanOrEqual(44);
  expect(out!.x + out!.width).toBeLessThanOrEqual(ring!.x);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1180);
});

test.describe('configured by the operator', () => {
  let saved: Record<string, unknown>;
  test.beforeAll(() => {
    saved = storedConfig();
  });
  test.afterAll(() => {
    configure({
      implementationPhase: saved.implementationPhase ?? null,
      behaviourFlags: saved.behaviourFlags ?? null,
      branding: saved.branding ?? null,
    });
  });

  test('the implementation-phase banner (24 px), the careers navbar for visitors, "Powered by" or no footer', async ({
    page,
  }) => {
    const branding = saved.branding as Record<string, unknown>;
    configure({
      implementationPhase: true,
      branding: {
        ...branding,
        customNavbarConfig: { enable: false, showInLoggedinView: false },
        customPageSections: {},
      },
    });
    await page.goto(`/careers?domain=${DOMAIN}`);
    const phase = page.getByText('This careers site is being set up: some pages and details may still change.');
    await expect(phase).toBeVisible();
    expect((await phase.boundingBox())?.height).toBe(24);
    await expect(careersNavbar(page)).toBeVisible();
    await expect(acmeHeader(page)).toBeHidden();
    await expect(shellPart(page, 'careers-footer')).toHaveText('Powered by Careers Widgets');
    await expectNoAxeViolations(page);

    // Sign in from the navbar: the sign-in dialog, then the page for the candidate.
    await careersBar(page).getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/email/i).fill(CASEY.email);
    await dialog.getByLabel(/password/i).fill(CASEY.password);
    await dialog.getByRole('button', { name: /sign in/i }).click();
    await expect(careersBar(page).getByRole('link', { name: 'Sign out' })).toBeVisible();

    configure({ behaviourFlags: { hideInjectedFooter: true } });
    await page.reload();
    await expect(careersNavbar(page)).toBeVisible();
    await expect(page.locator('#careers-footer')).toBeEmpty();
  });

  test('a refused configuration changes nothing and says why', () => {
    const before = storedConfig();
    let message = '';
    try {
      configure({ branding: { heroImageConfig: { imageUrl: 'javascript:alert(1)' } } });
    } catch (error) {
      message = String((error as { stderr?: Buffer }).stderr ?? error);
    }
    expect(message).toMatch(/imageUrl/);
    expect(storedConfig()).toEqual(before);
  });
});
