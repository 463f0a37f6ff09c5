/**
 * Stale-time options (from 10 s to never stale, docs/product/search.md#cache-lifetimes), in seconds as RTK Query counts
 * them. An answer younger than its stale time is shown without asking again; an older one is shown at once and asked
 * for again in the background (RTK Query's `refetchOnMountOrArgChange` with a number). How long an unused answer is
 * kept at all is `keepUnusedDataFor`, taken from the same options.
 */
export const STALE_TIME = {
  tenSeconds: 10,
  thirtySeconds: 30,
  oneMinute: 60,
  twoMinutes: 120,
  fiveMinutes: 300,
  tenMinutes: 600,
  thirtyMinutes: 1800,
  oneHour: 3600,
  oneDay: 86_400,
  infinite: Infinity,
} as const;

export type StaleTime = keyof typeof STALE_TIME;

/** The hook options of a query whose answer goes stale after `staleTime` (never, for `infinite`). */
export function staleAfter(staleTime: StaleTime): { refetchOnMountOrArgChange: number | false } {
  const seconds = STALE_TIME[staleTime];
  return { refetchOnMountOrArgChange: Number.isFinite(seconds) ? seconds : false };
}
