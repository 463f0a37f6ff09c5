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

/** The instants whose ISO text has the form of a stored date: years 0000 to 9999. */
const FIRST_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The first instant `t` whose ISO text sorts at or after `text` (`text <= t.toISOString()` holds from there on, as
 * ISO texts sort as their instants): where the SQL form's text comparison with `now` changes. A stored date as the
 * server writes it is its own instant; any other text (a date without a time, an offset, a typo) is found by
 * bisection, so the facet index agrees with the SQL form on it too.
 */
function firstInstantFrom(text: string): number {
  const ms = Date.parse(text);
  if (ms >= FIRST_MS && ms <= LAST_MS && new Date(ms).toISOString() === text) return ms;
  if (text <= new Date(FIRST_MS).toISOString()) return -Infinity;
  if (text > new Date(LAST_MS).toISOString()) return Infinity;
  let low = FIRST_MS; // iso(low) < text
  let high = LAST_MS; // iso(high) >= text
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (new Date(middle).toISOString() >= text) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The rule for the search's facet index, which decides per search over typed arrays: the position is open at
 * `nowMs` when `from <= nowMs < until`. The same comparisons as the SQL and code forms, turned into instants once
 * when the index is built: posted_at <= now from `from` on, valid_through > now before `until`. An archived
 * position is never open.
 */
export function openWindowMs(position: PositionDates): { from: number; until: number } {
  if (position.archived_at !== null) return { from: Infinity, until: -Infinity };
  return {
    from: firstInstantFrom(position.posted_at),
    until: position.valid_through === null ? Infinity : firstInstantFrom(position.valid_through),
  };
}
