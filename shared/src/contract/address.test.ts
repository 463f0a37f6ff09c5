import { appendQueryString, buildApiUrl } from './address';

describe('buildApiUrl (the one address builder: widgets and the page server)', () => {
  it('returns the path unchanged without parameters', () => {
    expect(buildApiUrl('/api/pcsx/job_cart')).toBe('/api/pcsx/job_cart');
    expect(buildApiUrl('/api/pcsx/job_cart', {})).toBe('/api/pcsx/job_cart');
  });

  it('appends parameters in the order given', () => {
    expect(buildApiUrl('/api/pcsx/search', { domain: 'acme.example', query: 'nurse', start: 10 })).toBe(
      '/api/pcsx/search?domain=acme.example&query=nurse&start=10',
    );
  });

  it('skips undefined, null and empty strings but keeps false and zero', () => {
    expect(buildApiUrl('/api/x', { a: undefined, b: null, c: '', d: false, e: 0, f: true })).toBe(
      '/api/x?d=false&e=0&f=true',
    );
  });

  it('returns the bare path when every value is empty', () => {
    expect(buildApiUrl('/api/x', { a: undefined, b: null, c: '' })).toBe('/api/x');
  });

  it('sorts array values and repeats the key', () => {
    expect(buildApiUrl('/api/x', { filter_city: ['Toronto', 'Boston', 'Austin'] })).toBe(
      '/api/x?filter_city=Austin&filter_city=Boston&filter_city=Toronto',
    );
  });

  it('sorts numbers numerically and skips empty values inside arrays', () => {
    expect(buildApiUrl('/api/x', { id: [10, 9, 100], tag: ['b', '', null, 'a', undefined] })).toBe(
      '/api/x?id=9&id=10&id=100&tag=a&tag=b',
    );
  });

  it('does not reorder the caller’s array', () => {
    const ids = [3, 1, 2];
    buildApiUrl('/api/x', { id: ids });
    expect(ids).toEqual([3, 1, 2]);
  });

  it('leaves out an empty array', () => {
    expect(buildApiUrl('/api/x', { id: [], a: 1 })).toBe('/api/x?a=1');
  });

  it('extends an existing query string', () => {
    expect(buildApiUrl('/vslog?event=view', { namespace: 'search' })).toBe('/vslog?event=view&namespace=search');
    expect(buildApiUrl('/vslog?', { a: 1 })).toBe('/vslog?a=1');
    expect(buildApiUrl('/vslog?event=view&', { a: 1 })).toBe('/vslog?event=view&a=1');
  });

  it('keeps a fragment at the end', () => {
    expect(buildApiUrl('/page#top', { a: 1 })).toBe('/page?a=1#top');
    expect(buildApiUrl('/page?x=1#top', { a: 1 })).toBe('/page?x=1&a=1#top');
  });

  it('percent-encodes keys and values', () => {
    expect(buildApiUrl('/api/x', { 'a b': 'c&d=e', q: 'café #1 / 100%' })).toBe(
      '/api/x?a%20b=c%26d%3De&q=caf%C3%A9%20%231%20%2F%20100%25',
    );
  });
});

describe('appendQueryString', () => {
  it('adds an encoded query string with the right separator, before any fragment', () => {
    expect(appendQueryString('/a', 'x=1')).toBe('/a?x=1');
    expect(appendQueryString('/a?y=2', 'x=1')).toBe('/a?y=2&x=1');
    expect(appendQueryString('/a?y=2#f', 'x=')).toBe('/a?y=2&x=#f');
    expect(appendQueryString('/a', '')).toBe('/a');
  });
});
