import {
  heldForLogin,
  isWidgetActive,
  matchRoute,
  positionIdOf,
  requiresLogin,
  ROUTES,
  leadingInteger,
  sitePath,
  siteQuery,
  atSiteBase,
  normaliseSiteBase,
  setSiteBase,
  siteBase,
  tablePath,
} from './routes';

/** Every route (docs/product/routes-and-access.md#route-table), with its page identifier, widget and access. */
const TABLE: Array<[path: string, page: string, widget: string | null, protectedRoute: boolean]> = [
  ['/careers/profile', 'profile', 'dashboard', true],
  ['/careers/dashboard', 'dashboard', 'dashboard', true],
  ['/careers/dashboardv2', 'dashboard', 'dashboard', true],
  ['/careers/settings', 'settings', 'dashboard', true],
  ['/careers/export-resume', 'exportResume', 'dashboard', true],
  ['/careers/apply', 'applyPage', 'forms', false],
  ['/careers/apply/private', 'applyPage', 'forms', false],
  ['/careers/job/private', 'singlePosition', 'search', false],
  ['/careers/job/123-senior-nurse', 'singlePosition', 'search', false],
  ['/careers/job', 'singlePosition', 'search', false],
  ['/logout', 'logout', null, false],
  ['/careers/login', 'login', null, false],
  ['/careers/forms/center', 'documentCenter', 'forms', true],
  ['/careers/forms', 'formView', 'forms', false],
  ['/careers/forms/42', 'formView', 'forms', false],
  ['/careers/applications', 'applications', 'dashboard', true],
  ['/careers/saved-jobs', 'savedJobs', 'dashboard', true],
  ['/careers/interviews', 'interviews', 'dashboard', true],
  ['/careers/onboarding', 'onboarding', 'forms', true],
  ['/careers/offers', 'offers', 'offers', true],
  ['/careers/offer/abc123', 'offer', 'offers', true],
  ['/careers/offer/abc123/offer-document/7', 'offer', 'offers', true],
  ['/careers/offer-letter/abc123', 'offerLetter', 'offers', true],
  ['/careers/search', 'jobs', 'search', false],
  ['/careers', 'jobs', 'search', false],
  ['/careers/nurse', 'jobs', 'search', false],
  ['/careers/registered-nurse/new_york', 'jobs', 'search', false],
];

