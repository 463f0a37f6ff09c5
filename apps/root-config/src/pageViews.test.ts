import { onHttpNotice, positionIdOf as positionIdFor, type HttpNotice } from '@careers/shared';
import { fakeResponse, flushPromises, jsonResponse, mockFetch, setGlobal } from '@careers/shared/testing';
import { pageIdFor, pageViewFor, trackPageViews } from './pageViews';

const ORIGIN = 'http://localhost';

describe('pageIdFor (the route table)', () => {
  it.each([
    ['/careers/profile', 'profile'],
    ['/careers/dashboard', 'dashboard'],
    ['/careers/dashboardv2', 'dashboard'],
    ['/careers/settings', 'settings'],
    ['/careers/export-resume', 'exportResume'],
    ['/careers/apply', 'applyPage'],
    ['/careers/job/private', 'singlePosition'],
    ['/careers/job/123-some-slug', 'singlePosition'],
    ['/careers/job/123', 'singlePosition'],
    ['/careers/job', 'singlePosition'],
    ['/logout', 'logout'],
    ['/careers/login', 'login'],
    ['/careers/forms/center', 'documentCenter'],
    ['/careers/forms', 'formView'],
    ['/careers/forms/42', 'formView'],
    ['/careers/applications', 'applications'],
    ['/careers/saved-jobs', 'savedJobs'],
    ['/careers/interviews', 'interviews'],
    ['/careers/onboarding', 'onboarding'],
    ['/careers/offers', 'offers'],
    ['/careers/offer/7', 'offer'],
    ['/careers/offer/7/offer-document/3', 'offer'],
    ['/careers/offer-letter/7', 'offerLetter'],
    ['/careers/search', 'jobs'],
    ['/careers', 'jobs'],
    ['/careers/nurse', 'jobs'],
    ['/careers/software%20engineer/seattle', 'jobs'],
  ])('%s is %s', (path, id) => {
    expect(pageIdFor(path)).toBe(id);
  });

  it('ignores trailing slashes', () => {
    expect(pageIdFor('/careers/profile/')).toBe('profile');
    expect(pageIdFor('/careers/offers//')).toBe('offers');
    expect(pageIdFor('/careers/')).toBe('jobs');
  });

  it('does not match a search query that merely starts like a route', () => {
    expect(pageIdFor('/careers/profiles-manager')).toBe('jobs');
    expect(pageIdFor('/careers/jobcoach')).toBe('jobs');
    expect(pageIdFor('/careers/offerings/boston')).toBe('jobs');
  });
});

describe('positionIdOf (the position a page view carries)', () => {
  const url = (path: string) => new URL(path, ORIGIN);

  it('takes the leading integer of /careers/job/{digits-slug}', () => {
    expect(positionIdFor(url('/careers/job/123-some-slug'))).toBe('123');
    expect(positionIdFor(url('/careers/job/123'))).toBe('123');
  });

  it('reads pid from the query, leading integer only', () => {
    expect(positionIdFor(url('/careers/job/private?pid=456'))).toBe('456');
    expect(positionIdFor(url('/careers/job?pid=789-slug'))).toBe('789');
  });

  it('prefers the pid query over the path', () => {
    expect(positionIdFor(url('/careers/job/123-x?pid=456'))).toBe('456');
  });

  it('falls back to the path when the pid query is not a number', () => {
    expect(positionIdFor(url('/careers/job/123?pid=abc'))).toBe('123');
  });

  it('is null when there is no position', () => {
    expect(positionIdFor(url('/careers/job/private'))).toBeNull();
    expect(positionIdFor(url('/careers/job/some-slug'))).toBeNull();
    expect(positionIdFor(url('/careers/offers'))).toBeNull();
    expect(positionIdFor(url('/careers/search?pid='))).toBeNull();
  });
});

