import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../shared/src/contract/routes';
import { readRegistry } from '../../apps/root-config/registry';
import { CASEY, DOMAIN, login } from './support';

/**
 * Walks the whole route table in the host-demo page: on every route, the widget the table names is the one widget
 * in `careers-main`, and the page view logged to /vslog carries the route's page identifier. Routes whose widget
 * is not built yet (search, forms, dashboard come in later issues) leave the slot empty; the same walk covers
 * them as soon as the widget is registered.
 */
const registered = new Set(readRegistry().widgets.map((w) => w.name));

/** The pages the dashboard widget draws as its tabbed dashboard, and the tab each opens on. */
const DASHBOARD_PAGE_TABS: Partial<Record<string, string>> = {
  dashboard: 'Applications',
  applications: 'Applications',
  savedJobs: 'Saved jobs',
  interviews: 'Interviews',
};

/** A concrete address for a route pattern (demo values for its parameters). */
function sampleFor(pattern: string): string {
  return pattern
    .replace(':id', 'demoOfferId1')
    .replace(':documentId', '1')
    .replace(':pid?', '123-senior-robotics-engineer')
    .replace(':formId?', '7')
    .replace(':query?/:location?', 'robotics-engineer/new_york');
}

async function widgetsIn(page: Page, slot: string): Promise<string[]> {
  return page
    .locator(`#${slot} [data-careers-widget]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-careers-widget') ?? ''));
}

function pageViewOf(page: Page, path: string) {
  return page.waitForRequest((req) => {
    if (!req.url().includes('/vslog') || req.method() !== 'POST') return false;
    const data = JSON.parse((JSON.parse(req.postData() ?? '{}') as { data_json?: string }).data_json ?? '{}') as {
      path?: string;
    };
    return data.path === path;
  });
}

test.describe('the route table, walked in the host-demo page', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, CASEY);
  });

  for (const route of ROUTES.filter((r) => r.widget !== null)) {
    const path = sampleFor(route.path);
    test(`${path}: ${route.widget} alone in careers-main, page view "${route.page}"`, async ({ page }) => {
      const view = pageViewOf(page, path);
      await page.goto(`${path}?domain=${DOMAIN}`);
      const logged = await view;
      const data = JSON.parse((JSON.parse(logged.postData() ?? '{}') as { data_json: string }).data_json) as {
        page: string;
      };
      expect(data.page).toBe(route.page);
      if (registered.has(route.widget!)) {
        await expect(page.locator(`#careers-main [data-careers-widget="${route.widget}"]`)).toHaveCount(1);
        await expect.poll(() => widgetsIn(page, 'careers-main')).toEqual([route.widget]);
        const dashboardTab = DASHBOARD_PAGE_TABS[route.page];
        if (dashboardTab) {
          // The dashboard's pages draw the dashboard, open on their own tab.
          await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
          await expect(page.getByRole('tab', { name: dashboardTab, exact: true })).toHaveAttribute(
            'aria-selected',
            'true',
          );
        }
      } else {
        // The page's widget comes in a later issue: nothing else takes its slot.
        await page.waitForLoadState('networkidle');
        expect(await widgetsIn(page, 'careers-main')).toEqual([]);
      }
    });
  }

  test('moving between pages in the page swaps the page widget, logs each page and scrolls to the top', async ({
    page,
  }) => {
    await page.goto(`/careers/offers?domain=${DOMAIN}`);
    await expect(page.locator('#careers-main [data-careers-widget="offers"]')).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 400));
    const view = pageViewOf(page, '/careers/_catalogue');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/careers/_catalogue');
    });
    const data = JSON.parse((JSON.parse((await view).postData() ?? '{}') as { data_json: string }).data_json) as {
      page: string;
    };
    expect(data.page).toBe('catalogue');
    await expect.poll(() => widgetsIn(page, 'careers-main')).toEqual(['catalogue']);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the page title follows the route', async ({ page }) => {
    await page.goto(`/careers?domain=${DOMAIN}`);
    await expect(page).toHaveTitle('Careers at Acme Robotics');
    await page.goto(`/careers/robotics-engineer/new_york?domain=${DOMAIN}`);
    await expect(page).toHaveTitle('robotics engineer at new york');
    await page.goto(`/careers/search?query=welder&location=Ohio&domain=${DOMAIN}`);
    await expect(page).toHaveTitle('welder at Ohio');
  });
});

test.describe('protected routes while signed out', () => {
  test('the sign-in dialog comes from one place, for a widget built or not; closing it goes to /careers', async ({
    page,
  }) => {
    for (const path of ['/careers/offers', '/careers/dashboard']) {
      await page.goto(`${path}?domain=${DOMAIN}`);
      const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
      await expect(dialog).toBeVisible();
      expect(await widgetsIn(page, 'careers-main')).toEqual(['careers-login']);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(/\/careers$/);
      await expect(dialog).toHaveCount(0);
    }
  });

  test('show_login_modal=1 opens the sign-in dialog over a public page; closing it stays on the page', async ({
    page,
  }) => {
    await page.goto(`/careers?show_login_modal=1&domain=${DOMAIN}`);
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/careers\\?domain=${DOMAIN.replace('.', '\\.')}$`));
  });
});
