import { BOOT_DATA_ELEMENT_ID, BootDataError, readBootData } from './bootData';

function embed(text: string, doc: Document = document): HTMLScriptElement {
  const el = doc.createElement('script');
  el.type = 'application/json';
  el.id = BOOT_DATA_ELEMENT_ID;
  el.textContent = text;
  doc.body.appendChild(el);
  return el;
}

const embedJson = (data: unknown) => embed(JSON.stringify(data));

function failure(): BootDataError {
  try {
    readBootData();
  } catch (error) {
    expect(error).toBeInstanceOf(BootDataError);
    return error as BootDataError;
  }
  throw new Error('expected readBootData to throw');
}

const user = { id: 'u1', email: 'ada@example.com' };
const profile = {
  encId: 'e1',
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  fullname: 'Ada Lovelace',
  hasResume: true,
  location: 'London',
};

afterEach(() => {
  document.body.innerHTML = '';
});

it('reads the element id the README documents', () => {
  expect(BOOT_DATA_ELEMENT_ID).toBe('careers-boot-data');
});

it('fills safe defaults around a minimal groupId', () => {
  embedJson({ groupId: 'acme.example' });
  expect(readBootData()).toEqual({
    groupId: 'acme.example',
    isLoggedIn: false,
    user: null,
    profile: null,
    pcsxConfig: {},
    behaviourFlags: {},
    notificationsConfig: { enabled: false, hasActionRequiredNotificationsConfigured: false },
    supportedLanguages: ['en'],
    language: 'en',
    manifestUrl: '/widgets/manifest.json',
  });
});

it('keeps everything the page gives for a logged-in candidate', () => {
  embedJson({
    groupId: 'acme.example',
    isLoggedIn: true,
    user,
    profile,
    pcsxConfig: { theme: 'dark' },
    behaviourFlags: { shouldRedirectToDashboardV2: true },
    notificationsConfig: { enabled: true, hasActionRequiredNotificationsConfigured: true, pollMinutes: 5 },
    supportedLanguages: ['en', 'fr-CA'],
    language: 'fr-CA',
    manifestUrl: '/cdn/manifest.json',
  });
  const boot = readBootData();
  expect(boot.isLoggedIn).toBe(true);
  expect(boot.user).toEqual(user);
  expect(boot.profile).toEqual(profile);
  expect(boot.pcsxConfig).toEqual({ theme: 'dark' });
  expect(boot.behaviourFlags).toEqual({ shouldRedirectToDashboardV2: true });
  expect(boot.notificationsConfig).toEqual({
    enabled: true,
    hasActionRequiredNotificationsConfigured: true,
    pollMinutes: 5,
  });
  expect(boot.supportedLanguages).toEqual(['en', 'fr-CA']);
  expect(boot.language).toBe('fr-CA');
  expect(boot.manifestUrl).toBe('/cdn/manifest.json');
});

it('completes a partial notificationsConfig with the defaults', () => {
  embedJson({ groupId: 'acme.example', notificationsConfig: { enabled: true } });
  expect(readBootData().notificationsConfig).toEqual({
    enabled: true,
    hasActionRequiredNotificationsConfigured: false,
  });
});

it.each([
  ['isLoggedIn false', { isLoggedIn: false }],
  ['isLoggedIn missing', {}],
  ['isLoggedIn not exactly true', { isLoggedIn: 'true' }],
])('strips the user and profile when logged out (%s)', (_label, extra) => {
  embedJson({ groupId: 'acme.example', user, profile, ...extra });
  const boot = readBootData();
  expect(boot.isLoggedIn).toBe(false);
  expect(boot.user).toBeNull();
  expect(boot.profile).toBeNull();
});

it('gives a logged-in candidate without user data null user and profile', () => {
  embedJson({ groupId: 'acme.example', isLoggedIn: true });
  const boot = readBootData();
  expect(boot.isLoggedIn).toBe(true);
  expect(boot.user).toBeNull();
  expect(boot.profile).toBeNull();
});

it('reads from the document it is given', () => {
  const doc = document.implementation.createHTMLDocument('other');
  embed(JSON.stringify({ groupId: 'other.example' }), doc);
  expect(readBootData(doc).groupId).toBe('other.example');
});

describe('embedding mistakes', () => {
  it('a missing element names the element to add', () => {
    const error = failure();
    expect(error.name).toBe('BootDataError');
    expect(error.message).toBe('No <script type="application/json" id="careers-boot-data"> element on the page.');
  });

  it.each([['{ groupId: acme }'], [''], ['{"groupId": "acme.example",}']])('invalid JSON (%j) says so', (text) => {
    embed(text);
    expect(failure().message).toBe('The #careers-boot-data element does not hold valid JSON.');
  });

  it.each([['null'], ['[]'], ['"acme.example"'], ['42'], ['true']])(
    'a JSON %s that is not an object says so',
    (text) => {
      embed(text);
      expect(failure().message).toBe('The #careers-boot-data element must hold a JSON object.');
    },
  );

  it.each([
    ['missing', {}],
    ['empty', { groupId: '' }],
    ['blank', { groupId: '   ' }],
    ['not a string', { groupId: 42 }],
  ])('a %s groupId asks for the employer domain', (_label, data) => {
    embedJson(data);
    expect(failure().message).toBe('The #careers-boot-data data needs a "groupId" (the employer domain).');
  });
});
