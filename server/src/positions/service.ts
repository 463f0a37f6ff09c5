import { sql, type Kysely } from 'kysely';
import type { TFunction } from 'i18next';
import {
  DEFAULT_DISTANCE_KM,
  encodeFilterValue,
  FILTER_PARAMETER_PREFIX,
  hasControlCharacters,
  parseLocationText,
  SAVED_SEARCH_LIMIT,
  SEARCH_FILTERS,
  SEARCH_PAGE_SIZE,
  type SavedSearchMetadata,
  type SavedSearchParameters,
  type SearchData,
  type SearchQuery,
  type SortOption,
  specialLocation,
} from '../contract';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { badRequest } from '../http/errors';
import { gazetteer } from '../geo/gazetteer';
import { createSavedSearchRepository } from '../saved-searches/repository';
import { openPosition } from './open';
import { createPositionRepository, type PositionRepository } from './repository';
import { parameterValues, readFilter, type AppliedFilters } from './filters';
import { createSearch, type Bounds, type Origin, type Search, type SearchInput } from './search';
import { textKey } from './text';
import { calendarDaysBetween } from '../http/time-zone';

/** Finds the coordinates of a place name (the gazetteer), or null when unknown. */
export type Geocoder = (name: string) => Origin | null;

/** A place name to coordinates through the gazetteer (server/src/geo): its largest city of that name. */
const gazetteerGeocoder: Geocoder = (name) => {
  const place = gazetteer().find(name);
  return place ? { name: place.label, lat: place.lat, lng: place.lng } : null;
};

/** `south,west,north,east`, within range and south <= north. */
function parseBounds(text: string): Bounds {
  const [south, west, north, east] = text.split(',').map(Number) as [number, number, number, number];
  const latOk = (value: number) => Number.isFinite(value) && value >= -90 && value <= 90;
  const lngOk = (value: number) => Number.isFinite(value) && value >= -180 && value <= 180;
  if (![south, north].every(latOk) || ![west, east].every(lngOk) || south > north) {
    throw badRequest(
      'querystring/map_bounds must be "south,west,north,east" in degrees: latitudes within ±90 (south <= north), longitudes within ±180',
      'map_bounds',
    );
  }
  return { south, west, north, east };
}

interface SearchedLocation {
  remote: boolean;
  placeName: string | null;
  origin: Origin | null;
}

/**
 * What `location` searches (shared/src/contract/search-grammar.ts): a place with coordinates, `remote`, no place
 * (the other special locations without coordinates), a place the gazetteer knows, or a typed place name.
 */
function searchedLocation(text: string | undefined, geocode: Geocoder): SearchedLocation {
  const location = (text ?? '').trim();
  const none = { remote: false, placeName: null, origin: null };
  if (hasControlCharacters(location))
    throw badRequest('querystring/location must not hold control characters', 'location');
  if (location === '') return none;
  const { name, point, invalid } = parseLocationText(location);
  if (invalid) {
    throw badRequest('querystring/location must be a place name or "name:::latitude,longitude"', 'location');
  }
  if (point) return { ...none, origin: { name: name || `${point.lat},${point.lng}`, ...point } };
  const special = specialLocation(location);
  if (special === 'remote') return { ...none, remote: true };
  if (special) return none;
  const place = geocode(location);
  return place ? { ...none, origin: place } : { ...none, placeName: location };
}

interface SearchContext {
  domain: string;
  candidateId: number | null;
  now: Date;
  debug: boolean;
}

