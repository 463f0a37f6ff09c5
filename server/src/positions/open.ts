import { sql } from 'kysely';

/**
 * Whether a position is open: not archived, already posted, not past its valid-through date. This is the one rule
 * of every public surface (search and its counts and markers, suggestions, position details, insights, overrides,
 * match details, the job page, the sitemap, the cart, saving, apply): a position that search would not show is
 * answered everywhere else exactly as one that does not exist (issue 21, finding 7: details, insights and
 * overrides once answered positions not yet posted, whose ids are sequential).
 *
 * Stored dates are ISO 8601 UTC strings (`Date#toISOString()`, see db/types.ts), which compare as text exactly as
 * the instants they name; the three forms below compare the same fields the same way.
 */
interface PositionDates {
  archived_at: string | null;
  posted_at: string;
  valid_through: string | null;
}

/** The rule in SQL, for a query over `positions as <alias>`. */
export const openPosition = (now: string, alias = 'p') =>
  sql<boolean>`(${sql.ref(`${alias}.archived_at`)} is null and ${sql.ref(`${alias}.posted_at`)} <= ${now} and (${sql.ref(`${alias}.valid_through`)} is null or ${sql.ref(`${alias}.valid_through`)} > ${now}))`;

/** The rule in code, on a row already read. */
export const isOpenAt = (position: PositionDates, now: string): boolean =>
  position.archived_at === null &&
  position.posted_at <= now &&
  (position.valid_through === null || position.valid_through > now);

/**
 * The rule for the search's facet index, which decides per search over typed arrays: the position is open at
 * `nowMs` when `from <= nowMs < until`. An archived position is never open (`from` is Infinity). A date that does
 * not parse gives NaN, which no comparison passes: such a position is never shown by search.
 */
export function openWindowMs(position: PositionDates): { from: number; until: number } {
  if (position.archived_at !== null) return { from: Infinity, until: -Infinity };
  return {
    from: Date.parse(position.posted_at),
    until: position.valid_through === null ? Infinity : Date.parse(position.valid_through),
  };
}
