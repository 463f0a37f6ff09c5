/**
 * The full-text side of job search: which of an employer's positions match the words (FTS5 / tsvector), and the
 * best of them by the engine's relevance (bm25 / ts_rank) — remembered per employer, data version and words, so
 * that the next search with the same words (another filter, page or sort, the usual way a candidate refines a
 * search) does not ask the database again.
 *
 * What is remembered is the database's own answer for those words, never a search result: filters, counts, pages
 * and whether a position is open are worked out per search from the facet index. An entry is only used while the
 * employer's data version (migration 0008's triggers, raised by any write) is the one it was made with, and the
 * entries of an older version are dropped as soon as a newer one is seen. Memory is bounded by the number of
 * position references held (MAX_HELD, about 4 bytes each) and of entries (MAX_ENTRIES), least recently used first.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { databaseKind } from '../db/dialect';
import type { Database } from '../db/types';
import type { EmployerIndex } from './facet-index';
import { fts5Query, tsQuery } from './text';

const MAX_ENTRIES = 500;
const MAX_HELD = 4_000_000;

/**
 * A match in the relevance order: its index in the employer's facet index and its rank, lower is better (SQLite:
 * bm25; PostgreSQL: minus ts_rank, as float8 so that the value read back compares exactly).
 */
export interface RankedMatch {
  i: number;
  rank: number;
}

/**
 * The best matches by rank fetched so far, in rank order: every match of the employer whose rank is below `bound`
 * (or at most `bound` when `inclusive`) is in `items`, or all of them when `complete`.
 */
interface RankedPrefix {
  items: RankedMatch[];
  /** Rows the database gave (SQLite: every employer's, the FTS5 index is one table), for the next fetch's size. */
  rows: number;
  bound: number;
  inclusive: boolean;
  complete: boolean;
}

interface Entry {
  /** Indexes (into the facet index) of the employer's positions whose text matches every word. */
  matches: Int32Array;
  /** Rows the text query matched in the database (SQLite: of every employer). */
  textHits: number;
  ranked: RankedPrefix;
}

/** Parses the comma-separated ids of `group_concat` / `string_agg` (one value instead of a row per id). */
function parseIds(list: string | null): number[] {
  if (!list) return [];
  const ids: number[] = [];
  let value = 0;
  for (let k = 0; k < list.length; k += 1) {
    const code = list.charCodeAt(k);
    if (code === 44) {
      ids.push(value);
      value = 0;
    } else {
      value = value * 10 + (code - 48);
    }
  }
  ids.push(value);
  return ids;
}

