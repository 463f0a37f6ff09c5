import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FilterDefinition, MapMarker, SortOption } from '../contract';
import { databaseKind } from '../db/dialect';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { openPosition } from './repository';
import { fts5Query, prefixEnd, queryWords, textKey, tsQuery } from './text';

/** Filters that narrow by a stored value (the others, `remote` and `distance`, are handled on their own). */
export type ValueFilter = 'department' | 'employment_type' | 'location' | 'skills';

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface Origin {
  name: string;
  lat: number;
  lng: number;
}

export interface SearchInput {
  domain: string;
  /** ISO 8601: positions open at this instant. */
  now: string;
  query: string;
  values: Partial<Record<ValueFilter, string[]>>;
  /** `filter_remote` (or the location `remote`): only remote (true) or only on-site (false) positions. */
  remote: boolean | null;
  /** A typed place name without coordinates: positions with a location whose name contains it. */
  placeName: string | null;
  /** A place with coordinates and the radius around it. */
  origin: Origin | null;
  radiusKm: number | null;
  bounds: Bounds | null;
  sort: SortOption;
  start: number;
  num: number;
}

export interface SearchResult {
  count: number;
  /** The page: ids in order, with their distance from the origin when there is one. */
  ids: number[];
  distances: Map<number, number>;
  facets: FilterDefinition[];
  markers: MapMarker[];
  engine: string;
}

/** Radii (km) the distance filter offers around a place with coordinates; 0 is the place itself. */
const DISTANCE_OPTIONS = [0, 10, 25, 50, 100, 250];
/** "The place itself": within this many km (a map marker's positions share its coordinates). */
const SAME_PLACE_KM = 1;
/** Options listed per filter (the most frequent first). */
const MAX_OPTIONS = 50;
/** Markers in one answer (the places with the most positions first). */
const MAX_MARKERS = 1000;
const EARTH_KM = 6371;

/** Great-circle distance in km from a fixed point to `l.lat`/`l.lng` (numbers are validated, never text). */
function haversine(origin: Origin): RawBuilder<number> {
  const lat = sql.lit(origin.lat);
  const lng = sql.lit(origin.lng);
  return sql<number>`(${sql.lit(2 * EARTH_KM)} * asin(sqrt(power(sin(radians(l.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(l.lat)) * power(sin(radians(l.lng - ${lng}) / 2), 2))))`;
}

/** A latitude/longitude box around the origin that holds every point within `km` (for the index). */
function boxAround(origin: Origin, km: number): Bounds {
  const dLat = km / 111.2;
  const cosLat = Math.cos((origin.lat * Math.PI) / 180);
  const dLng = cosLat < 0.01 ? 180 : km / (111.2 * cosLat);
  return {
    south: Math.max(-90, origin.lat - dLat),
    north: Math.min(90, origin.lat + dLat),
    west: dLng >= 180 ? -180 : origin.lng - dLng,
    east: dLng >= 180 ? 180 : origin.lng + dLng,
  };
}

/** `l` lies in the box (longitudes wrap around the antimeridian). */
function inBox(box: Bounds): RawBuilder<unknown> {
  const lat = sql`l.lat between ${sql.lit(box.south)} and ${sql.lit(box.north)}`;
  const wrap = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;
  if (box.east - box.west >= 360) return lat;
  const west = wrap(box.west);
  const east = wrap(box.east);
  const lng =
    west <= east
      ? sql`l.lng between ${sql.lit(west)} and ${sql.lit(east)}`
      : sql`(l.lng >= ${sql.lit(west)} or l.lng <= ${sql.lit(east)})`;
  return sql`(${lat} and ${lng})`;
}

/** One narrowing condition on `positions p`, and the filter it belongs to (left out of that filter's counts). */
interface Condition {
  filter: string | null;
  sql: RawBuilder<unknown>;
}

