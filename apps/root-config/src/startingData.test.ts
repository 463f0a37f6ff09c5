import { BootDataError, getCsrfToken } from '@careers/shared';
import { fakeResponse, jsonResponse, mockFetch, setGlobal } from '@careers/shared/testing';
import type { EmbedScript } from './embedScript';
import { BOOT_DATA_PATH, loadStartingData, StartError } from './startingData';

const embed: EmbedScript = {
  serverOrigin: 'https://careers.acme.example',
  manifestUrl: 'https://careers.acme.example/widgets/manifest.json',
  domain: 'acme.example',
  language: null,
  basePath: null,
};

const answer = {
  groupId: 'acme.example',
  isLoggedIn: true,
  user: { id: 'c1', email: 'casey@example.com' },
  profile: null,
  pcsxConfig: { branding: { companyName: 'Acme Robotics' } },
  behaviourFlags: {},
  notificationsConfig: { enabled: true, hasActionRequiredNotificationsConfigured: true },
  supportedLanguages: ['en', 'fr-CA'],
  language: 'en',
  manifestUrl: 'https://elsewhere.example/manifest.json',
  csrfToken: 'body-token',
};

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  fetchMock = mockFetch();
});

afterEach(() => {
  setGlobal('fetch', undefined);
  document.body.innerHTML = '';
});

describe('starting data', () => {
  it("is the page's own when it has it: no request", async () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'careers-boot-data';
    el.textContent = JSON.stringify({ groupId: 'page.example', manifestUrl: '/cdn/manifest.json' });
    document.body.appendChild(el);
    const boot = await loadStartingData(embed);
    expect(boot.groupId).toBe('page.example');
    expect(boot.manifestUrl).toBe('/cdn/manifest.json');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("takes the language of the page's address (the candidate's choice) over the tag's", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: answer }));
    window.history.replaceState(null, '', '/careers?hl=fr-CA');
    try {
      await loadStartingData({ ...embed, language: 'en' });
    } finally {
      window.history.replaceState(null, '', '/');
    }
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `https://careers.acme.example${BOOT_DATA_PATH}?domain=acme.example&hl=fr-CA`,
    );
  });

  it('else comes from the careers server, with credentials, the domain and the language asked for', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: answer }, { headers: { 'x-csrf-token': 'header-token' } }));
    const boot = await loadStartingData({ ...embed, language: 'fr-CA' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`https://careers.acme.example${BOOT_DATA_PATH}?domain=acme.example&hl=fr-CA`);
    expect(init).toMatchObject({ credentials: 'include', cache: 'no-store' });
    expect(boot).toMatchObject({ groupId: 'acme.example', isLoggedIn: true, user: answer.user });
    // The widgets load from where the root config came from.
    expect(boot.manifestUrl).toBe(embed.manifestUrl);
    expect(boot).not.toHaveProperty('csrfToken');
    expect(getCsrfToken()).toBe('header-token');
  });

  it('takes the token from the body when the header cannot be read', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: answer }));
    await loadStartingData(embed);
    expect(getCsrfToken()).toBe('body-token');
  });

  it('without data-domain, says what to add', async () => {
    await expect(loadStartingData({ ...embed, domain: null })).rejects.toThrow(BootDataError);
    await expect(loadStartingData({ ...embed, domain: null })).rejects.toThrow('add data-domain=');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('no answer (server down, or this origin not allowed): names the command that allows the origin', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = loadStartingData(embed);
    await expect(failure).rejects.toThrow(StartError);
    await expect(loadStartingData(embed)).rejects.toThrow(
      `npm run employer -- origins add ${window.location.origin} --domain acme.example`,
    );
  });

  it('an unknown employer says to check data-domain; another failure gives the status', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'not found' }, { status: 404 }));
    await expect(loadStartingData(embed)).rejects.toThrow('has no employer "acme.example": check data-domain');
    fetchMock.mockResolvedValueOnce(fakeResponse('down', { status: 503 }));
    await expect(loadStartingData(embed)).rejects.toThrow('answered 503');
  });

  it('an answer that is not starting data is refused', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse('<html>', { status: 200 }));
    await expect(loadStartingData(embed)).rejects.toThrow('did not answer JSON');
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: { isLoggedIn: true } }));
    await expect(loadStartingData(embed)).rejects.toThrow('needs a "groupId"');
  });
});
