/**
 * The in-memory facet index of job search: per employer, the filterable facts of every position (open dates,
 * department, employment type, remote, places, skills) as flat typed arrays, so that one pass over the matching
 * positions gives the count, every filter's option counts, the distance counts, the map markers and the page in
 * date or distance order — instead of one SQL scan of all matches per filter (0.3–1.9 s at 100,000 positions).
 *
 * Full text stays in the database (FTS5 / tsvector): it gives the ids that match the words, and the relevance
 * order. The index is rebuilt when the employer's data version (migration 0008: triggers on positions, their
 * locations and skills) has changed, so any write — API, CLI or plain SQL, from any process — is seen by the next
 * search. Whether a position is open is decided per search from its dates, never cached.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { openWindowMs } from './open';

/** A distinct place of the employer's positions: a map marker's location. */
interface Place {
  name: string;
  nameKey: string;
  lat: number;
  lng: number;
}

export interface EmployerIndex {
  version: string;
  size: number;
  /** Position ids, by index. */
  ids: Int32Array;
  /** Index of a position id, or -1 (`indexOf`). */
  indexOf: (id: number) => number;
  /** Posted in ms: the date order. */
  postedMs: Float64Array;
  /** Position i is open at t when openFromMs[i] <= t < openUntilMs[i] (`openWindowMs`, the rule of open.ts). */
  openFromMs: Float64Array;
  openUntilMs: Float64Array;
  /** 1 for a remote position, else 0 (an Int32Array as the other codes, so one filter loop reads them all alike). */
  remote: Int32Array;
  department: Int32Array;
  departments: string[];
  employmentType: Int32Array;
  employmentTypes: string[];
  /** Places of position i: placeIds[placeStart[i] .. placeStart[i + 1]), in location order. */
  placeStart: Int32Array;
  placeIds: Int32Array;
  places: Place[];
  /**
   * The distinct place names of position i: placeNameIds[placeNameStart[i] .. placeNameStart[i + 1]), codes into
   * `placeNames` (places of one name at other coordinates share it): the location filter's values.
   */
  placeNameStart: Int32Array;
  placeNameIds: Int32Array;
  placeNames: string[];
  /** Skills of position i: skillIds[skillStart[i] .. skillStart[i + 1]). */
  skillStart: Int32Array;
  skillIds: Int32Array;
  skills: string[];
  /** Position indexes, newest first (posted_at desc, id desc): the date order. */
  byDate: Int32Array;
  /** The positions of each title and of each skill, by the text suggestions offer (see `hasOpenPosition`). */
  titleMembers: Map<string, Int32Array>;
  skillMembers: Map<string, Int32Array>;
}

/** Whether position i of the index is open at `nowMs` (the facet form of the rule in open.ts). */
export const isOpenInIndex = (index: EmployerIndex, i: number, nowMs: number): boolean =>
  index.openFromMs[i]! <= nowMs && nowMs < index.openUntilMs[i]!;

/**
 * Whether some position with this title or skill is open at `nowMs`: a suggestion is offered only when search can
 * return a position for it (issue 21: suggestions kept offering the titles and skills of archived positions).
 */
export function hasOpenPosition(index: EmployerIndex, kind: 'title' | 'skill', term: string, nowMs: number) {
  const members = (kind === 'title' ? index.titleMembers : index.skillMembers).get(term);
  if (!members) return false;
  for (const i of members) if (isOpenInIndex(index, i, nowMs)) return true;
  return false;
}

/** Which of an employer's positions are open at an instant, summed up, and the instants between which that holds. */
export interface OpenState {
  /** How many positions are open. */
  open: number;
  /** Open positions per place code (`places`). */
  placeCounts: Int32Array;
  /** The state holds for `fromMs <= now < untilMs`: no position opens or closes in between. */
  fromMs: number;
  untilMs: number;
}

const openStates = new WeakMap<EmployerIndex, OpenState>();

/**
 * The open state of the index at `nowMs`: one pass over its positions, remembered with the index until a position
 * opens or closes (the earliest such instant after `nowMs`, and the latest at or before it, are noted in the same
 * pass); a new data version is a new index, and its state is worked out afresh.
 */
