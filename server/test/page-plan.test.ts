/**
 * The host page plans the first screen: the manifest in the page, the slots a widget fills (so the page's CSS
 * keeps their room), and the first screen's API answers in the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BootData, Manifest } from '../src/contract';
import { planPage, slotsOf, type PagePreloads } from '../src/web/page-plan';
import { DEMO_CANDIDATE_EMAIL, DEMO_DOMAIN, DEMO_OTHER_EMAIL, TestClient, useTestApp, signedIn } from './helpers';

const MANIFEST: Manifest = {
  widgets: [
    {
      name: 'notifications',
      remoteEntry: '/widgets/notifications/remoteEntry.js',
      scope: 'careers_notifications',
      module: './Widget',
      slot: 'candidate-notification-trigger',
      activeWhen: ['/careers'],
    },
    {
      name: 'offers',
      remoteEntry: '/widgets/offers/remoteEntry.js',
      scope: 'careers_offers',
      module: './Widget',
      slot: 'careers-main',
      activeWhen: 'routes',
    },
    {
      name: 'onboarding',
      remoteEntry: '/widgets/onboarding/remoteEntry.js',
      scope: 'careers_onboarding',
      module: './Widget',
      slot: 'careers-gate',
      activeWhen: ['/careers'],
    },
  ],
};

function boot(overrides: Partial<BootData> = {}): BootData {
  return {
    groupId: DEMO_DOMAIN,
    isLoggedIn: true,
    user: { id: 'u', email: 'e@example.com' },
    profile: null,
    pcsxConfig: {},
    behaviourFlags: {},
    notificationsConfig: { enabled: true, hasActionRequiredNotificationsConfigured: true },
    supportedLanguages: ['en'],
    language: 'en',
    manifestUrl: '/widgets/manifest.json',
    ...overrides,
  };
}

describe('planPage', () => {
  it('a signed-in offers page: the page slot and the bell keep their room; the offers list is answered in the page', () => {
    const plan = planPage(MANIFEST, '/careers/offers', boot());
    expect(plan.page).toBe('offers');
    expect(plan.home).toBe(false);
    expect(plan.widgets).toEqual(['notifications', 'offers', 'onboarding']);
    expect(plan.slots.sort()).toEqual(['candidate-notification-trigger', 'careers-main']);
    expect(plan.firstScreenCalls).toEqual([
      '/api/pcsx/notifications_boot_data',
      `/api/pcsx/notification_badge?domain=${DEMO_DOMAIN}`,
      `/api/offer/offers?domain=${DEMO_DOMAIN}`,
    ]);
    const withTerms = boot({ pcsxConfig: { termsOfServiceConfig: { enabled: true } } });
    expect(planPage(MANIFEST, '/careers', withTerms).firstScreenCalls).toContain(
      `/api/pcsx/terms_of_service?domain=${DEMO_DOMAIN}`,
    );
  });

  it('the shell: its slots and parts follow the branding, the page and whether the candidate is signed in', () => {
    const withShell: Manifest = {
      widgets: [
        ...MANIFEST.widgets,
        {
          name: 'shell',
          remoteEntry: '/widgets/shell/remoteEntry.js',
          scope: 'careers_shell',
          module: './Widget',
          slot: 'careers-navbar',
          activeWhen: ['/careers'],
        },
      ],
    };
    const branding = {
      companyName: 'Acme',
      customNavbarConfig: { enable: true, showInLoggedinView: false },
      heroImageConfig: { imageUrl: '/hero.svg', pages: ['offers'] },
    };
    const slots = new Set(['careers-main', 'careers-navbar', 'careers-banner', 'careers-footer']);
    const signedIn = planPage(withShell, '/careers/offers', boot({ pcsxConfig: { branding } }), null, slots);
    expect(signedIn.widgets).toContain('shell');
    expect(signedIn.shell).toBe('navbar hero footer');
    expect(signedIn.slots.sort()).toEqual(['careers-banner', 'careers-footer', 'careers-main', 'careers-navbar']);
    // The hero is the page's largest paint: preloaded with the page; not where it is not drawn or has no slot.
    expect(signedIn.heroImage).toBe('/hero.svg');
    expect(
      planPage(withShell, '/careers/profile', boot({ pcsxConfig: { branding } }), null, slots).heroImage,
    ).toBeNull();
    const noBannerSlot = new Set(['careers-main', 'careers-navbar']);
    expect(
      planPage(withShell, '/careers/offers', boot({ pcsxConfig: { branding } }), null, noBannerSlot).heroImage,
    ).toBeNull();
    const visitor = boot({ isLoggedIn: false, user: null, pcsxConfig: { branding } });
    const home = planPage(withShell, '/careers', visitor, null, slots);
    expect(home.shell).toBe('footer');
    expect(home.slots).not.toContain('careers-navbar');
    expect(home.slots).not.toContain('careers-banner');
    // A page with none of the shell's slots does not load it.
    expect(planPage(withShell, '/careers', visitor, null, new Set(['careers-main'])).widgets).not.toContain('shell');
    expect(planPage(withShell, '/careers', visitor, null, new Set(['careers-main'])).shell).toBe('');
  });

  it('an offer page asks for that offer, as the widget does', () => {
    const offerCalls = (path: string) =>
      planPage(MANIFEST, path, boot()).firstScreenCalls.filter((call) => call.startsWith('/api/offer'));
    expect(offerCalls('/careers/offer/AbC_12-x')).toEqual([`/api/offer/AbC_12-x?domain=${DEMO_DOMAIN}`]);
    expect(offerCalls('/careers/offer/AbC/offer-document/3')).toEqual([`/api/offer/AbC?domain=${DEMO_DOMAIN}`]);
    expect(offerCalls('/careers/offer/a%20b')).toEqual([]);
  });

  it('a position page asks for the position as the search widget does, signed out too', () => {
    const q = (id: string, hl?: string) => `position_id=${id}&domain=${DEMO_DOMAIN}${hl ? `&hl=${hl}` : ''}`;
    const positionCalls = (path: string, data: BootData, search = '') =>
      planPage(MANIFEST, path, data, null, null, search).firstScreenCalls.filter((call) => call.includes('position'));
    const out = boot({ isLoggedIn: false, user: null, language: 'fr-CA' });
    expect(positionCalls('/careers/job/42', out)).toEqual([
      `/api/pcsx/position_details?${q('42', 'fr-CA')}`,
      `/api/pcsx/overrides?${q('42')}`,
      `/api/pcsx/position_insights?${q('42', 'fr-CA')}`,
    ]);
    // Signed in: match details too; the employer may hide insights and match details.
    expect(positionCalls('/careers/job/private', boot(), '?pid=0042x')).toEqual([
      `/api/pcsx/position_details?${q('42', 'en')}`,
      `/api/pcsx/overrides?${q('42')}`,
      `/api/pcsx/position_insights?${q('42', 'en')}`,
      `/api/pcsx/match_details?${q('42', 'en')}`,
    ]);
    const hidden = boot({ pcsxConfig: { positionDetailsConfig: { showInsights: false, showMatchDetails: false } } });
    expect(positionCalls('/careers/job/7', hidden)).toEqual([
      `/api/pcsx/position_details?${q('7', 'en')}`,
      `/api/pcsx/overrides?${q('7')}`,
    ]);
    expect(positionCalls('/careers/job/abc', boot())).toEqual([]);
    expect(positionCalls('/careers/job/0', boot())).toEqual([]);
  });

  it('signed out on a protected page: the sign-in gate takes the page slot, no widget code and no call for the page', () => {
    const plan = planPage(MANIFEST, '/careers/offers', boot({ isLoggedIn: false, user: null }));
    expect(plan.widgets).toEqual(['notifications', 'onboarding']);
    expect(plan.slots).toEqual(['careers-main']);
    expect(plan.firstScreenCalls).toEqual([]);
  });

  it('the careers home with no page widget built keeps no room; the bell only when notifications are on', () => {
    expect(planPage(MANIFEST, '/careers', boot()).slots).toEqual(['candidate-notification-trigger']);
    expect(planPage(MANIFEST, '/careers/', boot()).home).toBe(true);
    const off = boot({ notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false } });
    expect(planPage(MANIFEST, '/careers', off).slots).toEqual([]);
    expect(planPage(null, '/careers/offers', boot())).toMatchObject({ manifest: null, widgets: [], slots: [] });
  });
});

describe('preloads', () => {
  const preloads: PagePreloads = {
    routes: {
      '/careers/offers': {
        in: ['/widgets/root-config/806.a.js', '/widgets/offers/remoteEntry.js', '/widgets/offers/488.b.js'],
        out: ['/widgets/root-config/806.a.js'],
      },
      '/careers/:query?/:location?': { in: ['/widgets/notifications/remoteEntry.js'], out: [] },
    },
    other: { in: ['/widgets/root-config/806.a.js'], out: ['/widgets/root-config/806.a.js'] },
  };

  it("takes the route's scripts for a signed-in candidate or a visitor, from the build's file", () => {
    expect(planPage(MANIFEST, '/careers/offers', boot(), preloads).preloads).toEqual(
      preloads.routes['/careers/offers']!.in,
    );
    // Signed out, the offers page shows the sign-in gate over the employer's page: nothing to preload.
    expect(planPage(MANIFEST, '/careers/offers', boot({ isLoggedIn: false }), preloads).preloads).toEqual([]);
    // Where no page widget draws the page (search is not built yet), the employer's content comes first.
    expect(planPage(MANIFEST, '/careers/nurse', boot(), preloads).preloads).toEqual([]);
    expect(planPage(MANIFEST, '/elsewhere', boot(), preloads).preloads).toEqual([]);
    expect(planPage(MANIFEST, '/careers/offers', boot(), null).preloads).toEqual([]);
  });

  it('leaves out a widget the deployed manifest serves from elsewhere', () => {
    const moved: Manifest = {
      widgets: MANIFEST.widgets.map((w) =>
        w.name === 'offers' ? { ...w, remoteEntry: 'https://cdn.example/offers/remoteEntry.js' } : w,
      ),
    };
    expect(planPage(moved, '/careers/offers', boot(), preloads).preloads).toEqual(['/widgets/root-config/806.a.js']);
  });

  it('loads and preloads nothing for a widget whose slot the page does not have', () => {
    const withBell: PagePreloads = {
      routes: {
        '/careers/offers': {
          in: [
            '/widgets/root-config/806.a.js',
            '/widgets/notifications/remoteEntry.js',
            '/widgets/offers/remoteEntry.js',
          ],
          out: [],
        },
      },
      other: { in: [], out: [] },
    };
    const noBell = slotsOf('<main><div id="careers-main"></div><div id=\'careers-gate\'></div></main>');
    const plan = planPage(MANIFEST, '/careers/offers', boot(), withBell, noBell);
    expect(plan.widgets).toEqual(['offers', 'onboarding']);
    expect(plan.slots).toEqual(['careers-main']);
    expect(plan.preloads).toEqual(['/widgets/root-config/806.a.js', '/widgets/offers/remoteEntry.js']);
    expect(plan.firstScreenCalls.some((call) => call.includes('notification'))).toBe(false);
  });

  it('never preloads anything but widget scripts on this site', () => {
    const hostile: PagePreloads = {
      routes: {
        '/careers/offers': {
          in: ['https://evil.example/x.js', '/widgets/../admin.js', '/widgets/a.css', '/widgets/ok/1.js'],
          out: [],
        },
      },
      other: { in: [], out: [] },
    };
    expect(planPage(MANIFEST, '/careers/offers', boot(), hostile).preloads).toEqual(['/widgets/ok/1.js']);
  });
});

describe('the host page', () => {
  const ctx = useTestApp();
  const manifestFile = () => path.join(ctx.config.distDir, 'widgets', 'manifest.json');

  beforeAll(() => {
    fs.mkdirSync(path.dirname(manifestFile()), { recursive: true });
    fs.writeFileSync(manifestFile(), JSON.stringify(MANIFEST));
    const preloads: PagePreloads = {
      routes: { '/careers/offers': { in: ['/widgets/offers/remoteEntry.js'], out: [] } },
      other: { in: [], out: [] },
    };
    fs.writeFileSync(path.join(path.dirname(manifestFile()), 'preloads.json'), JSON.stringify(preloads));
  });

  const element = (html: string, id: string) => {
    const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
    return match ? (JSON.parse(match[1]!) as unknown) : null;
  };

  it('carries the manifest, the page and its filled slots, and the offers answer the API gives the candidate', async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const page = await client.get(`/careers/offers?domain=${DEMO_DOMAIN}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html lang="en" dir="ltr" data-careers-page="offers" data-careers-slots="[a-z -]+">/);
    expect(/data-careers-slots="([^"]*)"/.exec(page.body)![1]!.split(' ').sort()).toEqual([
      'candidate-notification-trigger',
      'careers-main',
    ]);
    expect(element(page.body, 'careers-manifest')).toEqual(MANIFEST);
    expect(page.body).toContain('<link rel="preload" as="script" href="/widgets/offers/remoteEntry.js">');
    const answers = (element(page.body, 'careers-page-data') as { answers: Record<string, unknown> }).answers;
    const expected = [
      '/api/pcsx/notifications_boot_data',
      `/api/pcsx/notification_badge?domain=${DEMO_DOMAIN}`,
      `/api/offer/offers?domain=${DEMO_DOMAIN}`,
      `/api/pcsx/terms_of_service?domain=${DEMO_DOMAIN}`,
    ];
    expect(Object.keys(answers).sort()).toEqual([...expected].sort());
    for (const url of expected) expect([url, answers[url]]).toEqual([url, (await client.get(url)).json()]);
  });

  it("answers the profile page's profile and its analysis in the page's language, as the API gives them", async () => {
    const client = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    for (const hl of ['en', 'fr-CA']) {
      const page = await client.get(`/careers/profile?domain=${DEMO_DOMAIN}&hl=${hl}`);
      expect(page.statusCode).toBe(200);
      const answers = (element(page.body, 'careers-page-data') as { answers: Record<string, unknown> }).answers;
      const expected = [
        `/api/pcsx/profile_details?domain=${DEMO_DOMAIN}`,
        `/api/pcsx/profile_analysis?domain=${DEMO_DOMAIN}&hl=${encodeURIComponent(hl)}`,
      ];
      for (const url of expected) expect([url, answers[url]]).toEqual([url, (await client.get(url)).json()]);
    }
    const anonymous = await new TestClient(ctx.app).get(`/careers/profile?domain=${DEMO_DOMAIN}`);
    expect(element(anonymous.body, 'careers-page-data')).toBeNull();
  });

  it('writes no answer for a signed-out visitor, nor for an offer that is not the candidate’s', async () => {
    const anonymous = await new TestClient(ctx.app).get(`/careers/offers?domain=${DEMO_DOMAIN}`);
    expect(element(anonymous.body, 'careers-page-data')).toBeNull();
    expect(anonymous.body).toContain('data-careers-slots="careers-main"');

    const casey = await signedIn(ctx.app, DEMO_CANDIDATE_EMAIL);
    const offers = (await casey.get(`/api/offer/offers?domain=${DEMO_DOMAIN}`)).json() as {
      data: { offers: Array<{ enc_id: string }> };
    };
    const olive = await signedIn(ctx.app, DEMO_OTHER_EMAIL);
    const id = offers.data.offers[0]!.enc_id;
    const page = await olive.get(`/careers/offer/${id}?domain=${DEMO_DOMAIN}`);
    expect(page.statusCode).toBe(200);
    const answers = (element(page.body, 'careers-page-data') as { answers: Record<string, unknown> } | null)?.answers;
    expect(Object.keys(answers ?? {}).filter((url) => url.startsWith('/api/offer'))).toEqual([]);
  });

  it('marks the careers home for the landing content', async () => {
    const page = await new TestClient(ctx.app).get('/careers');
    expect(page.body).toMatch(/<html [^>]*data-careers-home[ >]/);
  });
});