export function createSearch(db: Kysely<Database>) {
  const postgres = databaseKind(db) === 'postgres';

  function conditions(input: SearchInput, words: string[]): Condition[] {
    const list: Condition[] = [
      { filter: null, sql: sql`p.domain = ${normalizeDomain(input.domain)}` },
      { filter: null, sql: openPosition(input.now) },
    ];
    if (words.length > 0) {
      list.push({
        filter: null,
        sql: postgres
          ? sql`p.search_vector @@ to_tsquery('english', ${tsQuery(words)})`
          : sql`p.id in (select rowid from positions_fts where positions_fts match ${fts5Query(words)})`,
      });
    }
    const { values } = input;
    if (values.department?.length) {
      list.push({ filter: 'department', sql: sql`p.department in (${sql.join(values.department)})` });
    }
    if (values.employment_type?.length) {
      list.push({ filter: 'employment_type', sql: sql`p.employment_type in (${sql.join(values.employment_type)})` });
    }
    if (values.location?.length) {
      list.push({
        filter: 'location',
        sql: sql`exists (select 1 from position_locations l where l.position_id = p.id and l.name in (${sql.join(values.location)}))`,
      });
    }
    if (values.skills?.length) {
      list.push({
        filter: 'skills',
        sql: sql`exists (select 1 from position_skills s where s.position_id = p.id and s.skill in (${sql.join(values.skills)}))`,
      });
    }
    if (input.remote !== null) list.push({ filter: 'remote', sql: sql`p.remote = ${input.remote ? 1 : 0}` });
    if (input.placeName !== null) {
      const pattern = `%${textKey(input.placeName).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      list.push({
        filter: null,
        sql: sql`exists (select 1 from position_locations l where l.position_id = p.id and l.name_key like ${pattern} escape '\\')`,
      });
    }
    if (input.origin && input.radiusKm !== null) {
      const radius = Math.max(input.radiusKm, SAME_PLACE_KM);
      list.push({
        filter: 'distance',
        sql: sql`exists (select 1 from position_locations l where l.position_id = p.id and ${inBox(boxAround(input.origin, radius))} and ${haversine(input.origin)} <= ${sql.lit(radius)})`,
      });
    }
    if (input.bounds) {
      list.push({
        filter: null,
        sql: sql`exists (select 1 from position_locations l where l.position_id = p.id and ${inBox(input.bounds)})`,
      });
    }
    return list;
  }

  const whereOf = (list: Condition[], except?: string) =>
    sql.join(
      list.filter((condition) => except === undefined || condition.filter !== except).map((c) => c.sql),
      sql` and `,
    );

  async function count(list: Condition[]): Promise<number> {
    const { rows } = await sql<{
      count: number | string;
    }>`select count(*) as count from positions p where ${whereOf(list)}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }

  async function page(input: SearchInput, conditionList: Condition[], words: string[]) {
    let list = conditionList;
    const distance = input.origin
      ? sql<number>`(select min(${haversine(input.origin)}) from position_locations l where l.position_id = p.id)`
      : sql<number>`null`;
    let order: RawBuilder<unknown>;
    let from: RawBuilder<unknown> = sql`positions p`;
    if (input.sort === 'distance' && input.origin) order = sql`distance asc nulls last, p.posted_at desc, p.id desc`;
    else if (input.sort === 'relevance' && words.length > 0) {
      if (postgres) {
        order = sql`ts_rank(p.search_vector, to_tsquery('english', ${tsQuery(words)})) desc, p.posted_at desc, p.id desc`;
      } else {
        // CROSS JOIN keeps the matches as the outer loop: one full-text query, then each match's row by id (the
        // other order runs the full-text query once per position).
        from = sql`(select rowid as id, bm25(positions_fts, 10.0, 4.0, 4.0, 1.0) as rank from positions_fts where positions_fts match ${fts5Query(words)}) f cross join positions p`;
        list = [...list, { filter: null, sql: sql`p.id = f.id` }];
        order = sql`f.rank, p.posted_at desc, p.id desc`;
      }
    } else order = sql`p.posted_at desc, p.id desc`;
    const { rows } = await sql<{
      id: number;
      distance: number | null;
    }>`select p.id as id, ${distance} as distance from ${from} where ${whereOf(list)} order by ${order} limit ${sql.lit(input.num)} offset ${sql.lit(input.start)}`.execute(
      db,
    );
    const distances = new Map<number, number>();
    for (const row of rows) if (row.distance !== null) distances.set(Number(row.id), Number(row.distance));
    return { ids: rows.map((row) => Number(row.id)), distances };
  }

  async function facet(list: Condition[], name: ValueFilter | 'remote'): Promise<FilterDefinition> {
    const where = whereOf(list, name);
    const limit = sql.lit(MAX_OPTIONS);
    let query: RawBuilder<{ value: string | number; count: number | string }>;
    switch (name) {
      case 'department':
      case 'employment_type': {
        const column = sql.ref(`p.${name}`);
        query = sql`select ${column} as value, count(*) as count from positions p where ${where} group by ${column} order by count(*) desc, ${column} limit ${limit}`;
        break;
      }
      case 'remote':
        query = sql`select p.remote as value, count(*) as count from positions p where ${where} group by p.remote order by p.remote desc`;
        break;
      case 'location':
        query = sql`select l.name as value, count(distinct p.id) as count from positions p join position_locations l on l.position_id = p.id where ${where} group by l.name order by count(distinct p.id) desc, l.name limit ${limit}`;
        break;
      case 'skills':
        query = sql`select s.skill as value, count(*) as count from positions p join position_skills s on s.position_id = p.id where ${where} group by s.skill order by count(*) desc, s.skill limit ${limit}`;
        break;
    }
    const { rows } = await query.execute(db);
    return {
      filterName: name,
      options: rows.map((row) => {
        const value = name === 'remote' ? (Number(row.value) === 1 ? 'true' : 'false') : String(row.value);
        return {
          label: name === 'remote' ? (value === 'true' ? 'Remote' : 'On-site') : value,
          value,
          count: Number(row.count),
        };
      }),
    };
  }

  async function distanceFacet(list: Condition[], origin: Origin): Promise<FilterDefinition> {
    const widest = Math.max(...DISTANCE_OPTIONS);
    const sums = DISTANCE_OPTIONS.map(
      (km, index) =>
        sql`sum(case when d.distance <= ${sql.lit(Math.max(km, SAME_PLACE_KM))} then 1 else 0 end) as ${sql.ref(`r${index}`)}`,
    );
    const { rows } = await sql<
      Record<string, number | string | null>
    >`select ${sql.join(sums)} from (select (select min(${haversine(origin)}) from position_locations l where l.position_id = p.id and ${inBox(boxAround(origin, widest))}) as distance from positions p where ${whereOf(list, 'distance')}) d`.execute(
      db,
    );
    const row = rows[0] ?? {};
    return {
      filterName: 'distance',
      options: DISTANCE_OPTIONS.map((km, index) => ({
        label: km === 0 ? origin.name : `${km} km`,
        value: String(km),
        count: Number(row[`r${index}`] ?? 0),
      })),
    };
  }

  /** Places of the matching positions (in a map-area search, only the places inside the area). */
  async function markers(list: Condition[], bounds: Bounds | null): Promise<MapMarker[]> {
    const where = bounds ? sql`${whereOf(list)} and ${inBox(bounds)}` : whereOf(list);
    const { rows } = await sql<{
      name: string;
      lat: number;
      lng: number;
      remote: number;
      count: number | string;
    }>`select l.name as name, l.lat as lat, l.lng as lng, p.remote as remote, count(distinct p.id) as count from positions p join position_locations l on l.position_id = p.id where ${where} group by l.name, l.lat, l.lng, p.remote order by count(distinct p.id) desc, l.name limit ${sql.lit(MAX_MARKERS)}`.execute(
      db,
    );
    return rows.map((row) => {
      const lat = Number(row.lat);
      const lng = Number(row.lng);
      const remote = Number(row.remote) === 1;
      return {
        id: `${lat.toFixed(5)},${lng.toFixed(5)}${remote ? ':remote' : ''}`,
        latlong: { lat, lng },
        count: Number(row.count),
        location: row.name,
        is_remote: remote,
      };
    });
  }

  return {
    engine: postgres ? 'postgresql tsvector' : 'sqlite fts5',
    async run(input: SearchInput): Promise<SearchResult> {
      const words = queryWords(input.query);
      const list = conditions(input, words);
      const facetNames = ['department', 'employment_type', 'location', 'remote', 'skills'] as const;
      const [total, pageRows, facets, distance, places] = await Promise.all([
        count(list),
        page(input, list, words),
        Promise.all(facetNames.map((name) => facet(list, name))),
        input.origin ? distanceFacet(list, input.origin) : Promise.resolve(null),
        markers(list, input.bounds),
      ]);
      return {
        count: total,
        ids: pageRows.ids,
        distances: pageRows.distances,
        facets: distance ? [...facets, distance] : facets,
        markers: places,
        engine: postgres ? 'postgresql tsvector' : 'sqlite fts5',
      };
    },
    /**
     * Of `ids`, those the search `input` finds (the same conditions as `run`, restricted to these positions; paging,
     * sort and facets do not apply): whether a position matches a saved search.
     */
    async matchingIds(input: SearchInput, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const list = [
        ...conditions(input, queryWords(input.query)),
        { filter: null, sql: sql`p.id in (${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))})` },
      ];
      const { rows } = await sql<{ id: number }>`select p.id as id from positions p where ${whereOf(list)}`.execute(db);
      return rows.map((row) => Number(row.id));
    },
    /** Titles and skills with a word starting with the typed text, titles first, shortest first. */
    async suggestions(domain: string, typed: string, limit: number) {
      const key = queryWords(typed).join(' ');
      if (key === '') return [];
      const rows = await db
        .selectFrom('search_terms')
        .select(['term', 'kind'])
        .distinct()
        .where('domain', '=', normalizeDomain(domain))
        .where('term_key', '>=', key)
        .where('term_key', '<', prefixEnd(key))
        .limit(200)
        .execute();
      const seen = new Set<string>();
      return rows
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