export function createTextMatches(db: Kysely<Database>) {
  const postgres = databaseKind(db) === 'postgres';
  const entries = new Map<string, Promise<Entry>>();
  /** The data version each employer's entries were made with. */
  const versions = new Map<string, string>();
  const held = new Map<string, number>();
  let heldTotal = 0;

  /** Boilerplate words (marked `!`: matched outside the description) query other rows, so they key apart. */
  const keyOf = (domain: string, words: string[], notInDescription: readonly boolean[]) =>
    `${domain}\u0000${words.map((word, k) => (notInDescription[k] ? `!${word}` : word)).join(' ')}`;

  function forget(key: string) {
    entries.delete(key);
    heldTotal -= held.get(key) ?? 0;
    held.delete(key);
  }

  function account(key: string, entry: Entry) {
    if (!entries.has(key)) return;
    heldTotal -= held.get(key) ?? 0;
    const size = entry.matches.length + entry.ranked.items.length * 2;
    held.set(key, size);
    heldTotal += size;
    while ((heldTotal > MAX_HELD || entries.size > MAX_ENTRIES) && entries.size > 1) {
      const oldest = entries.keys().next().value!;
      if (oldest === key) break;
      forget(oldest);
    }
  }

  async function load(
    domain: string,
    index: EmployerIndex,
    words: string[],
    notInDescription: readonly boolean[],
  ): Promise<Entry> {
    const { rows } = postgres
      ? await sql<{
          ids: string | null;
        }>`select string_agg(id::text, ',') as ids from positions where domain = ${domain} and search_vector @@ to_tsquery('english', ${tsQuery(words, notInDescription)})`.execute(
          db,
        )
      : await sql<{
          ids: string | null;
        }>`select group_concat(rowid) as ids from positions_fts where positions_fts match ${fts5Query(words, notInDescription)}`.execute(
          db,
        );
    const ids = parseIds(rows[0]?.ids ?? null);
    const matches = new Int32Array(ids.length);
    let n = 0;
    for (const id of ids) {
      const i = index.indexOf(id);
      if (i >= 0) matches[n++] = i;
    }
    return {
      matches: matches.slice(0, n),
      textHits: ids.length,
      ranked: { items: [], rows: 0, bound: -Infinity, inclusive: false, complete: false },
    };
  }

  /**
   * The matches in rank order: SQLite bm25 (title 10, skills 4, department 4, description 1), PostgreSQL ts_rank;
   * the best `limit`, or all, or every one ranked at most `upTo`.
   */
  async function fetchRanked(
    domain: string,
    index: EmployerIndex,
    words: string[],
    notInDescription: readonly boolean[],
    limit: number | null,
    upTo: number | null,
  ): Promise<{ items: RankedMatch[]; rows: number; last: number }> {
    const tail = (rank: RawBuilder<unknown>) =>
      sql`${upTo === null ? sql`` : sql` and ${rank} <= ${upTo}`} order by rank${limit === null ? sql`` : sql` limit ${sql.lit(limit)}`}`;
    let rank: RawBuilder<unknown>;
    let query: RawBuilder<{ id: number; rank: number }>;
    if (postgres) {
      const tsquery = sql`to_tsquery('english', ${tsQuery(words, notInDescription)})`;
      rank = sql`(-ts_rank(search_vector, ${tsquery}))::float8`;
      query = sql`select id, ${rank} as rank from positions where domain = ${domain} and search_vector @@ ${tsquery}${tail(rank)}`;
    } else {
      rank = sql`bm25(positions_fts, 10.0, 4.0, 4.0, 1.0)`;
      query = sql`select rowid as id, ${rank} as rank from positions_fts where positions_fts match ${fts5Query(words, notInDescription)}${tail(rank)}`;
    }
    const { rows } = await query.execute(db);
    const items: RankedMatch[] = [];
    for (const row of rows) {
      const i = index.indexOf(Number(row.id));
      if (i >= 0) items.push({ i, rank: Number(row.rank) });
    }
    return { items, rows: rows.length, last: rows.length > 0 ? Number(rows[rows.length - 1]!.rank) : -Infinity };
  }

  return {
    /**
     * The text matches of `words` among the employer's positions (the facet index `index`, whose version is the
     * employer's current one), and a ranking function for them. Words marked in `notInDescription` (the employer's
     * boilerplate, boilerplate.ts) match outside the description only.
     */
    async get(domain: string, index: EmployerIndex, words: string[], notInDescription: readonly boolean[] = []) {
      if (versions.get(domain) !== index.version) {
        for (const key of [...entries.keys()]) if (key.startsWith(`${domain}\u0000`)) forget(key);
        versions.set(domain, index.version);
      }
      const key = keyOf(domain, words, notInDescription);
      let pending = entries.get(key);
      if (pending) {
        entries.delete(key);
        entries.set(key, pending);
      } else {
        pending = load(domain, index, words, notInDescription);
        entries.set(key, pending);
        pending.then(
          (entry) => account(key, entry),
          () => {
            if (entries.get(key) === pending) forget(key);
          },
        );
      }
      const entry = await pending;

      /**
       * Positions `start` to `end` by rank (ties: newest first) among the matches that pass the filters
       * (`isMatch`), `matched` of them. Served from the ranked prefix when it holds them; otherwise the database is
       * asked for the best `limit` rows (enough when the filters keep matches evenly, and at least four times the last
       * fetch), for all of them, or — when the page's last match ties with rows past the prefix (equal scores are
       * common) — for every row up to its score.
       */
      async function rankedPage(
        isMatch: Uint8Array,
        matched: number,
        start: number,
        end: number,
        byNewest: (a: number, b: number) => number,
      ): Promise<number[]> {
        const pageOf = (hits: RankedMatch[]) =>
          hits
            .sort((a, b) => a.rank - b.rank || byNewest(a.i, b.i))
            .slice(start, end)
            .map((hit) => index.ids[hit.i]!);
        for (let attempt = 0; ; attempt += 1) {
          const prefix = entry.ranked;
          const hits = prefix.items.filter((item) => isMatch[item.i] === 1);
          if (prefix.complete) return pageOf(hits);
          const edge = hits.length >= end ? hits[end - 1]!.rank : null;
          if (edge !== null && (edge < prefix.bound || (prefix.inclusive && edge <= prefix.bound))) {
            return pageOf(hits);
          }
          let next: RankedPrefix;
          if (edge !== null && attempt < 3) {
            const fetched = await fetchRanked(domain, index, words, notInDescription, null, edge);
            next = { items: fetched.items, rows: fetched.rows, bound: edge, inclusive: true, complete: false };
          } else {
            const estimate = Math.ceil((end * entry.textHits * 1.5) / Math.max(1, matched)) + 20;
            const limit = Math.max(estimate, prefix.rows * 4);
            const all = limit >= entry.textHits || attempt >= 3;
            const fetched = await fetchRanked(domain, index, words, notInDescription, all ? null : limit, null);
            next = {
              items: fetched.items,
              rows: fetched.rows,
              bound: fetched.last,
              inclusive: false,
              complete: all || fetched.rows < limit,
            };
          }
          // Concurrent searches may extend the same prefix: keep the one that covers more.
          if (next.complete || next.rows >= entry.ranked.rows) {
            entry.ranked = next;
            account(key, entry);
          }
          if (next.complete) return pageOf(next.items.filter((item) => isMatch[item.i] === 1));
        }
      }

      return { matches: entry.matches, rankedPage };
    },
  };
}

export type TextMatches = ReturnType<typeof createTextMatches>;
