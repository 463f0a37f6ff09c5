import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { CASEY, DOMAIN, OLIVE, bell, expectNoAxeViolations, login } from './support';

/**
 * Saved searches and their alerts, as a candidate sees them: a signed-in candidate saves the current search; the
 * operator publishes a position (`npm run position`) that the search finds; the candidate's bell shows a
 * notification that opens that search, with the new position among its results. A search the position does not
 * match (another of the same candidate's, and another candidate's) brings no notification.
 */
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

const repo = path.resolve(__dirname, '../..');

interface ApiNotification {
  id: number;
  message: string;
  redirectUrl: string | null;
}

/** A made-up word no demo position holds (letters only, so the full-text search keeps it as one word). */
function madeUpWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'zq';
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/**
 * Publishes a position the way an operator does (`npm run position -- ...`), against the test server's database
 * (DATA_DIR, as playwright.config.ts gives the server). Returns the new position's id (its standard output) and
 * its log (standard error).
 */
function publishPosition(title: string): { id: string; log: string } {
  const argv = ['run', '--silent', 'position', '--', '--domain', DOMAIN, '--title', title];
  argv.push('--department', 'Robotics', '--employment-type', 'Full-time', '--location', 'Toronto');
  const run = spawnSync('npm', argv, {
    cwd: repo,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return { id: run.stdout.trim(), log: run.stderr };
}

async function apiNotifications(page: Page): Promise<ApiNotification[]> {
  const res = await page.request.get(`/api/pcsx/notifications?domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { notifications: ApiNotification[] } }).data.notifications;
}

async function apiBadge(page: Page): Promise<number> {
  const res = await page.request.get(`/api/pcsx/notification_badge?domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { count: number } }).data.count;
}

function results(page: Page): Locator {
  return page.getByRole('list', { name: 'Search results' });
}

function resultLinks(page: Page): Locator {
  return results(page).getByRole('listitem').getByRole('heading').getByRole('link');
}

function panel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Notifications' });
}

/** Opens the search for `word` (which finds nothing yet) and saves it with "Save this search". */
async function saveSearchFor(page: Page, word: string) {
  await page.goto(`/careers?domain=${DOMAIN}&query=${word}`);
  await expect(page.getByText('No jobs match your search')).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Search saved' })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Delete saved search' });
  await expect(remove).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save this search' })).toHaveCount(0);
  // Focus moves to the control that replaced the one pressed.
  await expect
    .poll(() =>
      remove.evaluate((element) => {
        let active: Element | null = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active === element;
      }),
    )
    .toBe(true);
}

test.describe('saved-search alerts', () => {
  test('a new position matching a saved search reaches the bell and opens that search', async ({ page, browser }) => {
    const wanted = madeUpWord();
    const decoy = madeUpWord();
    const others = madeUpWord();
    const title = `${wanted[0]!.toUpperCase()}${wanted.slice(1)} Robot Whisperer`;
    const alertMessage = `A new position matches your saved search: ${title}`;

    // Olive saves a search the new position does not match.
    const oliveContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const olive = await oliveContext.newPage();
    await login(olive, OLIVE);
    await saveSearchFor(olive, others);
    const oliveBefore = await apiNotifications(olive);

    // Casey saves two searches: first one the position will not match, then the one it will.
    await login(page, CASEY);
    await saveSearchFor(page, decoy);
    await saveSearchFor(page, wanted);
    // Saved, the search stays saved on a fresh load of the page.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Delete saved search' })).toBeVisible();
    const unreadBefore = await apiBadge(page);

    const { id, log } = publishPosition(title);
    expect(id).toMatch(/^\d+$/);
    expect(log).toContain(`Published position ${id} "${title}" at ${DOMAIN}.`);

    // The bell counts it on the next page (its own poll runs every 5 minutes): here a paged, sorted and filtered
    // search, whose parameters must not change the saved search the notification opens.
    await page.goto(`/careers?domain=${DOMAIN}&start=10&sort_by=date&filter_department=Sales`);
    await expect(bell(page)).toHaveAccessibleName(new RegExp(`${unreadBefore + 1} unread`));
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    const card = panel(page).getByRole('button', { name: new RegExp(alertMessage) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Saved search');
    await expect(card).toContainText('Unread');
    await expectNoAxeViolations(page);

    await Promise.all([page.waitForEvent('load'), card.click()]);

    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/careers/search');
    expect(landed.searchParams.get('query')).toBe(wanted);
    expect(landed.searchParams.get('domain')).toBe(DOMAIN);
    for (const name of ['start', 'filter_department']) expect(landed.searchParams.get(name)).toBe('');
    expect(landed.searchParams.get('sort_by')).toBe('relevance');
    await expect(page.getByRole('combobox', { name: 'Search', exact: true })).toHaveValue(wanted);
    await expect(resultLinks(page)).toHaveText([title]);
    await expect(resultLinks(page).first()).toHaveAttribute('href', new RegExp(`[?&]pid=${id}(&|$)`));
    await expect(page.locator('.cw-search__count')).toHaveText('1–1 of 1 job');
    // It is the saved search itself.
    await expect(page.getByRole('status').filter({ hasText: 'Search saved' })).toBeVisible();

    // One notification for Casey, clicked now, opening the matching search (not the decoy saved first).
    const mine = (await apiNotifications(page)).filter((n) => n.message === alertMessage);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.redirectUrl).toBe(
      `/careers/search?domain=${DOMAIN}&query=${wanted}&location=&start=&pid=&map_bounds=&sort_by=relevance` +
        '&filter_department=&filter_employment_type=&filter_location=&filter_remote=&filter_skills=&filter_distance=',
    );

    // Olive's search does not find the position: nothing new in her bell.
    await olive.reload();
    await bell(olive).click();
    await expect(panel(olive)).toBeVisible();
    if (oliveBefore.length > 0) await expect(panel(olive).getByText(oliveBefore[0]!.message)).toBeVisible();
    await expect(panel(olive).getByText(title)).toHaveCount(0);
    expect((await apiNotifications(olive)).map((n) => n.id).sort()).toEqual(oliveBefore.map((n) => n.id).sort());
    await oliveContext.close();
  });
});
