import { jsonResponse, fakeResponse, mockFetch, setGlobal } from '@careers/shared/testing';
import { manifestWidget as widget } from './test/fixtures';
import {
  activityFor,
  fetchManifest,
  loadManifest,
  loginGateActivity,
  MANIFEST_ELEMENT_ID,
  parseManifest,
} from './manifest';

let consoleError: jest.SpyInstance;

beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('parseManifest', () => {
  it('returns every well-formed widget in order', () => {
    const a = widget({ name: 'a' });
    const b = widget({ name: 'b', activeWhen: ['/'] });
    expect(parseManifest({ widgets: [a, b] })).toEqual({ widgets: [a, b] });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps the exposed modules of an entry that lists them (optional: older entries have none)', () => {
    const forms = widget({ name: 'forms', exposes: ['./Widget', './FormRenderer'] });
    const offers = widget({ name: 'offers' });
    expect(parseManifest({ widgets: [forms, offers] })).toEqual({ widgets: [forms, offers] });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('accepts an empty list', () => {
    expect(parseManifest({ widgets: [] })).toEqual({ widgets: [] });
  });

  it.each([
    ['null', null],
    ['a string', 'widgets'],
    ['an object without widgets', {}],
    ['widgets that is not a list', { widgets: { a: 1 } }],
  ])('throws when given %s', (_label, raw) => {
    expect(() => parseManifest(raw)).toThrow('The widget manifest has no "widgets" list');
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'offers'],
    ['a missing name', { ...widget(), name: undefined }],
    ['an empty name', widget({ name: '' })],
    ['an empty remoteEntry', widget({ remoteEntry: '' })],
    ['a numeric scope', { ...widget(), scope: 42 }],
    ['a missing module', { ...widget(), module: undefined }],
    ['an empty slot', widget({ slot: '' })],
    ['activeWhen that is not a list', { ...widget(), activeWhen: '/careers' }],
    ['an activeWhen path without a leading slash', widget({ activeWhen: ['careers/offers'] })],
    ['a non-string activeWhen entry', { ...widget(), activeWhen: [1] }],
    ['exposes that is not a list', { ...widget(), exposes: './FormRenderer' }],
    ['an exposed module without "./"', widget({ exposes: ['./Widget', 'FormRenderer'] })],
  ])('leaves out (and logs) an entry with %s, keeping the others', (_label, bad) => {
    const good = widget({ name: 'good' });
    expect(parseManifest({ widgets: [bad, good] })).toEqual({ widgets: [good] });
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]![0]).toContain('not a valid widget entry');
  });

  it('keeps the first entry of a duplicate name', () => {
    const first = widget({ name: 'offers', slot: 'first' });
    const second = widget({ name: 'offers', slot: 'second' });
    expect(parseManifest({ widgets: [first, second] })).toEqual({ widgets: [first] });
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('duplicate widget name "offers"'));
  });
});

describe('fetchManifest', () => {
  let fetchMock: ReturnType<typeof mockFetch>;

  beforeEach(() => {
    fetchMock = mockFetch();
  });

  afterEach(() => {
    setGlobal('fetch', undefined);
  });

  it('fetches the manifest uncached and returns the parsed widgets', async () => {
    const good = widget();
    fetchMock.mockResolvedValue(jsonResponse({ widgets: [good, { name: 'broken' }] }));
    await expect(fetchManifest('/widgets/manifest.json')).resolves.toEqual({
      widgets: [{ ...good, remoteEntry: `${window.location.origin}/widgets/offers/remoteEntry.js` }],
    });
    expect(fetchMock).toHaveBeenCalledWith('/widgets/manifest.json', { cache: 'no-cache', credentials: 'same-origin' });
  });

  it("resolves each remote entry against the manifest's own address (the careers server, on an employer's page)", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ widgets: [widget(), widget({ name: 'cdn', remoteEntry: 'https://cdn.example/w.js' })] }),
    );
    const manifest = await fetchManifest('https://careers.acme.example/widgets/manifest.json');
    expect(manifest.widgets.map((w) => w.remoteEntry)).toEqual([
      'https://careers.acme.example/widgets/offers/remoteEntry.js',
      'https://cdn.example/w.js',
    ]);
  });

  it('fails with the address and status when the answer is not ok', async () => {
    fetchMock.mockResolvedValue(fakeResponse('missing', { status: 404 }));
    await expect(fetchManifest('/widgets/manifest.json')).rejects.toThrow(
      'Widget manifest /widgets/manifest.json answered 404',
    );
  });

  it('fails when the answer has no widget list', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ apps: [] }));
    await expect(fetchManifest('/m.json')).rejects.toThrow('no "widgets" list');
  });

  it('passes on a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchManifest('/m.json')).rejects.toThrow('Failed to fetch');
  });
});

const signedIn = { isLoggedIn: true };
const signedOut = { isLoggedIn: false };

