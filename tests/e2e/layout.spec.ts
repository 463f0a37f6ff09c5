import { expect, test, type Page } from '@playwright/test';
import { CASEY, DOMAIN, login } from './support';

/**
 * Nothing jumps as the widgets arrive: on a phone-sized screen, with every request slowed a little (so the page
 * is drawn before the widgets, as on a real network), the cumulative layout shift of the first load stays at
 * most 0.02 on every page, signed in and signed out. This measures layout, never time.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

const CLS_LIMIT = 0.02;

async function layoutShiftOf(page: Page, path: string): Promise<{ cls: number; sources: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts?: Array<{ value: number; sources: string[] }> };
    // One observer per document, however many pages of the test installed this script.
    if (w.__shifts) return;
    const shifts: Array<{ value: number; sources: string[] }> = [];
    w.__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node | null }>;
      }>) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node as Element | null | undefined;
          return node ? `${node.nodeName}#${node.id}.${typeof node.className === 'string' ? node.className : ''}` : '?';
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    await route.continue();
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Let the widgets finish drawing what they fetched.
  await page.waitForTimeout(500);
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts,
  );
  await page.unroute('**/*');
  return { cls: shifts.reduce((sum, s) => sum + s.value, 0), sources: shifts.flatMap((s) => s.sources) };
}

test.describe('layout stability (CLS)', () => {
  for (const path of ['/careers', '/careers/offers', '/careers/_catalogue']) {
    test(`signed out, ${path}`, async ({ page }) => {
      const { cls, sources } = await layoutShiftOf(page, `${path}?domain=${DOMAIN}`);
      expect(cls, `shifted: ${sources.join(', ')}`).toBeLessThanOrEqual(CLS_LIMIT);
    });
  }

  test('signed in: /careers, the offers list (hero image), an offer, the dashboard and the profile', async ({
    page,
  }) => {
    await login(page, CASEY);
    const offers = (await (await page.request.get(`/api/offer/offers?domain=${DOMAIN}`)).json()) as {
      data: { offers: Array<{ enc_id: string }> };
    };
    const id = offers.data.offers[0]!.enc_id;
    for (const path of [
      '/careers',
      '/careers/offers',
      `/careers/offer/${id}`,
      '/careers/dashboard',
      '/careers/profile',
    ]) {
      const { cls, sources } = await layoutShiftOf(page, `${path}?domain=${DOMAIN}`);
      expect(cls, `${path} shifted: ${sources.join(', ')}`).toBeLessThanOrEqual(CLS_LIMIT);
    }
  });
});

/**
 * No waterfall: the first screen's GET calls (the page server plans them from shared/src/contract/first-screen.ts,
 * the widgets make them with the same builders) are answered in the page, so the widgets do not ask the network
 * for them. If a widget's address and the page's ever differ, the widget's request shows here.
 */
test.describe('the first screen is answered in the page', () => {
  test('signed in: the offers list, an offer, the profile, the bell and its badge come with the page', async ({
    page,
  }) => {
    await login(page, CASEY);
    const offers = (await (await page.request.get(`/api/offer/offers?domain=${DOMAIN}`)).json()) as {
      data: { offers: Array<{ enc_id: string; offer: { position_name?: string } }> };
    };
    const id = offers.data.offers[0]!.enc_id;
    const planned: Record<string, string[]> = {
      '/careers/offers': [`/api/offer/offers?domain=${DOMAIN}`],
      [`/careers/offer/${id}`]: [`/api/offer/${id}?domain=${DOMAIN}`],
      '/careers/profile': [
        `/api/pcsx/profile_details?domain=${DOMAIN}`,
        `/api/pcsx/profile_analysis?domain=${DOMAIN}&hl=en`,
      ],
    };
    for (const [path, pageCalls] of Object.entries(planned)) {
      const requested: string[] = [];
      const listener = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) requested.push(`${url.pathname}${url.search}`);
      };
      page.on('request', listener);
      await page.goto(`${path}?domain=${DOMAIN}`);
      await expect(page.locator('#careers-main h1').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /notifications/i })).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('request', listener);
      const answeredInPage = [
        '/api/pcsx/notifications_boot_data',
        `/api/pcsx/notification_badge?domain=${DOMAIN}`,
        ...pageCalls,
      ];
      expect(requested.filter((call) => answeredInPage.includes(call))).toEqual([]);
    }
  });

  test('a position page: its details, overrides, insights and (signed in) match details come with the page', async ({
    page,
  }) => {
    const search = (await (await page.request.get(`/api/pcsx/search?domain=${DOMAIN}`)).json()) as {
      data: { positions: Array<{ id: number; name: string }> };
    };
    const position = search.data.positions[0]!;
    const calls = (names: string[]) =>
      names.map((name) =>
        name === 'overrides'
          ? `/api/pcsx/overrides?position_id=${position.id}&domain=${DOMAIN}`
          : `/api/pcsx/${name}?position_id=${position.id}&domain=${DOMAIN}&hl=en`,
      );
    for (const signedIn of [false, true]) {
      if (signedIn) await login(page, CASEY);
      const requested: string[] = [];
      const listener = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) requested.push(`${url.pathname}${url.search}`);
      };
      page.on('request', listener);
      await page.goto(`/careers/job/${position.id}?domain=${DOMAIN}`);
      await expect(page.locator('#careers-main h1').first()).toHaveText(position.name);
      await page.waitForLoadState('networkidle');
      page.off('request', listener);
      const answeredInPage = calls([
        'position_details',
        'overrides',
        'position_insights',
        ...(signedIn ? ['match_details'] : []),
      ]);
      expect([signedIn, requested.filter((call) => answeredInPage.includes(call))]).toEqual([signedIn, []]);
    }
  });
});