function createPositionService(deps: {
  db: Kysely<Database>;
  positions: PositionRepository;
  search: Search;
  geocode: Geocoder;
}) {
  const { db, positions, search, geocode } = deps;
  const savedSearches = createSavedSearchRepository(db);

  /** The search input of a query: filters, place, distance, bounds and sort checked (a 400 naming the field). */
  function prepare(query: SearchQuery, domain: string, now: Date) {
    // Every parameter's values are decoded before any is read, so the first malformed one is the one reported.
    const applied: Record<string, string[]> = {};
    for (const name of SEARCH_FILTERS) {
      const values = parameterValues(name, query[`${FILTER_PARAMETER_PREFIX}${name}`]);
      if (values.length > 0) applied[name] = values;
    }
    const filters: AppliedFilters = {};
    for (const name of SEARCH_FILTERS) {
      if (applied[name]) Object.assign(filters, { [name]: readFilter(name, applied[name]) });
    }
    const location = searchedLocation(query.location, geocode);
    if (location.remote) filters.remote = true;
    if (!location.origin) delete filters.distance;
    else filters.distance ??= DEFAULT_DISTANCE_KM;
    const bounds = query.map_bounds === undefined ? null : parseBounds(query.map_bounds);
    const sortOptions: SortOption[] = location.origin ? ['relevance', 'date', 'distance'] : ['relevance', 'date'];
    const sort: SortOption = query.sort_by && sortOptions.includes(query.sort_by) ? query.sort_by : 'relevance';
    const input: SearchInput = {
      domain,
      now: now.toISOString(),
      query: query.query ?? '',
      filters,
      placeName: location.placeName,
      origin: location.origin,
      bounds,
      sort,
      start: query.start ?? 0,
      num: query.num ?? SEARCH_PAGE_SIZE,
    };
    return { input, applied, location, sort, sortOptions };
  }

  /** Saved-search state of this search for a signed-in candidate whose employer offers saved searches, else null. */
  async function savedSearchMetadata(
    context: SearchContext,
    parameters: SavedSearchParameters,
  ): Promise<SavedSearchMetadata> {
    if (context.candidateId === null || !(await savedSearches.enabled(context.domain))) return null;
    const owner = { candidateId: context.candidateId, domain: context.domain };
    const saved = await savedSearches.find(owner, parameters);
    return {
      ...parameters,
      savedSearchId: saved?.id ?? null,
      canSave: !saved && (await savedSearches.count(owner)) < SAVED_SEARCH_LIMIT,
    };
  }

  return {
    async search(query: SearchQuery, context: SearchContext): Promise<SearchData> {
      const started = performance.now();
      const { input, applied, location, sort, sortOptions } = prepare(query, context.domain, context.now);
      const result = await search.run(input);
      const list = await positions.summaries(result.ids, context.candidateId, location.origin);
      return {
        count: result.count,
        positions: list,
        filterDef: { allFilters: result.facets },
        sortBy: sort,
        appliedFilters: applied,
        debug: context.debug
          ? { engine: result.engine, tookMs: Math.round((performance.now() - started) * 10) / 10 }
          : null,
        savedSearchMetadata: await savedSearchMetadata(context, parametersOf(query, applied, sort)),
        resultsMetaData: {
          start: input.start,
          num: input.num,
          query: (query.query ?? '').trim(),
          location: (query.location ?? '').trim(),
          origin: location.origin,
          distanceKm: input.filters.distance ?? null,
          sortOptions,
        },
        markers: result.markers,
      };
    },

    /** The search's parameters in canonical form (what a saved search keeps); a 400 naming the field when invalid. */
    searchParameters(query: SearchQuery, domain: string, now: Date): SavedSearchParameters {
      const { applied, sort } = prepare(query, domain, now);
      return parametersOf(query, applied, sort);
    },

    /** Of `positionIds`, those the search with these parameters finds at `now` (the search's own conditions). */
    async matchingPositionIds(
      parameters: SavedSearchParameters,
      domain: string,
      now: Date,
      positionIds: number[],
    ): Promise<number[]> {
      const query: SearchQuery = {
        query: parameters.query,
        location: parameters.location,
        sort_by: parameters.sort_by,
      };
      for (const [name, values] of Object.entries(parameters.filters)) {
        // Each value percent-encoded, so that a comma or `%` in it is read as part of the value.
        Object.assign(query, { [`${FILTER_PARAMETER_PREFIX}${name}`]: values.map(encodeFilterValue) });
      }
      return search.matchingIds(prepare(query, domain, now).input, positionIds);
    },

    /**
     * Explainable match of an open position (null otherwise, as for an unknown one: its skills are not told to
     * anyone before it is posted): the position's skills the profile has, those it lacks, and the share they make.
     */
    async match(domain: string, positionId: number, candidateId: number, now: Date, t: TFunction) {
      const position = await positions.findOpen(domain, positionId, now.toISOString());
      if (!position) return null;
      const wanted = JSON.parse(position.skills) as string[];
      const own = new Set((await positions.candidateSkills(candidateId)).map(textKey));
      const matchedSkills = wanted.filter((skill) => own.has(textKey(skill)));
      const missingSkills = wanted.filter((skill) => !own.has(textKey(skill)));
      const score = wanted.length === 0 ? 0 : Math.round((100 * matchedSkills.length) / wanted.length);
      const explanation =
        own.size === 0
          ? t('positions.match.noProfileSkills', { count: wanted.length })
          : wanted.length === 0
            ? t('positions.match.noPositionSkills')
            : t('positions.match.score', { matched: matchedSkills.length, total: wanted.length, score });
      return {
        positionId,
        score: own.size === 0 ? 0 : score,
        matchedSkills,
        missingSkills,
        profileHasSkills: own.size > 0,
        explanation,
      };
    },

    /**
     * Facts about an open position (null otherwise): how long ago it was posted, open positions of the same
     * department, the team's skills.
     */
    async insights(domain: string, positionId: number, now: Date, t: TFunction, timeZone = 'UTC') {
      const position = await positions.findOpen(domain, positionId, now.toISOString());
      if (!position) return null;
      // A posted_at that is not a date (written by hand) gives no "posted" fact rather than NaN, which no answer takes.
      const postedMs = Date.parse(position.posted_at);
      // Calendar days in the viewer's zone, as the position's own "Posted" line counts them in the browser.
      const days = Number.isNaN(postedMs) ? NaN : calendarDaysBetween(new Date(postedMs), now, timeZone);
      const openInDepartment = sql`p.domain = ${normalizeDomain(domain)} and p.department = ${position.department} and p.id <> ${positionId} and ${openPosition(now.toISOString())}`;
      const [similar, skills] = await Promise.all([
        sql<{ count: number | string }>`select count(*) as count from positions p where ${openInDepartment}`.execute(
          db,
        ),
        sql<{
          skill: string;
          count: number | string;
        }>`select s.skill as skill, count(*) as count from positions p join position_skills s on s.position_id = p.id where ${openInDepartment} group by s.skill order by count(*) desc, s.skill limit 5`.execute(
          db,
        ),
      ]);
      const similarCount = Number(similar.rows[0]?.count ?? 0);
      const teamSkills = skills.rows.map((row) => row.skill);
      const insights: Array<{
        key: 'posted' | 'similar_openings' | 'team_skills';
        text: string;
        value: number | string[];
      }> = [
        ...(Number.isNaN(postedMs)
          ? []
          : [
              {
                key: 'posted' as const,
                text:
                  days === 0
                    ? t('positions.insights.postedToday')
                    : t('positions.insights.postedDaysAgo', { count: days }),
                value: days,
              },
            ]),
        {
          key: 'similar_openings',
          text: t('positions.insights.similarOpenings', { count: similarCount, department: position.department }),
          value: similarCount,
        },
      ];
      if (teamSkills.length > 0) {
        insights.push({
          key: 'team_skills',
          text: t('positions.insights.teamSkills', { department: position.department, skills: teamSkills.join(', ') }),
          value: teamSkills,
        });
      }
      return insights;
    },
  };
}

export type PositionService = ReturnType<typeof createPositionService>;

/**
 * The position repository, the search and the position service over one database: what the routes share (one
 * search, so one set of caches: facet indexes, text matches, open places) and what the position command uses.
 */
export function createPositionServices(db: Kysely<Database>, geocode: Geocoder = gazetteerGeocoder) {
  const positions = createPositionRepository(db);
  const search = createSearch(db);
  return { positions, search, service: createPositionService({ db, positions, search, geocode }) };
}

/** The canonical parameters of a search (trimmed query and location, the filters as applied, the sort used). */
function parametersOf(query: SearchQuery, applied: Record<string, string[]>, sort: SortOption): SavedSearchParameters {
  return {
    query: (query.query ?? '').trim(),
    location: (query.location ?? '').trim(),
    filters: applied,
    sort_by: sort,
  };
}