export function openState(index: EmployerIndex, nowMs: number): OpenState {
  const kept = openStates.get(index);
  if (kept && nowMs >= kept.fromMs && nowMs < kept.untilMs) return kept;
  const placeCounts = new Int32Array(index.places.length);
  let open = 0;
  let fromMs = -Infinity;
  let untilMs = Infinity;
  for (let i = 0; i < index.size; i += 1) {
    for (const edge of [index.openFromMs[i]!, index.openUntilMs[i]!]) {
      if (edge > nowMs && edge < untilMs) untilMs = edge;
      else if (edge <= nowMs && edge > fromMs) fromMs = edge;
    }
    if (!isOpenInIndex(index, i, nowMs)) continue;
    open += 1;
    for (let p = index.placeStart[i]!; p < index.placeStart[i + 1]!; p += 1) placeCounts[index.placeIds[p]!]! += 1;
  }
  const state = { open, placeCounts, fromMs, untilMs };
  openStates.set(index, state);
  return state;
}

/** Position indexes grouped by a text (title, skill). */
function membersBy(size: number, textsOf: (index: number) => Iterable<string>): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  for (let index = 0; index < size; index += 1) {
    for (const text of textsOf(index)) {
      const list = lists.get(text);
      if (list) list.push(index);
      else lists.set(text, [index]);
    }
  }
  return new Map([...lists].map(([text, list]) => [text, Int32Array.from(list)]));
}

/** Builds the arrays of one employer from the database (about 0.5 s at 100,000 positions). */
async function build(db: Kysely<Database>, domain: string, version: string): Promise<EmployerIndex> {
  // Skills come from the position's JSON list (the same values as its position_skills rows, which filter in SQL).
  const [positionRows, locationRows] = await Promise.all([
    sql<{
      id: number;
      department: string;
      employment_type: string;
      remote: number;
      posted_at: string;
      valid_through: string | null;
      archived_at: string | null;
      title: string;
      skills: string;
    }>`select id, title, department, employment_type, remote, posted_at, valid_through, archived_at, skills from positions where domain = ${domain} order by id`.execute(
      db,
    ),
    sql<{
      position_id: number;
      name: string;
      name_key: string;
      lat: number;
      lng: number;
    }>`select l.position_id, l.name, l.name_key, l.lat, l.lng from position_locations l join positions p on p.id = l.position_id where p.domain = ${domain} order by l.position_id, l.id`.execute(
      db,
    ),
  ]);
  const rows = positionRows.rows;
  const size = rows.length;
  const ids = new Int32Array(size);
  const postedMs = new Float64Array(size);
  const openFromMs = new Float64Array(size);
  const openUntilMs = new Float64Array(size);
  const remote = new Int32Array(size);
  const department = new Int32Array(size);
  const employmentType = new Int32Array(size);
  const codes = (names: string[], byName: Map<string, number>, name: string) => {
    let code = byName.get(name);
    if (code === undefined) {
      code = names.length;
      names.push(name);
      byName.set(name, code);
    }
    return code;
  };
  const departments: string[] = [];
  const departmentCodes = new Map<string, number>();
  const employmentTypes: string[] = [];
  const employmentTypeCodes = new Map<string, number>();
  rows.forEach((row, index) => {
    ids[index] = Number(row.id);
    postedMs[index] = Date.parse(row.posted_at);
    const open = openWindowMs(row);
    openFromMs[index] = open.from;
    openUntilMs[index] = open.until;
    remote[index] = Number(row.remote) === 1 ? 1 : 0;
    department[index] = codes(departments, departmentCodes, row.department);
    employmentType[index] = codes(employmentTypes, employmentTypeCodes, row.employment_type);
  });

  // Ids of one employer are mostly dense: a typed array from the smallest id, else a map.
  const minId = size > 0 ? ids[0]! : 0;
  const span = size > 0 ? ids[size - 1]! - minId + 1 : 0;
  let indexOf: (id: number) => number;
  if (span <= Math.max(1024, size * 4)) {
    const slots = new Int32Array(span).fill(-1);
    ids.forEach((id, index) => {
      slots[id - minId] = index;
    });
    indexOf = (id) => (id >= minId && id - minId < span ? slots[id - minId]! : -1);
  } else {
    const map = new Map<number, number>();
    ids.forEach((id, index) => map.set(id, index));
    indexOf = (id) => map.get(id) ?? -1;
  }

  const places: Place[] = [];
  const placeCodes = new Map<string, number>();
  const placeStart = new Int32Array(size + 1);
  const placeIds = new Int32Array(locationRows.rows.length);
  const locationsOf = new Map<number, number[]>();
  for (const row of locationRows.rows) {
    const lat = Number(row.lat);
    const lng = Number(row.lng);
    const key = `${row.name}\n${lat}\n${lng}`;
    let code = placeCodes.get(key);
    if (code === undefined) {
      code = places.length;
      places.push({ name: row.name, nameKey: row.name_key, lat, lng });
      placeCodes.set(key, code);
    }
    const list = locationsOf.get(Number(row.position_id));
    if (list) list.push(code);
    else locationsOf.set(Number(row.position_id), [code]);
  }
  let cursor = 0;
  for (let index = 0; index < size; index += 1) {
    placeStart[index] = cursor;
    for (const code of locationsOf.get(ids[index]!) ?? []) placeIds[cursor++] = code;
  }
  placeStart[size] = cursor;
  const placeNames: string[] = [];
  const placeNameCodes = new Map<string, number>();
  const nameOfPlace = Int32Array.from(places, (place) => codes(placeNames, placeNameCodes, place.name));
  const placeNameStart = new Int32Array(size + 1);
  const placeNameList: number[] = [];
  for (let index = 0; index < size; index += 1) {
    placeNameStart[index] = placeNameList.length;
    const from = placeNameList.length;
    for (let p = placeStart[index]!; p < placeStart[index + 1]!; p += 1) {
      const name = nameOfPlace[placeIds[p]!]!;
      if (placeNameList.indexOf(name, from) < 0) placeNameList.push(name);
    }
  }
  placeNameStart[size] = placeNameList.length;
  const placeNameIds = Int32Array.from(placeNameList);

  const skills: string[] = [];
  const skillCodes = new Map<string, number>();
  const skillStart = new Int32Array(size + 1);
  const skillList: number[] = [];
  rows.forEach((row, index) => {
    skillStart[index] = skillList.length;
    for (const skill of new Set(JSON.parse(row.skills) as string[])) skillList.push(codes(skills, skillCodes, skill));
  });
  const skillIds = Int32Array.from(skillList);
  cursor = skillList.length;
  skillStart[size] = cursor;

  const byDate = Int32Array.from({ length: size }, (_, index) => index).sort(
    (a, b) => postedMs[b]! - postedMs[a]! || ids[b]! - ids[a]!,
  );
  return {
    version,
    size,
    ids,
    indexOf,
    postedMs,
    openFromMs,
    openUntilMs,
    remote,
    department,
    departments,
    employmentType,
    employmentTypes,
    placeStart,
    placeIds,
    places,
    placeNameStart,
    placeNameIds,
    placeNames,
    skillStart,
    skillIds,
    skills,
    byDate,
    titleMembers: membersBy(size, (index) => [rows[index]!.title]),
    skillMembers: membersBy(size, function* (index) {
      for (let s = skillStart[index]!; s < skillStart[index + 1]!; s += 1) yield skills[skillIds[s]!]!;
    }),
  };
}

