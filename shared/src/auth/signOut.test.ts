import { configureHttp } from '../http/http';
import { setCsrfToken } from '../http/csrf';
import { jsonResponse, mockFetch, setGlobal } from '../testing';
import { reloadPage } from './reload';
import { signOut } from './signOut';

jest.mock('./reload', () => ({ reloadPage: jest.fn() }));

afterEach(() => {
  setGlobal('fetch', undefined);
  configureHttp({ apiOrigin: null });
});

it('signs out on the careers server with the CSRF token, then reloads the page', async () => {
  const fetchMock = mockFetch();
  fetchMock.mockResolvedValue(jsonResponse({ data: { ok: true, next: '/careers' } }));
  configureHttp({ apiOrigin: 'https://careers.acme.example' });
  setCsrfToken('token-1');
  await signOut('acme.example');
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('https://careers.acme.example/api/auth/logout?domain=acme.example');
  expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
  expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('token-1');
  expect(reloadPage).toHaveBeenCalledTimes(1);
});
