import type { MouseEvent } from 'react';
import { configureHttp } from '../http';
import { setGlobal } from '../testing';
import { apiDownloadClick, attachmentName } from './download';

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the plain one, and keeps no path separators', () => {
    expect(attachmentName(`attachment; filename="offer.pdf"; filename*=UTF-8''Lettre%20d%E2%80%99offre.pdf`)).toBe(
      'Lettre d’offre.pdf',
    );
    expect(attachmentName('attachment; filename="my-data-2026-11-26.json"')).toBe('my-data-2026-11-26.json');
    expect(attachmentName('attachment; filename=applications.csv')).toBe('applications.csv');
    expect(attachmentName('attachment; filename="../../etc/passwd"')).toBe('.. .. etc passwd');
    expect(attachmentName('inline')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});

describe('apiDownloadClick', () => {
  const click = (href: string, init: Partial<MouseEvent<HTMLAnchorElement>> = {}) => {
    const link = document.createElement('a');
    link.href = href;
    const event = {
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      defaultPrevented: false,
      currentTarget: link,
      preventDefault: jest.fn(),
      ...init,
    } as unknown as MouseEvent<HTMLAnchorElement>;
    return event;
  };
  let fetchMock: jest.Mock;
  let saved: Array<{ name: string; blob: Blob }>;

  beforeEach(() => {
    saved = [];
    fetchMock = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-disposition': 'attachment; filename="resume.pdf"' }),
      blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    }));
    setGlobal('fetch', fetchMock);
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:page/1', revokeObjectURL: () => undefined });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: new Blob() });
    });
  });
  afterEach(() => {
    configureHttp({ apiOrigin: null });
    jest.restoreAllMocks();
  });

  it('on the careers server’s own page, leaves the link to the browser (its cookie goes with it)', () => {
    const event = click('https://careers.acme.example/api/pcsx/export_resume?domain=acme.example');
    apiDownloadClick({ fallbackName: 'resume.pdf' })(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on an employer’s page of another origin, fetches the file with the session and saves it under its name', async () => {
    configureHttp({ apiOrigin: 'https://careers.acme.example' });
    const href = 'https://careers.acme.example/api/pcsx/export_resume?domain=acme.example';
    const event = click(href);
    apiDownloadClick({ fallbackName: 'fallback.pdf' })(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(href, { credentials: 'include' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved.map((file) => file.name)).toEqual(['resume.pdf']);
  });

  it('keeps a click with a modifier as the browser means it', () => {
    configureHttp({ apiOrigin: 'https://careers.acme.example' });
    const event = click('https://careers.acme.example/api/pcsx/my_data', { ctrlKey: true });
    apiDownloadClick({ fallbackName: 'my-data.json' })(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('a failed download is said in the console (and a toast), nothing is saved', async () => {
    configureHttp({ apiOrigin: 'https://careers.acme.example' });
    fetchMock.mockResolvedValueOnce({ ok: false, status: 401, headers: new Headers(), blob: async () => new Blob() });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    apiDownloadClick({ fallbackName: 'my-data.json' })(click('https://careers.acme.example/api/pcsx/my_data'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error).toHaveBeenCalledWith('[careers] download failed', expect.any(String), expect.any(Error));
    expect(saved).toEqual([]);
  });
});
