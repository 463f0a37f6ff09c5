/**
 * A search compiled to SQL: the conditions on `positions p` that find what the in-memory engine (evaluate.ts)
 * finds. It answers which positions match a saved search (`matchingIds`), and the oracle test
 * (server/test/positions-facets.test.ts) holds the two engines to the same counts for every filter of filters.ts.
 */
import { sql, type RawBuilder } from 'kysely';
import { normalizeDomain } from '../employers/repository';
import { FILTERS } from './filters';
import { boundsCondition } from './geometry-sql';
import { openPosition } from './open';
import type { SearchInput } from './search-input';
import { fts5Query, textKey, tsQuery } from './text';

/**
 * The conditions of a search, joined by `and`; `notInDescription` marks the words that are the employer's
 * boilerplate (they match outside the description only, decision 017).
 */
export function searchCondition(
  input: SearchInput,
  words: string[],
  notInDescription: readonly boolean[],
  postgres: boolean,
): RawBuilder<unknown> {
  const list: RawBuilder<unknown>[] = [sql`p.domain = ${normalizeDomain(input.domain)}`, openPosition(input.now)];
  if (words.length > 0) {
    list.push(
      postgres
        ? sql`p.search_vector @@ to_tsquery('english', ${tsQuery(words, notInDescription)})`
        : sql`p.id in (select rowid from positions_fts where positions_fts match ${fts5Query(words, notInDescription)})`,
    );
  }
  for (const { name, descriptor } of FILTERS) {
    const value = input.filters[name];
    const condition = value === undefined ? null : descriptor.sql(value, { origin: input.origin });
    if (condition) list.push(condition);
  }
  if (input.placeName !== null) {
    const pattern = `%${textKey(input.placeName).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    list.push(
      sql`exists (select 1 from position_locations l where l.position_id = p.id and l.name_key like ${pattern} escape '\\')`,
    );
  }
  if (input.bounds) list.push(boundsCondition(input.bounds));
  return sql.join(list, sql` and `);
}
