import { BREAKPOINTS, MEDIA_QUERIES, breakpointForWidth, maxWidthQuery, minWidthQuery } from './breakpoints';

describe('breakpoints', () => {
  it('has the spec values', () => {
    expect(BREAKPOINTS).toEqual({ tablet: 600, desktop: 1024, largeDesktop: 1180, extraLarge: 1600 });
  });

  it.each([
    [0, 'phone'],
    [599, 'phone'],
    [599.5, 'phone'],
    [600, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1179, 'desktop'],
    [1180, 'largeDesktop'],
    [1599, 'largeDesktop'],
    [1600, 'extraLarge'],
  ])('%i px is %s', (width, name) => {
    expect(breakpointForWidth(width)).toBe(name);
  });

  it('builds media queries that do not overlap at the boundaries', () => {
    expect(minWidthQuery(1024)).toBe('(min-width: 1024px)');
    expect(maxWidthQuery(1024)).toBe('(max-width: 1023.98px)');
    expect(MEDIA_QUERIES.phone).toBe('(max-width: 599.98px)');
    expect(MEDIA_QUERIES.tablet).toBe('(min-width: 600px) and (max-width: 1023.98px)');
    expect(MEDIA_QUERIES.desktop).toBe('(min-width: 1024px)');
    expect(MEDIA_QUERIES.belowDesktop).toBe('(max-width: 1023.98px)');
  });
});
