import { jsonResponse, mockFetch, setGlobal } from '../testing/fakeWeb';
import { request } from './http';
import { PAGE_DATA_ELEMENT_ID, resetPageAnswers } from './pageData';

function pageData(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = text;
  document.head.appendChild(element);
}

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  resetPageAnswers();
  fetchMock = mockFetch();
  fetchMock.mockResolvedValue(jsonResponse({ data: { from: 'network' } }));
});

afterEach(() => {
  document.head.innerHTML = '';
  setGlobal('fetch', undefined);
  jest.restoreAllMocks();
});

it("answers the first GET of an address from the page's data, once; then the network", async () => {
  pageData(JSON.stringify({ answers: { '/api/offer/offers?domain=acme.example': { data: { from: 'page' } } } }));
  await expect(request('/api/offer/offers', { query: { domain: 'acme.example' } })).resolves.toEqual({
    data: { from: 'page' },
  });
  expect(fetchMock).not.toHaveBeenCalled();
  await expect(request('/api/offer/offers', { query: { domain: 'acme.example' } })).resolves.toEqual({
    data: { from: 'network' },
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('only serves the exact address, and never a call that changes something', async () => {
  pageData(JSON.stringify({ answers: { '/api/offer/offers?domain=acme.example': { data: { from: 'page' } } } }));
  await expect(request('/api/offer/offers', { query: { domain: 'other.example' } })).resolves.toEqual({
    data: { from: 'network' },
  });
  await expect(
    request('/api/offer/offers', { method: 'POST', query: { domain: 'acme.example' }, body: {} }),
  ).resolves.toEqual({ data: { from: 'network' } });
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

it('goes to the network when the page has no data, or data that is not JSON', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  pageData('{not json');
  await expect(request('/api/offer/offers')).resolves.toEqual({ data: { from: 'network' } });
  expect(error).toHaveBeenCalledWith(expect.stringContaining('not valid JSON'));
});
