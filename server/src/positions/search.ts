/**
 * Job search (decision 026): the text matches from the database (text-matches.ts), then one pass of the employer's
 * facet index (evaluate.ts) for the count, the filters' option counts and the markers, and the page (ranking.ts).
 * The same search compiled to SQL (conditions.ts) says which positions match a saved search. The filters are one
 * table (filters.ts); the geometry is shared/src/contract/geometry.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { FilterDefinition, MapMarker } from '../contract';
import { databaseKind } from '../db/dialect';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { createBoilerplate, type Boilerplate } from './boilerplate';
import { searchCondition } from './conditions';
import { evaluate } from './evaluate';
import { createFacetIndexes, hasOpenPosition, openState, type FacetIndexes } from './facet-index';
import { pageIds } from './ranking';
import type { SearchInput } from './search-input';
import { createTextMatches, type TextMatches } from './text-matches';
import { prefixEnd, queryWords } from './text';

export type { SearchInput } from './search-input';
export type { Bounds, Origin } from './geometry-sql';

export interface SearchResult {
  count: number;
  /** The page: ids in order (their distances and nearest places: repository.ts `summaries` with the origin). */
  ids: number[];
  facets: FilterDefinition[];
  markers: MapMarker[];
  engine: string;
}

/** Search terms read for one suggestion list, before those of no open position are left out. */
const SUGGESTION_CANDIDATES = 500;

export function createSearch(
  db: Kysely<Database>,
  indexes: FacetIndexes = createFacetIndexes(db),
  textMatches: TextMatches = createTextMatches(db),
  boilerplate: Boilerplate = createBoilerplate(db),
) {
  const postgres = databaseKind(db) === 'postgres';
  return {
    engine: postgres ? 'postgresql tsvector' : 'sqlite fts5',
    /**
     * One search: the text matches from the database (all positions without words), then one pass of the
     * employer's facet index for the count, filter counts, markers and a date or distance page; the relevance
     * page is ranked by the database (bm25 / ts_rank).
     */
    async run(input: SearchInput): Promise<SearchResult> {
      const words = queryWords(input.query);
      const index = await indexes.get(input.domain);
      const domain = normalizeDomain(input.domain);
      const text =
        words.length > 0
          ? await textMatches.get(
              domain,
              index,
              words,
              await boilerplate.notInDescription(domain, index, words, Date.parse(input.now)),
            )
          : null;
      const evaluated = evaluate(index, input, text?.matches ?? null);
      const ids = await pageIds(index, evaluated, input, text);
      return {
        count: evaluated.matched.length,
        ids,
        facets: evaluated.facets,
        markers: evaluated.markers,
        engine: postgres ? 'postgresql tsvector' : 'sqlite fts5',
      };
    },
    /**
     * Of `ids`, those the search `input` finds (the same conditions as `run`, restricted to these positions; paging,
     * sort and facets do not apply): whether a position matches a saved search.
     */
    async matchingIds(input: SearchInput, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const words = queryWords(input.query);
      const domain = normalizeDomain(input.domain);
      const notInDescription =
        words.length > 0
          ? await boilerplate.notInDescription(domain, await indexes.get(domain), words, Date.parse(input.now))
          : [];
      const among = sql`p.id in (${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))})`;
      const { rows } = await sql<{
        id: number;
      }>`select p.id as id from positions p where ${searchCondition(input, words, notInDescription, postgres)} and ${among}`.execute(
        db,
      );
      return rows.map((row) => Number(row.id));
    },
    /**
     * The places of the employer's positions open at `nowMs`, the most positions first (the location suggestions
     * put their cities first), from the index's open state (facet-index.ts `openState`: one pass, remembered until
     * the data changes or a position opens or closes).
     */
    async openPlaces(domain: string, nowMs: number): Promise<Array<{ name: string; lat: number; lng: number }>> {
      const index = await indexes.get(domain);
      const { placeCounts } = openState(index, nowMs);
      return index.places
        .map((place, code) => ({ place, count: placeCounts[code]! }))
        .filter((entry) => entry.count > 0)
        .sort((a, b) => b.count - a.count)
        .map(({ place }) => ({ name: place.name, lat: place.lat, lng: place.lng }));
    },
    /**
     * Titles and skills with a word starting with the typed text, titles first, shortest first; only those of a
     * position open at `now` (what search can return, decided on the search's own index).
     */
    async suggestions(domain: string, typed: string, limit: number, now: string) {
      const key = queryWords(typed).join(' ');
      if (key === '') return [];
      const [rows, index] = await Promise.all([
        db
          .selectFrom('search_terms')
          .select(['term', 'kind'])
          .distinct()
          .where('domain', '=', normalizeDomain(domain))
          .where('term_key', '>=', key)
          .where('term_key', '<', prefixEnd(key))
          .limit(SUGGESTION_CANDIDATES)
          .execute(),
        indexes.get(domain),
      ]);
      const nowMs = Date.parse(now);
      const seen = new Set<string>();
      return rows
        .filter((row) => hasOpenPosition(index, row.kind, row.term, nowMs))
        .sort(
          (a, b) =>
            (a.kind === b.kind ? 0 : a.kind === 'title' ? -1 : 1) ||
            a.term.length - b.term.length ||
            a.term.localeCompare(b.term),
        )
        .filter((row) => {
          const unique = `${row.kind}:${row.term.toLowerCase()}`;
          if (seen.has(unique)) return false;
          seen.add(unique);
          return true;
        })
        .slice(0, limit);
    },
  };
}

export type Search = ReturnType<typeof createSearch>;