describe('the route table', () => {
  it.each(TABLE)('%s is page %s, rendered by %s (protected: %s)', (path, page, widget, protectedRoute) => {
    const match = matchRoute(path);
    expect(match).not.toBeNull();
    expect(match!.route.page).toBe(page);
    expect(match!.route.widget).toBe(widget);
    expect(requiresLogin(match!.route)).toBe(protectedRoute);
  });

  it('has one entry per pattern', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('ignores trailing and doubled slashes', () => {
    expect(matchRoute('/careers/profile/')?.route.page).toBe('profile');
    expect(matchRoute('/careers//offers/')?.route.page).toBe('offers');
  });

  it('lets specific routes win over the catch-all, whatever their order', () => {
    expect(matchRoute('/careers/offers')?.route.widget).toBe('offers');
    expect(matchRoute('/careers/forms/center')?.route.page).toBe('documentCenter');
    expect(matchRoute('/careers/job/12')?.route.page).toBe('singlePosition');
  });

  it('does not take a search that merely starts like a route for that route', () => {
    expect(matchRoute('/careers/profiles-manager')?.route.page).toBe('jobs');
    expect(matchRoute('/careers/offerings/boston')?.route.page).toBe('jobs');
  });

  it('gives the catch-all its query and location, decoded', () => {
    expect(matchRoute('/careers/software%20engineer/seattle')?.params).toEqual({
      query: 'software engineer',
      location: 'seattle',
    });
    expect(matchRoute('/careers')?.params).toEqual({});
  });

  it('matches nothing for other addresses and malformed escapes', () => {
    expect(matchRoute('/')).toBeNull();
    expect(matchRoute('/careers/a/b/c')).toBeNull();
    expect(matchRoute('/careers/%E0%A4%A')).toBeNull();
  });

  it('asks for sign-in on apply only when logged-out apply is disabled', () => {
    const apply = matchRoute('/careers/apply')!.route;
    expect(requiresLogin(apply, { disableLoggedOutApply: true })).toBe(true);
    expect(requiresLogin(apply, { disableLoggedOutApply: false })).toBe(false);
  });
});

describe('positionIdOf', () => {
  const url = (path: string) => new URL(path, 'http://localhost');
  it('takes the leading integer of the path, else of ?pid=', () => {
    expect(positionIdOf(url('/careers/job/123-some-slug'))).toBe('123');
    expect(positionIdOf(url('/careers/job/private?pid=77-x'))).toBe('77');
    expect(positionIdOf(url('/careers/apply?pid=5'))).toBe('5');
    expect(positionIdOf(url('/careers/job/slug-only'))).toBeNull();
    expect(positionIdOf(url('/careers'))).toBeNull();
    expect(leadingInteger('x1')).toBeNull();
  });
});

describe('isWidgetActive and heldForLogin (the one activity rule)', () => {
  const signedIn = { isLoggedIn: true };
  const signedOut = { isLoggedIn: false };
  const offers = { name: 'offers', activeWhen: 'routes' as const };
  const bell = { name: 'notifications', activeWhen: ['/careers'] };

  it('a page widget on its routes, held back while signed out on a protected one', () => {
    expect(isWidgetActive(offers, '/careers/offers', signedIn)).toBe(true);
    expect(isWidgetActive(offers, '/careers/offers', signedOut)).toBe(false);
    expect(heldForLogin('/careers/offers', signedOut)).toBe(true);
    expect(isWidgetActive(offers, '/careers/nurse', signedIn)).toBe(false);
    expect(heldForLogin('/careers/apply', signedOut)).toBe(false);
    expect(
      heldForLogin('/careers/apply', { isLoggedIn: false, applyFormConfig: { disableLoggedOutApply: true } }),
    ).toBe(true);
  });

  it('a persistent widget under its prefixes only, "/" everywhere', () => {
    expect(isWidgetActive(bell, '/careers/offers/1', signedOut)).toBe(true);
    expect(isWidgetActive(bell, '/careers', signedOut)).toBe(true);
    expect(isWidgetActive(bell, '/careersx', signedOut)).toBe(false);
    expect(isWidgetActive({ name: 'x', activeWhen: ['/'] }, '/anything', signedOut)).toBe(true);
    expect(isWidgetActive({ name: 'x', activeWhen: [] }, '/careers', signedOut)).toBe(false);
  });
});

describe('sitePath (addresses from the route table)', () => {
  it('fills parameters, percent-encoding each as one segment', () => {
    expect(sitePath('/careers/offer/:id', { id: 'ab12' }, { domain: 'acme.example' })).toBe(
      '/careers/offer/ab12?domain=acme.example',
    );
    expect(sitePath('/careers/offer/:id/offer-document/:documentId', { id: 'a/b c', documentId: 7 })).toBe(
      '/careers/offer/a%2Fb%20c/offer-document/7',
    );
    expect(sitePath('/careers/offers')).toBe('/careers/offers');
    expect(sitePath('/logout', {}, { next: '/careers' })).toBe('/logout?next=%2Fcareers');
  });

  it('leaves absent optional segments out', () => {
    expect(sitePath('/careers/job/:pid?')).toBe('/careers/job');
    expect(sitePath('/careers/job/:pid?', { pid: 12 })).toBe('/careers/job/12');
    expect(sitePath('/careers/forms/:formId?', { formId: null })).toBe('/careers/forms');
    expect(sitePath('/careers/:query?/:location?', {}, { domain: 'acme.example' })).toBe(
      '/careers?domain=acme.example',
    );
    expect(sitePath('/careers/:query?/:location?', { query: 'nurse', location: 'new york' })).toBe(
      '/careers/nurse/new%20york',
    );
  });

  it('refuses an address that would be another page', () => {
    expect(() => sitePath('/careers/offer/:id', { id: '' })).toThrow(':id');
    expect(() => sitePath('/careers/:query?/:location?', { location: 'boston' })).toThrow(':location without :query');
  });

  it('builds addresses the route table reads back as the same page and parameters', () => {
    const built = sitePath('/careers/offer/:id/offer-document/:documentId', { id: 'x y', documentId: 3 });
    const match = matchRoute(built)!;
    expect(match.route.path).toBe('/careers/offer/:id/offer-document/:documentId');
    expect(match.params).toEqual({ id: 'x y', documentId: '3' });
  });

  it('type-checks parameters against the pattern', () => {
    // @ts-expect-error an offer needs its id
    expect(() => sitePath('/careers/offer/:id')).toThrow();
    // @ts-expect-error `offerId` is not a parameter of the pattern
    expect(() => sitePath('/careers/offer/:id', { offerId: 'a' })).toThrow();
    // @ts-expect-error the offers page has no parameters
    expect(sitePath('/careers/offers', { id: 'a' })).toBe('/careers/offers');
    // @ts-expect-error not a pattern of the route table
    expect(sitePath('/careers/offer/abc')).toBe('/careers/offer/abc');
  });
});

describe('siteQuery', () => {
  it('writes names in alphabetical order and leaves empty values out', () => {
    expect(siteQuery({ tab: 'completed', next: '', domain: 'acme.example', hl: undefined, pid: null })).toBe(
      '?domain=acme.example&tab=completed',
    );
    expect(siteQuery({})).toBe('');
    expect(siteQuery()).toBe('');
  });

  it('encodes values as URLSearchParams does, and joins a list with bare commas', () => {
    expect(siteQuery({ next: "/careers/job/1?x=a b&y=(it's)!~*" })).toBe(
      `?${new URLSearchParams({ next: "/careers/job/1?x=a b&y=(it's)!~*" }).toString()}`,
    );
    expect(siteQuery({ pid: [1, 22, 'a,b'] })).toBe('?pid=1,22,a%2Cb');
    expect(siteQuery({ pid: [] })).toBe('');
  });
});

describe('a base path other than /careers (docs/product/shell.md#any-path)', () => {
  afterEach(() => setSiteBase('/careers'));

  it('normalises what an employer writes, and refuses what is no path', () => {
    expect(normaliseSiteBase('jobs/')).toBe('/jobs');
    expect(normaliseSiteBase(' /en//careers/ ')).toBe('/en/careers');
    expect(normaliseSiteBase('/')).toBe('');
    for (const bad of ['/jobs?x=1', '/jobs#top', 'https://www.acme.example/jobs', '//cdn/jobs', '/a/../b', '/a b'])
      expect(() => normaliseSiteBase(bad)).toThrow(/not a base path/);
  });

  it('matches the route table below the base, and nothing outside it', () => {
    setSiteBase('/en/careers');
    expect(matchRoute('/en/careers')?.route.page).toBe('jobs');
    expect(matchRoute('/en/careers/job/12-robot-tech')?.params).toEqual({ pid: '12-robot-tech' });
    expect(matchRoute('/en/careers/offers/')?.route.page).toBe('offers');
    expect(matchRoute('/en/careers/index.html')?.route.page).toBe('jobs');
    expect(matchRoute('/careers/offers')).toBeNull();
    expect(matchRoute('/en/careersx')).toBeNull();
    expect(matchRoute('/jobs.html')).toBeNull();
  });

  it('builds every address below the base, and maps the server’s /careers paths onto it', () => {
    setSiteBase('/jobs');
    expect(siteBase()).toBe('/jobs');
    expect(sitePath('/careers/:query?/:location?')).toBe('/jobs');
    expect(sitePath('/careers/job/:pid?', { pid: 12 }, { domain: 'acme.example' })).toBe(
      '/jobs/job/12?domain=acme.example',
    );
    expect(tablePath('/careers/login')).toBe('/careers/login');
    expect(atSiteBase('/careers/offers?tab=1')).toBe('/jobs/offers?tab=1');
    expect(atSiteBase('/careersfair')).toBe('/careersfair');
    expect(atSiteBase('/api/pcsx/search')).toBe('/api/pcsx/search');
  });

  it('at the root of the site, every path is a careers page', () => {
    expect(setSiteBase('/')).toBe('/');
    expect(sitePath('/careers/:query?/:location?')).toBe('/');
    expect(sitePath('/careers/offers')).toBe('/offers');
    expect(matchRoute('/')?.route.page).toBe('jobs');
    expect(matchRoute('/job/7')?.params).toEqual({ pid: '7' });
  });

  it('moves persistent widgets with it: a prefix under /careers is under the base', () => {
    setSiteBase('/jobs');
    const visitor = { isLoggedIn: true };
    const bell = { name: 'notifications', activeWhen: ['/careers'] };
    expect(isWidgetActive(bell, '/jobs/offers', visitor)).toBe(true);
    expect(isWidgetActive(bell, '/careers/offers', visitor)).toBe(false);
    expect(isWidgetActive({ name: 'search', activeWhen: 'routes' }, '/jobs/job/3', visitor)).toBe(true);
  });
});
