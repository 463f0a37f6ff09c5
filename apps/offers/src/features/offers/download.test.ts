import { downloadDocument } from './download';

const realFetch = globalThis.fetch;
let clicked: Array<{ href: string; download: string }>;

beforeEach(() => {
  clicked = [];
  URL.createObjectURL = jest.fn(() => 'blob:letter');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  (globalThis as { fetch: unknown }).fetch = realFetch;
  jest.restoreAllMocks();
});

function fetchAnswer(status: number, bytes: number) {
  const fetchMock = jest.fn(async () => ({
    ok: status >= 200 && status < 300,
    status,
    blob: async () => new Blob([new Uint8Array(bytes)]),
  }));
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  return fetchMock;
}

describe('downloadDocument', () => {
  it('fetches the same-origin PDF with cookies and saves it under the document name', async () => {
    const fetchMock = fetchAnswer(200, 2048);
    await expect(
      downloadDocument({ name: 'Offer letter', s3_path: '/files/letter.pdf', b64_string: null }),
    ).resolves.toBe('downloaded');
    expect(fetchMock).toHaveBeenCalledWith('/files/letter.pdf', { credentials: 'include' });
    expect(clicked).toEqual([{ href: 'blob:letter', download: 'Offer letter.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves base64 content without a request', async () => {
    const fetchMock = fetchAnswer(200, 1);
    await expect(downloadDocument({ name: 'Letter.pdf', s3_path: null, b64_string: 'JVBERi0xLjcK' })).resolves.toBe(
      'downloaded',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(clicked[0]?.download).toBe('Letter.pdf');
  });

  it('reports no content when there is no address or the file is empty', async () => {
    await expect(downloadDocument({ name: 'x', s3_path: null, b64_string: null })).resolves.toBe('empty');
    fetchAnswer(200, 0);
    await expect(downloadDocument({ name: 'x', s3_path: '/files/empty.pdf', b64_string: null })).resolves.toBe('empty');
    expect(clicked).toEqual([]);
  });

  it('throws when the file cannot be fetched', async () => {
    fetchAnswer(500, 10);
    await expect(downloadDocument({ name: 'x', s3_path: '/files/x.pdf', b64_string: null })).rejects.toThrow(
      'HTTP 500',
    );
  });
});
