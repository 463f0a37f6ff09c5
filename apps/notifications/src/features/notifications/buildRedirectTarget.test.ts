import { setSiteBase } from '@careers/shared';
import { buildRedirectTarget } from './buildRedirectTarget';

const PAGE = 'https://careers.acme.example/careers/dashboard?domain=acme.example&utm_source=mail';

describe('buildRedirectTarget', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('returns null without a redirect, and does not warn', () => {
    expect(buildRedirectTarget(null, PAGE)).toBeNull();
    expect(buildRedirectTarget(undefined, PAGE)).toBeNull();
    expect(buildRedirectTarget('', PAGE)).toBeNull();
    expect(buildRedirectTarget('   ', PAGE)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('resolves a relative path on the current site and copies the page query parameters', () => {
    expect(buildRedirectTarget('/careers/offers', PAGE)).toBe(
      'https://careers.acme.example/careers/offers?domain=acme.example&utm_source=mail',
    );
  });

  it('keeps the target’s own parameters over the page’s', () => {
    const result = buildRedirectTarget('/careers/offer/abc?domain=other.example&x=1', PAGE);
    const url = new URL(result as string);
    expect(url.searchParams.getAll('domain')).toEqual(['other.example']);
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('utm_source')).toBe('mail');
  });

  it('keeps every value of a repeated target parameter and copies repeated page parameters', () => {
    const result = buildRedirectTarget('/a?tag=1&tag=2', 'https://careers.acme.example/?tag=3&skill=x&skill=y');
    const url = new URL(result as string);
    expect(url.searchParams.getAll('tag')).toEqual(['1', '2']);
    expect(url.searchParams.getAll('skill')).toEqual(['x', 'y']);
  });

  it('accepts an absolute address on the same origin and keeps its fragment', () => {
    expect(
      buildRedirectTarget('https://careers.acme.example/careers/offers#top', 'https://careers.acme.example/careers'),
    ).toBe('https://careers.acme.example/careers/offers#top');
  });

  it('resolves a path relative to the current page', () => {
    expect(buildRedirectTarget('offers', 'https://careers.acme.example/careers/dashboard')).toBe(
      'https://careers.acme.example/careers/offers',
    );
  });

  it.each([
    ['another origin', 'https://evil.example/careers'],
    ['another port', 'https://careers.acme.example:8443/careers'],
    ['another scheme', 'http://careers.acme.example/careers'],
    ['a sub-domain', 'https://evil.careers.acme.example/'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example/x'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['JavaScript: with spaces', '  JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD4='],
    ['mailto:', 'mailto:someone@example.com'],
  ])('refuses %s and warns', (_label, redirect) => {
    expect(buildRedirectTarget(redirect, PAGE)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses anything when the current address is not valid', () => {
    expect(buildRedirectTarget('/careers', 'not a url')).toBeNull();
  });

  it("takes a careers path of the server (/careers/...) to the same page below the employer page's base path", () => {
    setSiteBase('/jobs');
    try {
      expect(buildRedirectTarget('/careers/offers?tab=1', 'https://www.acme.example/jobs?domain=acme.example')).toBe(
        'https://www.acme.example/jobs/offers?tab=1&domain=acme.example',
      );
    } finally {
      setSiteBase('/careers');
    }
  });
});
