/**
 * Layout breakpoints (docs/product/forms-toolkit.md#breakpoints), in CSS pixels. Each value is the smallest width of
 * its range: phone < 600, tablet 600–1023, desktop ≥ 1024, large desktop ≥ 1180, extra large ≥ 1600.
 */
export const BREAKPOINTS = {
  tablet: 600,
  desktop: 1024,
  largeDesktop: 1180,
  extraLarge: 1600,
} as const;

export type Breakpoint = 'phone' | 'tablet' | 'desktop' | 'largeDesktop' | 'extraLarge';

/** `(min-width: Npx)` for "N px and wider". */
export function minWidthQuery(px: number): string {
  return `(min-width: ${px}px)`;
}

/** `(max-width: …)` for "narrower than N px" (uses N − 0.02 so fractional widths fall on one side only). */
export function maxWidthQuery(belowPx: number): string {
  return `(max-width: ${belowPx - 0.02}px)`;
}

/** Media queries for the breakpoint ranges, ready for `useMediaQuery` or `window.matchMedia`. */
export const MEDIA_QUERIES = {
  phone: maxWidthQuery(BREAKPOINTS.tablet),
  tablet: `${minWidthQuery(BREAKPOINTS.tablet)} and ${maxWidthQuery(BREAKPOINTS.desktop)}`,
  /** Phone or tablet. */
  belowDesktop: maxWidthQuery(BREAKPOINTS.desktop),
  desktop: minWidthQuery(BREAKPOINTS.desktop),
  largeDesktop: minWidthQuery(BREAKPOINTS.largeDesktop),
  extraLarge: minWidthQuery(BREAKPOINTS.extraLarge),
} as const;

/** The named range a viewport width falls in. */
export function breakpointForWidth(width: number): Breakpoint {
  if (width >= BREAKPOINTS.extraLarge) return 'extraLarge';
  if (width >= BREAKPOINTS.largeDesktop) return 'largeDesktop';
  if (width >= BREAKPOINTS.desktop) return 'desktop';
  if (width >= BREAKPOINTS.tablet) return 'tablet';
  return 'phone';
}
