import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FilterDefinition, MapMarker, SortOption } from '../contract';
import { databaseKind } from '../db/dialect';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import {
  createFacetIndexes,
  hasOpenPosition,
  isOpenInIndex,
  openState,
  type EmployerIndex,
  type FacetIndexes,
} from './facet-index';
import { openPosition } from './open';
import { createBoilerplate, type Boilerplate } from './boilerplate';
import { createTextMatches, type TextMatches } from './text-matches';
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
  /** The page: ids in order (their distances and nearest places: repository.ts `summaries` with the origin). */
  ids: number[];
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
/** Search terms read for one suggestion list, before those of no open position are left out. */
const SUGGESTION_CANDIDATES = 500;
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

/** Great-circle distance in km (the same formula as the SQL `haversine`, and the one result cards show). */
export function haversineKm(origin: Pick<Origin, 'lat' | 'lng'>, lat: number, lng: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat - origin.lat) * rad) / 2) ** 2 +
    Math.cos(origin.lat * rad) * Math.cos(lat * rad) * Math.sin(((lng - origin.lng) * rad) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** Whether a point lies in the box (the same test as the SQL `inBox`, longitudes wrapping). */
function boxTest(box: Bounds): (lat: number, lng: number) => boolean {
  const wrap = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;
  const latOk = (lat: number) => lat >= box.south && lat <= box.north;
  if (box.east - box.west >= 360) return latOk;
  const west = wrap(box.west);
  const east = wrap(box.east);
  return west <= east
    ? (lat, lng) => latOk(lat) && lng >= west && lng <= east
    : (lat, lng) => latOk(lat) && (lng >= west || lng <= east);
}

/** Date order of two position indexes: newest first, then the higher id. */
function byNewest(index: EmployerIndex, a: number, b: number): number {
  return index.postedMs[b]! - index.postedMs[a]! || index.ids[b]! - index.ids[a]!;
}

/** The first `count` items in `order` (a bounded insertion for a short page, a full sort for a deep one). */
function firstInOrder(items: Int32Array, count: number, order: (a: number, b: number) => number): number[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return Array.from(items).sort(order).slice(0, count);
  const best: number[] = [];
  for (const item of items) {
    if (best.length === count && order(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (order(item, best[mid]!) < 0) high = mid;
      else low = mid + 1;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

/** Bits of the filters a position fails; a filter's options are counted over positions failing no other one. */
const BIT = { department: 1, employment_type: 2, location: 4, remote: 8, skills: 16, distance: 32 } as const;

/** Codes of `names` whose name is among `wanted` (1), or null when the filter is not applied. */
function allowed(names: string[], wanted: string[] | undefined): Uint8Array | null {
  if (!wanted?.length) return null;
  const set = new Set(wanted);
  return Uint8Array.from(names, (name) => (set.has(name) ? 1 : 0));
}

/** Options of a filter from its counts: the most frequent first (then by value), at most MAX_OPTIONS. */
function options(names: string[], counts: ArrayLike<number>): FilterDefinition['options'] {
  const list: FilterDefinition['options'] = [];
  names.forEach((name, code) => {
    if (counts[code]! > 0) list.push({ label: name, value: name, count: counts[code]! });
  });
  return list
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, MAX_OPTIONS);
}

interface Evaluated {
  /** Indexes of the matching positions. */
  matched: Int32Array;
  /** 1 at the index of each matching position. */
  isMatch: Uint8Array;
  /** Distance (km) from the origin to each position's nearest place (Infinity without places); null without origin. */
  distance: Float64Array | null;
  facets: FilterDefinition[];
  markers: MapMarker[];
}

/**
 * One pass over the candidates (the text matches, or every position): which are open and match, the option counts
 * of every filter (each over the positions that pass every other filter), the distance counts and the markers.
 */
function evaluate(index: EmployerIndex, input: SearchInput, candidates: Int32Array | null): Evaluated {
  const { places } = index;
  const nowMs = Date.parse(input.now);
  const department = allowed(index.departments, input.values.department);
  const employmentType = allowed(index.employmentTypes, input.values.employment_type);
  const skill = allowed(index.skills, input.values.skills);
  const locationNames = input.values.location?.length ? new Set(input.values.location) : null;
  const placeByName = locationNames
    ? Uint8Array.from(places, (place) => (locationNames.has(place.name) ? 1 : 0))
    : null;
  const nameKey = input.placeName === null ? null : textKey(input.placeName);
  const placeNamed =
    nameKey === null ? null : Uint8Array.from(places, (place) => (place.nameKey.includes(nameKey) ? 1 : 0));
  const inBounds = input.bounds ? boxTest(input.bounds) : null;
  const placeInBounds = inBounds ? Uint8Array.from(places, (place) => (inBounds(place.lat, place.lng) ? 1 : 0)) : null;
  const origin = input.origin;
  const placeKm = origin ? Float64Array.from(places, (place) => haversineKm(origin, place.lat, place.lng)) : null;
  const radius = origin && input.radiusKm !== null ? Math.max(input.radiusKm, SAME_PLACE_KM) : null;
  const radii = DISTANCE_OPTIONS.map((km) => Math.max(km, SAME_PLACE_KM));

  const departmentCounts = new Int32Array(index.departments.length);
  const employmentTypeCounts = new Int32Array(index.employmentTypes.length);
  const skillCounts = new Int32Array(index.skills.length);
  const remoteCounts = [0, 0];
  const locationCounts = new Map<string, number>();
  const distanceCounts = new Array<number>(DISTANCE_OPTIONS.length).fill(0);
  const markerCounts = new Int32Array(places.length * 2);
  const distance = placeKm ? new Float64Array(index.size).fill(Infinity) : null;
  const isMatch = new Uint8Array(index.size);
  const matched = new Int32Array(candidates ? candidates.length : index.size);
  let matches = 0;
  const total = candidates ? candidates.length : index.size;

  for (let k = 0; k < total; k += 1) {
    const i = candidates ? candidates[k]! : k;
    if (!isOpenInIndex(index, i, nowMs)) continue;
    const placeFrom = index.placeStart[i]!;
    const placeTo = index.placeStart[i + 1]!;
    let named = placeNamed === null;
    let bounded = placeInBounds === null;
    let byName = false;
    let nearest = Infinity;
    let nearestPlace = -1;
    for (let p = placeFrom; p < placeTo; p += 1) {
      const place = index.placeIds[p]!;
      if (placeNamed?.[place] === 1) named = true;
      if (placeInBounds?.[place] === 1) bounded = true;
      if (placeByName?.[place] === 1) byName = true;
      if (placeKm && placeKm[place]! < nearest) {
        nearest = placeKm[place]!;
        nearestPlace = place;
      }
    }
    if (!named || !bounded) continue;
    if (distance) distance[i] = nearest;
    let fails = 0;
    if (department && department[index.department[i]!] !== 1) fails |= BIT.department;
    if (employmentType && employmentType[index.employmentType[i]!] !== 1) fails |= BIT.employment_type;
    if (placeByName && !byName) fails |= BIT.location;
    if (input.remote !== null && index.remote[i] !== (input.remote ? 1 : 0)) fails |= BIT.remote;
    if (radius !== null && !(nearest <= radius)) fails |= BIT.distance;
    if (skill) {
      let has = false;
      for (let s = index.skillStart[i]!; s < index.skillStart[i + 1]! && !has; s += 1)
        has = skill[index.skillIds[s]!] === 1;
      if (!has) fails |= BIT.skills;
    }
    if (fails !== 0 && (fails & (fails - 1)) !== 0) continue; // fails two filters: counted nowhere
    if (fails === 0) {
      isMatch[i] = 1;
      matched[matches++] = i;
      if (nearestPlace >= 0) {
        // A search from a place: the position's pin is its nearest place, the one its card names with its distance
        // (issue 22: a Toronto search drew pins in Auckland and Madrid for positions also open there).
        if (placeInBounds?.[nearestPlace] !== 0) markerCounts[nearestPlace * 2 + index.remote[i]!]! += 1;
      } else {
        for (let p = placeFrom; p < placeTo; p += 1) {
          const place = index.placeIds[p]!;
          if (placeInBounds?.[place] === 0) continue;
          const slot = place * 2 + index.remote[i]!;
          let repeated = false;
          for (let q = placeFrom; q < p; q += 1) repeated ||= index.placeIds[q] === place;
          if (!repeated) markerCounts[slot]! += 1;
        }
      }
    }
    if (fails === 0 || fails === BIT.department) departmentCounts[index.department[i]!]! += 1;
    if (fails === 0 || fails === BIT.employment_type) employmentTypeCounts[index.employmentType[i]!]! += 1;
    if (fails === 0 || fails === BIT.remote) remoteCounts[index.remote[i]!]! += 1;
    if (fails === 0 || fails === BIT.skills) {
      for (let s = index.skillStart[i]!; s < index.skillStart[i + 1]!; s += 1) skillCounts[index.skillIds[s]!]! += 1;
    }
    if (fails === 0 || fails === BIT.location) {
      for (let p = placeFrom; p < placeTo; p += 1) {
        const name = places[index.placeIds[p]!]!.name;
        let repeated = false;
        for (let q = placeFrom; q < p; q += 1) repeated ||= places[index.placeIds[q]!]!.name === name;
        if (!repeated) locationCounts.set(name, (locationCounts.get(name) ?? 0) + 1);
      }
    }
    if (origin && (fails === 0 || fails === BIT.distance)) {
      for (let r = 0; r < radii.length; r += 1) if (nearest <= radii[r]!) distanceCounts[r]! += 1;
    }
  }

  const locationNamesSeen = [...locationCounts.keys()];
  const facets: FilterDefinition[] = [
    { filterName: 'department', options: options(index.departments, departmentCounts) },
    { filterName: 'employment_type', options: options(index.employmentTypes, employmentTypeCounts) },
    {
      filterName: 'location',
      options: options(
        locationNamesSeen,
        locationNamesSeen.map((name) => locationCounts.get(name)!),
      ),
    },
    {
      filterName: 'remote',
      options: [
        { label: 'Remote', value: 'true', count: remoteCounts[1]! },
        { label: 'On-site', value: 'false', count: remoteCounts[0]! },
      ].filter((option) => option.count > 0),
    },
    { filterName: 'skills', options: options(index.skills, skillCounts) },
  ];
  if (origin) {
    facets.push({
      filterName: 'distance',
      options: DISTANCE_OPTIONS.map((km, r) => ({
        label: km === 0 ? origin.name : `${km} km`,
        value: String(km),
        count: distanceCounts[r]!,
      })),
    });
  }

  const markers: MapMarker[] = [];
  for (let slot = 0; slot < markerCounts.length; slot += 1) {
    const count = markerCounts[slot]!;
    if (count === 0) continue;
    const place = places[slot >> 1]!;
    const remote = (slot & 1) === 1;
    markers.push({
      id: `${place.lat.toFixed(5)},${place.lng.toFixed(5)}${remote ? ':remote' : ''}`,
      latlong: { lat: place.lat, lng: place.lng },
      count,
      location: place.name,
      is_remote: remote,
    });
  }
  markers.sort((a, b) => b.count - a.count || (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  if (markers.length > MAX_MARKERS) markers.length = MAX_MARKERS;

  return { matched: matched.subarray(0, matches), isMatch, distance, facets, markers };
}

/** One narrowing condition on `positions p`, and the filter it belongs to (left out of that filter's counts). */
interface Condition {
  filter: string | null;
  sql: RawBuilder<unknown>;
}

export function createSearch(
  db: Kysely<Database>,
  indexes: FacetIndexes = createFacetIndexes(db),
  textMatches: TextMatches = createTextMatches(db),
  boilerplate: Boilerplate = createBoilerplate(db),
) {
  const postgres = databaseKind(db) === 'postgres';
  /** The conditions of a search; `notInDescription` marks the words that are the employer's boilerplate. */
  function conditions(input: SearchInput, words: string[], notInDescription: readonly boolean[]): Condition[] {
    const list: Condition[] = [
      { filter: null, sql: sql`p.domain = ${normalizeDomain(input.domain)}` },
      { filter: null, sql: openPosition(input.now) },
    ];
    if (words.length > 0) {
      list.push({
        filter: null,
        sql: postgres
          ? sql`p.search_vector @@ to_tsquery('english', ${tsQuery(words, notInDescription)})`
          : sql`p.id in (select rowid from positions_fts where positions_fts match ${fts5Query(words, notInDescription)})`,
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
      const candidates = text?.matches ?? null;
      const evaluated = evaluate(index, input, candidates);
      const end = input.start + input.num;
      let ids: number[];
      if (input.sort === 'distance' && input.origin) {
        const distance = evaluated.distance!;
        const order = (a: number, b: number) => {
          const da = distance[a]!;
          const db_ = distance[b]!;
          return da === db_ ? byNewest(index, a, b) : da < db_ ? -1 : 1;
        };
        ids = firstInOrder(evaluated.matched, end, order)
          .slice(input.start)
          .map((i) => index.ids[i]!);
      } else if (input.sort === 'relevance' && words.length > 0) {
        // The words' relevance order (bm25 / ts_rank, ties newest first), from what text-matches.ts remembers.
        const last = Math.min(end, evaluated.matched.length);
        ids =
          last <= input.start
            ? []
            : await text!.rankedPage(evaluated.isMatch, evaluated.matched.length, input.start, last, (a, b) =>
                byNewest(index, a, b),
              );
      } else {
        ids = [];
        let seen = 0;
        for (let k = 0; k < index.byDate.length && seen < end; k += 1) {
          const i = index.byDate[k]!;
          if (evaluated.isMatch[i] !== 1) continue;
          if (seen >= input.start) ids.push(index.ids[i]!);
          seen += 1;
        }
      }
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
      const list = [
        ...conditions(input, words, notInDescription),
        { filter: null, sql: sql`p.id in (${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))})` },
      ];
      const { rows } = await sql<{ id: number }>`select p.id as id from positions p where ${whereOf(list)}`.execute(db);
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