/** Employers whose index is kept (the least recently searched one is dropped past this). */
const MAX_EMPLOYERS = 16;

/**
 * The employers' indexes, each checked against the employer's data version on every call (one indexed read of
 * `position_search_versions`) and rebuilt when it changed. Concurrent searches share one rebuild.
 */
export function createFacetIndexes(db: Kysely<Database>) {
  const indexes = new Map<string, { version: string; index: Promise<EmployerIndex> }>();

  async function versionOf(domain: string): Promise<string> {
    const { rows } = await sql<{
      version: number | string;
    }>`select version from position_search_versions where domain = ${domain}`.execute(db);
    return String(rows[0]?.version ?? 0);
  }

  return {
    async get(rawDomain: string): Promise<EmployerIndex> {
      const domain = normalizeDomain(rawDomain);
      const version = await versionOf(domain);
      let entry = indexes.get(domain);
      indexes.delete(domain);
      if (!entry || entry.version !== version) {
        const index = build(db, domain, version);
        entry = { version, index };
        index.catch(() => {
          if (indexes.get(domain) === entry) indexes.delete(domain);
        });
      }
      indexes.set(domain, entry);
      while (indexes.size > MAX_EMPLOYERS) indexes.delete(indexes.keys().next().value!);
      return entry.index;
    },
  };
}

export type FacetIndexes = ReturnType<typeof createFacetIndexes>;