describe('pageViewFor', () => {
  const data = (href: string) => JSON.parse(pageViewFor(href).body.data_json) as Record<string, string>;

  it('builds the careers page_view entry', () => {
    const view = pageViewFor(`${ORIGIN}/careers/offers`);
    expect(view.positionId).toBeNull();
    expect(view.body).toEqual({ namespace: 'careers', event: 'page_view', data_json: expect.any(String) });
    expect(JSON.parse(view.body.data_json)).toEqual({ page: 'offers', path: '/careers/offers' });
  });

  it('includes the position id', () => {
    const view = pageViewFor(`${ORIGIN}/careers/job/123-some-slug`);
    expect(view.positionId).toBe('123');
    expect(JSON.parse(view.body.data_json)).toEqual({
      page: 'singlePosition',
      path: '/careers/job/123-some-slug',
      position_id: '123',
    });
  });

  it('includes the utm parameters that are present and nothing else from the query', () => {
    const href =
      `${ORIGIN}/careers/search?utm_source=news&utm_medium=email&utm_campaign=spring%20hiring` +
      '&utm_term=nurse&utm_content=banner&query=nurse&utm_other=x';
    expect(data(href)).toEqual({
      page: 'jobs',
      path: '/careers/search',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring hiring',
      utm_term: 'nurse',
      utm_content: 'banner',
    });
  });

  it('leaves out empty utm parameters', () => {
    expect(data(`${ORIGIN}/careers?utm_source=&utm_medium=cpc`)).toEqual({
      page: 'jobs',
      path: '/careers',
      utm_medium: 'cpc',
    });
  });

  it('cuts a utm value to 200 characters', () => {
    expect(data(`${ORIGIN}/careers?utm_source=${'a'.repeat(500)}`).utm_source).toBe('a'.repeat(200));
  });
});

describe('trackPageViews', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let added: EventListenerOrEventListenerObject[];
  let notices: HttpNotice[];
  let unsubscribe: () => void;

  const route = (path: string) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
  };

  const posts = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      keepalive: init?.keepalive,
      body: JSON.parse(String(init?.body)) as { namespace: string; event: string; data_json: string },
    }));

  beforeEach(() => {
    window.history.replaceState(null, '', '/careers/job/123-some-slug?utm_source=news');
    fetchMock = mockFetch();
    fetchMock.mockImplementation(async () => jsonResponse({ data: { ok: true } }));
    added = [];
    const original = window.addEventListener.bind(window);
    jest.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
      if (type === 'single-spa:routing-event' && listener) added.push(listener);
      original(type, listener, options);
    });
    notices = [];
    unsubscribe = onHttpNotice((n) => notices.push(n));
  });

  afterEach(() => {
    for (const listener of added) window.removeEventListener('single-spa:routing-event', listener);
    unsubscribe();
    setGlobal('fetch', undefined);
    jest.restoreAllMocks();
  });

  it('posts the current page at once to /vslog with the domain and pid', () => {
    trackPageViews('acme.example');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [post] = posts();
    expect(post!.url).toBe('/vslog?domain=acme.example&pid=123');
    expect(post!.method).toBe('POST');
    expect(post!.keepalive).toBe(true);
    expect(post!.body.namespace).toBe('careers');
    expect(post!.body.event).toBe('page_view');
    expect(JSON.parse(post!.body.data_json)).toEqual({
      page: 'singlePosition',
      path: '/careers/job/123-some-slug',
      position_id: '123',
      utm_source: 'news',
    });
  });

  it('sends no pid when the page is not about a position', () => {
    window.history.replaceState(null, '', '/careers/offers');
    trackPageViews('acme.example');
    expect(posts()[0]!.url).toBe('/vslog?domain=acme.example');
  });

  it('posts again after a routing event to a new address', () => {
    trackPageViews('acme.example');
    route('/careers/offers');
    route('/careers/job/private?pid=55');
    const sent = posts();
    expect(sent.map((p) => p.url)).toEqual([
      '/vslog?domain=acme.example&pid=123',
      '/vslog?domain=acme.example',
      '/vslog?domain=acme.example&pid=55',
    ]);
    expect(JSON.parse(sent[1]!.body.data_json)).toEqual({ page: 'offers', path: '/careers/offers' });
    expect(JSON.parse(sent[2]!.body.data_json)).toMatchObject({ page: 'singlePosition', position_id: '55' });
  });

  it('posts once per distinct address: a repeated routing event or a hash change adds nothing', () => {
    trackPageViews('acme.example');
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    route('/careers/job/123-some-slug?utm_source=news#details');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    route('/careers/job/123-some-slug?utm_source=mail');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('logs a return to an earlier page again', () => {
    trackPageViews('acme.example');
    route('/careers/offers');
    route('/careers/job/123-some-slug?utm_source=news');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('ignores other events', () => {
    trackPageViews('acme.example');
    window.history.pushState(null, '', '/careers/offers');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails silently: no page notice and no unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      fetchMock.mockImplementation(async () => fakeResponse('{}', { status: 429 }));
      trackPageViews('acme.example');
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      route('/careers/offers');
      await flushPromises();
      await flushPromises();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(notices).toEqual([]);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