describe('activityFor', () => {
  const at = (path: string) => new URL(path, 'https://jobs.example');

  it('is active under the prefix and on the prefix itself', () => {
    const active = activityFor({ name: 'w', activeWhen: ['/careers/offers'] }, signedIn);
    expect(active(at('/careers/offers'))).toBe(true);
    expect(active(at('/careers/offers/'))).toBe(true);
    expect(active(at('/careers/offers/12?domain=acme.example'))).toBe(true);
  });

  it('is not active on a path that only starts with the same letters', () => {
    const active = activityFor({ name: 'w', activeWhen: ['/careers/offer'] }, signedIn);
    expect(active(at('/careers/offers'))).toBe(false);
    expect(active(at('/careers/offer-letter/3'))).toBe(false);
    expect(active(at('/careers/offer/3'))).toBe(true);
  });

  it('treats a trailing slash on the prefix like none', () => {
    const active = activityFor({ name: 'w', activeWhen: ['/careers/offers/'] }, signedIn);
    expect(active(at('/careers/offers'))).toBe(true);
    expect(active(at('/careers/offers/4'))).toBe(true);
    expect(active(at('/careers/offersx'))).toBe(false);
  });

  it('is active everywhere for "/"', () => {
    const active = activityFor({ name: 'w', activeWhen: ['/'] }, signedIn);
    expect(active(at('/'))).toBe(true);
    expect(active(at('/anything/at/all'))).toBe(true);
  });

  it('is active when any of several prefixes matches', () => {
    const active = activityFor({ name: 'w', activeWhen: ['/careers/offers', '/careers/dashboard'] }, signedIn);
    expect(active(at('/careers/dashboard'))).toBe(true);
    expect(active(at('/careers/offers/1'))).toBe(true);
    expect(active(at('/careers/profile'))).toBe(false);
  });

  it('is never active with no prefixes', () => {
    expect(activityFor({ name: 'w', activeWhen: [] }, signedIn)(at('/'))).toBe(false);
  });

  it('works with window.location', () => {
    window.history.replaceState(null, '', '/careers/offers/9');
    expect(activityFor({ name: 'w', activeWhen: ['/careers/offers'] }, signedIn)(window.location)).toBe(true);
    expect(activityFor({ name: 'w', activeWhen: ['/careers/profile'] }, signedIn)(window.location)).toBe(false);
  });
});

describe('page widgets (activeWhen "routes")', () => {
  const at = (path: string) => new URL(path, 'https://jobs.example');
  const offers = (context = signedIn) => activityFor({ name: 'offers', activeWhen: 'routes' }, context);
  const search = (context = signedIn) => activityFor({ name: 'search', activeWhen: 'routes' }, context);

  it('is active exactly on the routes the route table gives the widget', () => {
    for (const path of [
      '/careers/offers',
      '/careers/offer/abc',
      '/careers/offer/abc/offer-document/3',
      '/careers/offer-letter/abc',
    ]) {
      expect([path, offers()(at(path))]).toEqual([path, true]);
      expect([path, search()(at(path))]).toEqual([path, false]);
    }
  });

  it('gives the catch-all to search, and specific routes win over it', () => {
    for (const path of ['/careers', '/careers/search', '/careers/nurse/boston', '/careers/job/12-nurse']) {
      expect([path, search()(at(path))]).toEqual([path, true]);
      expect([path, offers()(at(path))]).toEqual([path, false]);
    }
    expect(search()(at('/careers/dashboard'))).toBe(false);
  });

  it('keeps a protected page widget inactive while signed out; the sign-in gate takes its slot', () => {
    const gate = loginGateActivity(signedOut);
    expect(offers(signedOut)(at('/careers/offers'))).toBe(false);
    expect(gate(at('/careers/offers'))).toBe(true);
    expect(gate(at('/careers/dashboard'))).toBe(true);
    expect(gate(at('/careers'))).toBe(false);
    expect(gate(at('/careers/forms'))).toBe(false);
    expect(search(signedOut)(at('/careers'))).toBe(true);
    expect(loginGateActivity(signedIn)(at('/careers/offers'))).toBe(false);
  });

  it('opens the sign-in gate over any page for show_login_modal=1 while signed out', () => {
    expect(loginGateActivity(signedOut)(at('/careers?show_login_modal=1'))).toBe(true);
    expect(loginGateActivity(signedOut)(at('/careers/job/12?show_login_modal=true'))).toBe(true);
    expect(loginGateActivity(signedOut)(at('/careers?show_login_modal=0'))).toBe(false);
    expect(loginGateActivity(signedIn)(at('/careers?show_login_modal=1'))).toBe(false);
  });

  it('asks for sign-in on apply only when logged-out apply is disabled', () => {
    expect(loginGateActivity(signedOut)(at('/careers/apply'))).toBe(false);
    expect(
      loginGateActivity({ isLoggedIn: false, applyFormConfig: { disableLoggedOutApply: true } })(
        at('/careers/apply/private'),
      ),
    ).toBe(true);
  });

  it('accepts "routes" in the manifest and refuses another string', () => {
    const page = widget({ name: 'page', activeWhen: 'routes' });
    expect(parseManifest({ widgets: [page, { ...widget({ name: 'bad' }), activeWhen: 'sometimes' }] })).toEqual({
      widgets: [page],
    });
  });
});

describe('loadManifest', () => {
  let fetchMock: ReturnType<typeof mockFetch>;

  beforeEach(() => {
    fetchMock = mockFetch();
    fetchMock.mockResolvedValue(jsonResponse({ widgets: [widget({ name: 'fetched' })] }));
  });

  afterEach(() => {
    document.head.innerHTML = '';
    setGlobal('fetch', undefined);
  });

  function inline(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = MANIFEST_ELEMENT_ID;
    element.textContent = text;
    document.head.appendChild(element);
  }

  it('reads the manifest the page server wrote into the page, without a request', async () => {
    inline(JSON.stringify({ widgets: [widget({ name: 'inline' })] }));
    await expect(loadManifest('/widgets/manifest.json')).resolves.toEqual({ widgets: [widget({ name: 'inline' })] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches it on a static page, or when the copy in the page is unreadable', async () => {
    const fetched = {
      widgets: [widget({ name: 'fetched', remoteEntry: `${window.location.origin}/widgets/offers/remoteEntry.js` })],
    };
    await expect(loadManifest('/widgets/manifest.json')).resolves.toEqual(fetched);
    inline('{"widgets": ');
    await expect(loadManifest('/widgets/manifest.json')).resolves.toEqual(fetched);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('not valid'), expect.anything());
  });
});
