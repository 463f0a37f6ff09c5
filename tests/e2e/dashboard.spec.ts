import { expect, test, type Page } from '@playwright/test';
import { CASEY, DOMAIN, expectNoAxeViolations, focused, login } from './support';

/**
 * The dashboard (/careers/dashboard and the tab pages) in the host-demo page, as the demo candidate Casey, who has
 * a card in every state: the tabs by keyboard, withdrawing an application (confirmed), deleting her draft (a failed
 * delete first, which puts it back), unsaving a job, accessibility on every tab, and French. The dashboard renders
 * in a shadow root; role and label locators reach into it.
 */
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

const dashboard = `/careers/dashboard?domain=${DOMAIN}`;
const TAB_NAMES = ['Applications', 'Interviews', 'Saved jobs', 'Offers', 'Drafts', 'Events', 'Referrals'];

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

/** Saves a position for the signed-in candidate through the API (as the search page's Save does). */
async function savePosition(page: Page): Promise<{ id: number; name: string }> {
  const search = await page.request.get(`/api/pcsx/search?domain=${DOMAIN}`);
  expect(search.ok()).toBe(true);
  const { data } = (await search.json()) as { data: { positions: Array<{ id: number; name: string }> } };
  const position = data.positions[0]!;
  const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const res = await page.request.post('/api/pcsx/positions/save', {
    data: { domain: DOMAIN, position_id: position.id },
    headers: { 'x-csrf-token': csrf ?? '' },
  });
  expect(res.ok()).toBe(true);
  return position;
}

test('the tabs by keyboard, each one accessible, the tab in the address', async ({ page }) => {
  await login(page, CASEY, dashboard);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(TAB_NAMES);
  await expect(page.getByRole('region', { name: 'Things to do' })).toBeVisible();
  await expect(panel(page).getByRole('heading', { level: 2, name: 'In progress' })).toBeVisible();
  await expect(panel(page).getByRole('heading', { level: 2, name: 'Past applications' })).toBeVisible();
  await expectNoAxeViolations(page);

  await tab(page, 'Applications').focus();
  for (const name of TAB_NAMES.slice(1)) {
    await page.keyboard.press('ArrowRight');
    const current = tab(page, name);
    await expect(current).toHaveAttribute('aria-selected', 'true');
    expect(await focused(current)).toBe(true);
    await expect(panel(page).getByRole('status')).toHaveCount(0);
    await expect(panel(page).locator('article, .cw-state').first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
  expect(new URL(page.url()).searchParams.get('tab')).toBe('referrals');
  await page.keyboard.press('Home');
  await expect(tab(page, 'Applications')).toHaveAttribute('aria-selected', 'true');
  expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
  await page.keyboard.press('End');
  await expect(tab(page, 'Referrals')).toHaveAttribute('aria-selected', 'true');

  // The tab pages open on their tab.
  await page.goto(`/careers/interviews?domain=${DOMAIN}`);
  await expect(tab(page, 'Interviews')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('heading', { level: 2, name: 'Upcoming interviews' })).toBeVisible();
});

test('withdraws an application after confirming: it moves to the past applications', async ({ page }) => {
  await login(page, CASEY, `/careers/applications?domain=${DOMAIN}`);
  const active = panel(page).getByRole('list', { name: 'In progress' });
  await expect(active.getByRole('article').first()).toBeVisible();
  const card = active
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^More actions/ }) })
    .first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  const menuButton = card.getByRole('button', { name: `More actions for ${title}` });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `More actions for ${title}` });
  await expect(menu).toBeVisible();
  await page.keyboard.press('End');
  const withdraw = menu.getByRole('menuitem', { name: 'Withdraw application' });
  expect(await focused(withdraw)).toBe(true);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Withdraw your application?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Your application was withdrawn.')).toBeVisible();
  const past = panel(page).getByRole('list', { name: 'Past applications' });
  await expect(past.getByRole('article', { name: title })).toContainText('Withdrawn');
  await expect(active.getByRole('article', { name: title })).toHaveCount(0);

  // The server agrees, after a reload too.
  await page.reload();
  await expect(past.getByRole('article', { name: title })).toContainText('Withdrawn');
});

test('deletes the draft: a failed delete puts it back, then it goes for good', async ({ page }) => {
  await login(page, CASEY, `${dashboard}&tab=drafts`);
  const open = panel(page).getByRole('list', { name: 'Open drafts' });
  const draft = open.getByRole('article').first();
  await expect(draft).toBeVisible();
  const title = (await draft.getByRole('heading').textContent())!.trim();
  // Other specs (apply) may have left drafts of their own: the count goes down by one.
  const before = await open.getByRole('article').count();

  // The server refuses once: the draft leaves, then comes back with the failure toast.
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/pcsx/draft_applications', async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await answered;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"error":"Boom"}' });
  });
  await open.getByRole('article', { name: title }).getByRole('button', { name: 'Delete draft' }).click();
  await expect(panel(page).getByRole('article', { name: title })).toHaveCount(0);
  release();
  await expect(page.getByText('Failed to delete draft application')).toBeVisible();
  await expect(open.getByRole('article', { name: title })).toBeVisible();
  await page.unroute('**/api/pcsx/draft_applications');

  await open.getByRole('article', { name: title }).getByRole('button', { name: 'Delete draft' }).click();
  await expect(page.getByText('Deleted draft application')).toBeVisible();
  await expect(panel(page).getByRole('article', { name: title })).toHaveCount(0);
  // One draft fewer (with Casey's one demo draft, the tab says there is none), after a reload too.
  const oneFewer = () =>
    before === 1
      ? expect(panel(page).getByText('No drafts')).toBeVisible()
      : expect(open.getByRole('article')).toHaveCount(before - 1);
  await oneFewer();
  await page.reload();
  await oneFewer();
  await expect(panel(page).getByRole('article', { name: title })).toHaveCount(0);
});

test('unsaves a job from the saved jobs tab', async ({ page }) => {
  await login(page, CASEY, `/careers/saved-jobs?domain=${DOMAIN}`);
  const position = await savePosition(page);
  await page.reload();
  await expect(tab(page, 'Saved jobs')).toHaveAttribute('aria-selected', 'true');
  const card = panel(page).getByRole('article', { name: position.name });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Remove from saved jobs' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('Removed from your saved jobs.')).toBeVisible();
  const saved = await page.request.get(`/api/pcsx/positions/saved?domain=${DOMAIN}`);
  const { data } = (await saved.json()) as { data: { positions: Array<{ id: number }> } };
  expect(data.positions.map((p) => p.id)).not.toContain(position.id);
});

test('speaks French with hl=fr-CA', async ({ page }) => {
  await login(page, CASEY, `/careers/dashboard?domain=${DOMAIN}&hl=fr-CA`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'Candidatures',
    'Entrevues',
    'Emplois sauvegardés',
    'Offres',
    'Brouillons',
    'Événements',
    'Recommandations',
  ]);
  await expect(panel(page).getByRole('heading', { level: 2, name: 'En cours' })).toBeVisible();
  await expect(panel(page).getByRole('article').first()).toContainText('Statut :');
  await expectNoAxeViolations(page);
});
