/**
 * The search's filters (docs/product/search.md#filters), one entry each (decision 026): how a `filter_{name}`
 * parameter's values are checked and read, the SQL condition the filter adds, and how the in-memory engine
 * (evaluate.ts) tests a position and counts the filter's options from the facet index. The SQL conditions
 * (conditions.ts), the option counts and `filterDef` of the answer, the validation of the parameters and the oracle
 * test that keeps the two engines in step all derive from this table. Adding a filter: its name in `SEARCH_FILTERS`
 * (shared/src/contract/search-constants.ts, which gives the query schema its `filter_{name}` parameter), its entry
 * here (the compiler asks for it), and its display name in the search widget's messages.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  decodeFilterValue,
  FILTER_PARAMETER_PREFIX,
  filterValueParts,
  hasControlCharacters,
  SEARCH_FILTERS,
  type SearchFilterName,
} from '../contract';
import { badRequest } from '../http/errors';
import type { EmployerIndex } from './facet-index';
import { distanceCondition, type Origin } from './geometry-sql';

/** Radii (km) the distance filter offers around a place with coordinates; 0 is the place itself. */
export const DISTANCE_OPTIONS = [0, 10, 25, 50, 100, 250];
/** "The place itself": within this many km (a map marker's positions share its coordinates). */
export const SAME_PLACE_KM = 1;

/** The applied filters of a search, each read by its entry (values of one parameter, a flag, a radius). */
export interface AppliedFilters {
  department?: string[];
  employment_type?: string[];
  location?: string[];
  remote?: boolean;
  skills?: string[];
  /** Km around the search's origin (only with an origin). */
  distance?: number;
}

/** What a filter's SQL condition may read besides its value. */
interface FilterContext {
  origin: Origin | null;
}

/**
 * How the in-memory engine reads a filter from the facet index:
 * - `one`: a position has one value, a code into `names` (`codes[i]`); `order` fixes the options' order (else the
 *   most frequent first), `labels` their labels (else the value);
 * - `many`: a position has a list of distinct values (`lists`): `ids[start[i] .. start[i + 1])`, codes into `names`;
 * - `radius`: the distance from the search's origin to the position's nearest place (evaluate.ts measures it).
 */
export type FilterIndex =
  | {
      kind: 'one';
      codes: (index: EmployerIndex) => Int32Array;
      names: (index: EmployerIndex) => readonly string[];
      labels?: readonly string[];
      order?: readonly number[];
    }
  | {
      kind: 'many';
      lists: (index: EmployerIndex) => { start: Int32Array; ids: Int32Array; names: readonly string[] };
    }
  | { kind: 'radius' };

export interface FilterDescriptor<Value> {
  /** The applied value from the parameter's values (decoded, trimmed, distinct, at least one); a 400 when invalid. */
  read: (values: string[]) => Value | undefined;
  /** The values the in-memory engine keeps (`one` and `many` filters): the value's names. */
  wanted: (value: Value) => readonly string[];
  /** The SQL condition on `positions p` (null: the filter does not apply to this search). */
  sql: (value: Value, context: FilterContext) => RawBuilder<unknown> | null;
  index: FilterIndex;
}

/** A filter whose values are option names, any of which a position may have (its SQL condition and index given). */
const namesFilter = (
  condition: (values: string[]) => RawBuilder<unknown>,
  index: FilterIndex,
): FilterDescriptor<string[]> => ({ read: (values) => values, wanted: (values) => values, sql: condition, index });

/** A 400 naming the parameter. */
const invalid = (name: SearchFilterName, message: string) =>
  badRequest(`querystring/${FILTER_PARAMETER_PREFIX}${name} ${message}`, `${FILTER_PARAMETER_PREFIX}${name}`);

const SEARCH_FILTER_TABLE: {
  [Name in SearchFilterName]-?: FilterDescriptor<NonNullable<AppliedFilters[Name]>>;
} = {
  department: namesFilter((values) => sql`p.department in (${sql.join(values)})`, {
    kind: 'one',
    codes: (index) => index.department,
    names: (index) => index.departments,
  }),
  employment_type: namesFilter((values) => sql`p.employment_type in (${sql.join(values)})`, {
    kind: 'one',
    codes: (index) => index.employmentType,
    names: (index) => index.employmentTypes,
  }),
  location: namesFilter(
    (values) =>
      sql`exists (select 1 from position_locations l where l.position_id = p.id and l.name in (${sql.join(values)}))`,
    {
      kind: 'many',
      lists: (index) => ({ start: index.placeNameStart, ids: index.placeNameIds, names: index.placeNames }),
    },
  ),
  remote: {
    // Both values chosen is no narrowing at all.
    read: (values) => {
      if (!values.every((value) => value === 'true' || value === 'false'))
        throw invalid('remote', 'values must be "true" or "false"');
      return values.length === 1 ? values[0] === 'true' : undefined;
    },
    wanted: (remote) => [String(remote)],
    sql: (remote) => sql`p.remote = ${remote ? 1 : 0}`,
    // Codes are the stored 0/1; Remote is listed before On-site whatever their counts.
    index: {
      kind: 'one',
      codes: (index) => index.remote,
      names: () => ['false', 'true'],
      labels: ['On-site', 'Remote'],
      order: [1, 0],
    },
  },
  // A position's skills are distinct in the index (facet-index.ts reads them through a Set), as its place names.
  skills: namesFilter(
    (values) =>
      sql`exists (select 1 from position_skills s where s.position_id = p.id and s.skill in (${sql.join(values)}))`,
    { kind: 'many', lists: (index) => ({ start: index.skillStart, ids: index.skillIds, names: index.skills }) },
  ),
  distance: {
    read: (values) => {
      const [value] = values;
      if (values.length > 1 || !/^\d{1,5}$/.test(value!))
        throw invalid('distance', 'must be one distance in km (0 to 99999)');
      return Number(value);
    },
    wanted: () => [],
    sql: (km, { origin }) => (origin ? distanceCondition(origin, Math.max(km, SAME_PLACE_KM)) : null),
    index: { kind: 'radius' },
  },
};

/** The filters in their order (`SEARCH_FILTERS`: the order of `filterDef`), each with its bit for evaluate.ts. */
export const FILTERS = SEARCH_FILTERS.map((name, k) => ({
  name,
  bit: 1 << k,
  descriptor: SEARCH_FILTER_TABLE[name] as FilterDescriptor<unknown>,
}));

/** The applied value of one filter from its parameter's values (none: not applied). */
export function readFilter<Name extends SearchFilterName>(
  name: Name,
  values: string[],
): AppliedFilters[Name] | undefined {
  return values.length === 0 ? undefined : (SEARCH_FILTER_TABLE[name].read(values) as AppliedFilters[Name]);
}

/**
 * The values of one `filter_{name}` parameter (shared/src/contract/search-grammar.ts): repeated and comma-joined
 * values, each percent-decoded once, trimmed, without empty ones and repeats; a 400 naming the parameter for a
 * malformed escape or a control character.
 */
export function parameterValues(name: SearchFilterName, raw: string | readonly string[] | undefined): string[] {
  const values: string[] = [];
  for (const part of filterValueParts(raw)) {
    const decoded = decodeFilterValue(part);
    if (decoded === null) throw invalid(name, 'holds a value that is not valid percent-encoding');
    if (hasControlCharacters(decoded)) throw invalid(name, 'must not hold control characters');
    const value = decoded.trim();
    if (value !== '' && !values.includes(value)) values.push(value);
  }
  return values;
}
