import { expect, test, type Page } from '@playwright/test';
import { CASEY, DOMAIN, OLIVE, bell, createNotification, expectNoAxeViolations, login } from './support';

interface ApiNotification {
  id: number;
  message: string;
  redirectUrl: string | null;
  isClicked: boolean;
  notificationType: string;
}

async function apiBadge(page: Page): Promise<number> {
  const res = await page.request.get(`/api/pcsx/notification_badge?domain=${DOMAIN}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { count: number } }).data.count;
}

async function apiList(page: Page, filter?: 'action_required'): Promise<ApiNotification[]> {
  const res = await page.request.get(
    `/api/pcsx/notifications?domain=${DOMAIN}${filter ? `&type_filter=${filter}` : ''}`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { notifications: ApiNotification[] } }).data.notifications;
}

function panel(page: Page) {
  return page.getByRole('heading', { name: 'Notifications' });
}

test.describe('notification centre', () => {
  test('a logged-out visitor sees the page without a bell', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { name: /build robots/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    // The widget decides from the boot data; give it time to load, then check nothing was rendered.
    await page.waitForFunction(
      () => (window as unknown as { singleSpaNavigate?: unknown }).singleSpaNavigate !== undefined,
    );
    await expect(bell(page)).toHaveCount(0);
  });

  test('a wrong password is refused with a message and no session', async ({ page }) => {
    await page.goto(`/careers/login?domain=${DOMAIN}&next=%2Fcareers`);
    await page.getByLabel(/email/i).fill(CASEY.email);
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page.getByRole('alert')).toContainText('Email or password is incorrect.');
    await expect(page.getByLabel(/email/i)).toHaveValue(CASEY.email);
    await expectNoAxeViolations(page);
  });

  test('log in, see the badge, open the panel: the badge goes to zero and the list shows', async ({ page }) => {
    await login(page, CASEY);
    const unread = await apiBadge(page);
    expect(unread).toBeGreaterThan(0);
    await expect(bell(page)).toHaveAccessibleName(new RegExp(`${unread} unread`));
    await expect(bell(page).getByText(String(unread), { exact: true })).toBeVisible();

    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    // Desktop: a dropdown 480 px wide, at most 70vh (or 600 px) high.
    const viewport = page.viewportSize()!;
    const dropdown = await page.getByRole('dialog', { name: 'Notifications' }).boundingBox();
    expect(dropdown!.width).toBe(480);
    expect(dropdown!.height).toBeLessThanOrEqual(Math.min(viewport.height * 0.7, 600) + 1);
    const all = await apiList(page);
    for (const n of all.slice(0, 3)) await expect(page.getByText(n.message)).toBeVisible();
    await expect.poll(() => apiBadge(page)).toBe(0);
    await expect(bell(page)).toHaveAccessibleName(/^Notifications$/);

    // Tabs by keyboard: arrow right selects "Action required" and lists only those.
    const allTab = page.getByRole('tab', { name: 'All' });
    await allTab.focus();
    await page.keyboard.press('ArrowRight');
    const actionTab = page.getByRole('tab', { name: 'Action required' });
    await expect(actionTab).toBeFocused();
    await expect(actionTab).toHaveAttribute('aria-selected', 'true');
    const actionOnly = await apiList(page, 'action_required');
    const readOnly = all.filter((n) => n.notificationType === 'read_only');
    await expect(page.getByText(actionOnly[0]!.message)).toBeVisible();
    await expect(page.getByText(readOnly[0]!.message)).toHaveCount(0);
    await page.keyboard.press('ArrowLeft');
    await expect(allTab).toHaveAttribute('aria-selected', 'true');

    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await expect(bell(page)).toBeFocused();
  });

  test('on a phone the panel is a full-screen modal dialog', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, CASEY);
    await bell(page).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const zIndex = await dialog.evaluate((el) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const z = getComputedStyle(node).zIndex;
        if (z !== 'auto') return z;
      }
      return 'auto';
    });
    expect(zIndex).toBe('1000');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(bell(page)).toBeFocused();
  });

  test('clicking a card marks it clicked and lands on its target, keeping the query', async ({ page }) => {
    await login(page, CASEY, '/careers?utm_source=newsletter&hl=en');
    const target = (await apiList(page)).find((n) => n.redirectUrl && n.redirectUrl.startsWith('/'));
    expect(target).toBeDefined();
    await bell(page).click();
    await Promise.all([page.waitForEvent('load'), page.getByText(target!.message).click()]);

    const landed = new URL(page.url());
    const expected = new URL(target!.redirectUrl!, landed.origin);
    expect(landed.pathname).toBe(expected.pathname);
    for (const [key, value] of expected.searchParams) expect(landed.searchParams.get(key)).toBe(value);
    expect(landed.searchParams.get('utm_source')).toBe('newsletter');
    expect(landed.searchParams.get('hl')).toBe('en');
    const after = (await apiList(page)).find((n) => n.id === target!.id);
    expect(after?.isClicked).toBe(true);
  });

  test('the badge refreshes every 5 minutes', async ({ page }) => {
    await page.clock.install();
    await login(page, CASEY);
    const before = await apiBadge(page);
    await expect(bell(page)).toHaveAccessibleName(before > 0 ? new RegExp(`${before} unread`) : /^Notifications$/);
    createNotification({
      email: CASEY.email,
      type: 'action_required',
      category: 'Forms',
      message: 'Please complete your background check form.',
      redirect: '/careers/forms?domain=acme.example',
    });
    await page.clock.fastForward('04:00');
    await expect(bell(page)).toHaveAccessibleName(before > 0 ? new RegExp(`${before} unread`) : /^Notifications$/);
    await page.clock.fastForward('01:05');
    await expect(bell(page)).toHaveAccessibleName(new RegExp(`${before + 1} unread`));
  });

  test('a second candidate sees only their own notifications', async ({ page, browser }) => {
    const casey = await browser.newPage();
    await login(casey, CASEY);
    const caseys = await apiList(casey);
    await casey.close();

    await login(page, OLIVE);
    const olives = await apiList(page);
    expect(olives.length).toBeGreaterThan(0);
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    for (const n of olives) await expect(page.getByText(n.message)).toBeVisible();
    for (const n of caseys) await expect(page.getByText(n.message)).toHaveCount(0);
    // Olive cannot mark Casey's notification either.
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    const res = await page.request.post(`/api/pcsx/notifications/${caseys[0]!.id}/mark_clicked`, {
      data: { domain: DOMAIN },
      headers: { 'x-csrf-token': csrf ?? '' },
    });
    expect(res.status()).toBe(404);
  });
});

test.describe('language and page parameters', () => {
  test('with hl=fr-CA the bell speaks French, and a debug parameter does not disturb the calls', async ({ page }) => {
    await login(page, CASEY, '/careers?hl=fr-CA&debug=1');
    const unread = await apiBadge(page);
    await expect(bell(page)).toHaveAccessibleName(new RegExp(`Notifications, ${unread} non lue`));
    await bell(page).click();
    await expect(page.getByRole('tab', { name: 'Toutes' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Action requise' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('federation and isolation', () => {
  test('a widget whose bundle answers 404 shows a fallback while the bell still works', async ({ page }) => {
    const missingWidget = {
      name: 'job-search',
      remoteEntry: '/widgets/job-search-missing/remoteEntry.js',
      scope: 'careers_job_search',
      module: './Widget',
      slot: 'e2e-extra-slot',
      activeWhen: ['/careers'],
    };
    // The manifest reaches the page in the page itself (written by the server) or, on a static page, fetched.
    await page.route('**/widgets/manifest.json', async (route) => {
      const res = await route.fetch();
      const manifest = (await res.json()) as { widgets: unknown[] };
      manifest.widgets.push(missingWidget);
      await route.fulfill({ response: res, json: manifest });
    });
    await page.route('**/careers**', async (route) => {
      if (route.request().resourceType() !== 'document' || route.request().method() !== 'GET') return route.fallback();
      const res = await route.fetch();
      const html = (await res.text()).replace(
        /(<script type="application\/json" id="careers-manifest">)([\s\S]*?)(<\/script>)/,
        (_all, open: string, json: string, close: string) => {
          const manifest = JSON.parse(json) as { widgets: unknown[] };
          manifest.widgets.push(missingWidget);
          return `${open}${JSON.stringify(manifest)}${close}`;
        },
      );
      await route.fulfill({ response: res, body: html });
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const slot = document.createElement('div');
        slot.id = 'e2e-extra-slot';
        document.querySelector('main')?.prepend(slot);
      });
    });
    await login(page, CASEY);
    // A fresh page load (the page the sign-in redirect lands on is not routed again).
    const missing = page.waitForResponse((r) => r.url().includes('/widgets/job-search-missing/remoteEntry.js'));
    await page.goto('/careers');
    expect((await missing).status()).toBe(404);
    await expect(page.locator('#e2e-extra-slot').getByRole('status')).toContainText(
      'This section is unavailable right now.',
    );
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
  });

  test("a page without the bell's slot downloads nothing of the bell, and the rest works", async ({ page }) => {
    await login(page, CASEY);
    await page.route('**/careers/**', async (route) => {
      if (route.request().resourceType() !== 'document' || route.request().method() !== 'GET') return route.fallback();
      const res = await route.fetch();
      // The employer's page as its server would render it without the slot: no slot, so no preload of the bell
      // either (the careers server leaves those out for a template without the slot; see server/test/page-plan).
      // Nor the careers navbar's slot: where the navbar is drawn it holds the bell, and adds the bell's slot.
      const html = (await res.text())
        .replace('<div id="candidate-notification-trigger"></div>', '')
        .replace('id="careers-navbar"', 'id="employer-navbar"')
        .replace(/<link rel="preload" as="script" href="\/widgets\/notifications\/[^"]*">/g, '');
      await route.fulfill({ response: res, body: html });
    });
    const bellRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/widgets/notifications/') || request.url().includes('/api/pcsx/notification')) {
        bellRequests.push(request.url());
      }
    });
    await page.goto(`/careers/offers?domain=${DOMAIN}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(bellRequests).toEqual([]);
    await expect(bell(page)).toHaveCount(0);
  });

  // After each route change (docs/product/shell.md#page-slots) the bell's element is looked for every 300 ms, up to 30
  // times. Here the employer's front end adds it 2.5 s after load, in its own header, while the careers navbar is drawn
  // (which had put a stand-in element of its own in its bell place): the navbar takes the employer's element instead,
  // so the page holds one element with that id, in the navbar, with the bell in it (docs/decisions/012-http-alerts.md).
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`a bell slot the employer adds 2.5 s after load gets the bell, in the navbar (${viewport.name})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await login(page, CASEY);
      await page.route('**/careers**', async (route) => {
        if (route.request().resourceType() !== 'document' || route.request().method() !== 'GET')
          return route.fallback();
        const res = await route.fetch();
        const html = (await res.text()).replace('<div id="candidate-notification-trigger"></div>', '');
        await route.fulfill({ response: res, body: html });
      });
      await page.addInitScript(() => {
        window.addEventListener('load', () => {
          setTimeout(() => {
            const slot = document.createElement('div');
            slot.id = 'candidate-notification-trigger';
            document.querySelector('.acme-header__actions')?.prepend(slot);
          }, 2500);
        });
      });
      await page.goto(`/careers/dashboard?domain=${DOMAIN}`);
      // The careers navbar is drawn (on a phone its links fold into the Menu).
      await expect(page.locator('#careers-navbar header.cw-shell-navbar')).toBeVisible();
      // Past the moment the employer's element arrives, and past the next look for it.
      await page.waitForFunction(() => performance.now() > 4000);
      await expect(bell(page)).toBeVisible();
      await expect(page.locator('#candidate-notification-trigger')).toHaveCount(1);
      // The one element is the employer's (added late), shown in the navbar's bell place.
      const inNavbar = await page.evaluate(() => {
        const slot = document.getElementById('candidate-notification-trigger');
        return {
          inNavbar: slot?.closest('#careers-navbar') !== null,
          hasBell: slot?.querySelector('[data-careers-widget="notifications"]') !== null,
        };
      });
      expect(inNavbar).toEqual({ inNavbar: true, hasBell: true });
      await page.screenshot({ path: testInfo.outputPath(`late-bell-slot-${viewport.name}.png`) });
      await bell(page).click();
      await expect(panel(page)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`late-bell-slot-${viewport.name}-open.png`) });
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      // A route change keeps the one bell.
      await page.evaluate((domain) => {
        (window as unknown as { singleSpaNavigate: (url: string) => void }).singleSpaNavigate(
          `/careers/offers?domain=${domain}`,
        );
      }, DOMAIN);
      await expect(page).toHaveURL(/\/careers\/offers/);
      await expect(bell(page)).toBeVisible();
      await expect(page.locator('#candidate-notification-trigger')).toHaveCount(1);
    });
  }

  test("the bell's own bundle failing leaves a small notice in its slot and the page working", async ({ page }) => {
    await page.route('**/widgets/notifications/remoteEntry.js', (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    await login(page, CASEY);
    await expect(page.locator('#candidate-notification-trigger').getByRole('status')).toBeVisible();
    await page.getByRole('link', { name: 'Offers' }).click();
    await expect(page).toHaveURL(/\/careers\/offers/);
  });

  test('a widget that throws while mounting shows the notice in its own slot', async ({ page }) => {
    await page.route('**/widgets/notifications/remoteEntry.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.careers_notifications = {
          init: function () {},
          get: function () {
            return Promise.resolve(function () {
              return {
                bootstrap: function () { return Promise.resolve(); },
                mount: function () { return Promise.reject(new Error('broken on purpose')); },
                unmount: function () { return Promise.resolve(); }
              };
            });
          }
        };`,
      }),
    );
    await login(page, CASEY);
    await expect(page.locator('#candidate-notification-trigger').getByRole('status')).toContainText(
      'This section is unavailable right now.',
    );
    await expect(page.getByRole('heading', { name: /build robots/i })).toBeVisible();
  });

  test('the page holds exactly one React and the host stylesheet does not reach the bell', async ({ page }) => {
    await page.addInitScript(() => {
      const renderers: unknown[] = [];
      (window as unknown as Record<string, unknown>).__careersRenderers = renderers;
      (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        renderers: new Map(),
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
    await login(page, CASEY);
    await expect(bell(page)).toBeVisible();
    await bell(page).click();
    await expect(panel(page)).toBeVisible();
    const copies = await page.evaluate(
      () => ((window as unknown as Record<string, unknown[]>).__careersRenderers ?? []).length,
    );
    expect(copies).toBe(1);

    const style = await bell(page).evaluate((el) => {
      const cs = getComputedStyle(el);
      return { textTransform: cs.textTransform, background: cs.backgroundColor, borderWidth: cs.borderTopWidth };
    });
    expect(style.textTransform).toBe('none');
    expect(style.background).not.toBe('rgb(242, 177, 52)');
    expect(style.borderWidth).not.toBe('3px');
  });
});
