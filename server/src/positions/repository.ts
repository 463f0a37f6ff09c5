import { sql, type Kysely, type Selectable } from 'kysely';
import { haversineKm, type PositionDetails, type PositionSummary } from '../contract';
import { databaseKind } from '../db/dialect';
import { toFlag, type Database, type PositionsTable } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { openPosition } from './open';
import type { Origin } from './search';
import { htmlToText, termKeys, textKey } from './text';

export interface NewPosition {
  domain: string;
  title: string;
  /** HTML, stored as given (the widget sanitises it). */
  description: string;
  department: string;
  employmentType: string;
  remote: boolean;
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryCurrency?: string | null;
  skills: string[];
  locations: Array<{ name: string; lat: number; lng: number }>;
  postedAt: string;
  validThrough?: string | null;
  archivedAt?: string | null;
}

/** Rows per multi-row insert (well under both databases' limits on statement parameters). */
const BATCH = 400;

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
};

// The rule lives in open.ts with its code and facet-index forms; imported from here by older callers.
export { openPosition } from './open';

/**
 * Inserts positions with their locations, skills, search terms and (SQLite) full-text rows, in batches, in one
 * transaction (the caller's, or a new one). Returns the new ids in order.
 */
export async function insertPositions(db: Kysely<Database>, positions: NewPosition[]): Promise<number[]> {
  if (!db.isTransaction) return db.transaction().execute((trx) => insertPositions(trx, positions));
  const sqlite = databaseKind(db) === 'sqlite';
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (const batch of chunks(positions, BATCH)) {
    const rows = await db
      .insertInto('positions')
      .values(
        batch.map((position) => ({
          domain: normalizeDomain(position.domain),
          title: position.title,
          description: position.description,
          department: position.department,
          employment_type: position.employmentType,
          remote: toFlag(position.remote),
          salary_min: position.salaryMin ?? null,
          salary_max: position.salaryMax ?? null,
          salary_currency: position.salaryCurrency ?? null,
          skills: JSON.stringify(position.skills),
          posted_at: position.postedAt,
          valid_through: position.validThrough ?? null,
          archived_at: position.archivedAt ?? null,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const batchIds = rows.map((row) => row.id);
    ids.push(...batchIds);
    const located = batch.flatMap((position, index) =>
      position.locations.map((location) => ({
        position_id: batchIds[index]!,
        name: location.name,
        name_key: textKey(location.name),
        lat: location.lat,
        lng: location.lng,
      })),
    );
    for (const part of chunks(located, BATCH)) await db.insertInto('position_locations').values(part).execute();
    const skills = batch.flatMap((position, index) =>
      [...new Set(position.skills)].map((skill) => ({ position_id: batchIds[index]!, skill })),
    );
    for (const part of chunks(skills, BATCH)) await db.insertInto('position_skills').values(part).execute();
    const terms = new Map<string, { domain: string; term_key: string; term: string; kind: 'title' | 'skill' }>();
    for (const position of batch) {
      const domain = normalizeDomain(position.domain);
      const add = (term: string, kind: 'title' | 'skill') => {
        for (const key of termKeys(term))
          terms.set(`${domain}\n${key}\n${kind}\n${term}`, { domain, term_key: key, term, kind });
      };
      add(position.title, 'title');
      for (const skill of position.skills) add(skill, 'skill');
    }
    for (const part of chunks([...terms.values()], BATCH)) {
      await db
        .insertInto('search_terms')
        .values(part)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (sqlite) {
      for (const part of chunks(
        batch.map((position, index) => ({ position, id: batchIds[index]! })),
        BATCH / 4,
      )) {
        const values = part.map(
          ({ position, id }) =>
            sql`(${id}, ${position.title}, ${position.skills.join(' ')}, ${position.department}, ${htmlToText(position.description)})`,
        );
        await sql`insert into positions_fts (rowid, title, skills, department, description) values ${sql.join(values)}`.execute(
          db,
        );
      }
    }
  }
  return ids;
}

/**
 * After a bulk insert on PostgreSQL: refreshes the planner's statistics of the position tables (without them, a
 * fresh table is planned as nearly empty, and the place and map-area searches take nested loops: 1 s at 2,000
 * positions instead of milliseconds). SQLite plans these queries well without statistics.
 */
export async function analyzePositions(db: Kysely<Database>): Promise<void> {
  if (databaseKind(db) === 'postgres') {
    await sql`analyze positions, position_locations, position_skills, search_terms`.execute(db);
  }
}

type PositionRow = Selectable<PositionsTable>;

interface UserActions {
  saved: Set<number>;
  cart: Set<number>;
}

const NO_ACTIONS: UserActions = { saved: new Set(), cart: new Set() };

export interface PositionRepository {
  /**
   * Summaries of these positions, in the order of `ids` (unknown ids skipped). With the searched place `origin`,
   * each position's locations come nearest first, and `location` and `distance_km` are those of that first one.
   */
  summaries(
    ids: number[],
    candidateId: number | null,
    origin?: Pick<Origin, 'lat' | 'lng'> | null,
  ): Promise<PositionSummary[]>;
  /**
   * One open position of the employer at `now`, with its description; null when unknown, another employer's or not
   * open (the same answer for all three: a closed or unposted position is not told apart from a missing one).
   */
  details(domain: string, id: number, candidateId: number | null, now: string): Promise<PositionDetails | null>;
  /** The position's row when it belongs to the employer (open or not: unsaving a closed position). */
  find(domain: string, id: number): Promise<PositionRow | null>;
  /** The position's row when it belongs to the employer and is open at `now` (see open.ts). */
  findOpen(domain: string, id: number, now: string): Promise<PositionRow | null>;
  /** Which of these ids are open positions of the employer at `now`. */
  openIds(domain: string, ids: number[], now: string): Promise<Set<number>>;
  userActions(candidateId: number | null, ids: number[]): Promise<UserActions>;
  /** Saves the position; false (nothing stored) when it is not saved yet and the candidate has `limit` already. */
  save(candidateId: number, positionId: number, now: string, limit: number): Promise<boolean>;
  unsave(candidateId: number, positionId: number): Promise<void>;
  /** The candidate's saved positions of the employer, most recently saved first (archived ones included). */
  saved(candidateId: number, domain: string): Promise<PositionSummary[]>;
  /** Ids in the candidate's cart for the employer, oldest first. */
  cartIds(candidateId: number, domain: string): Promise<number[]>;
  /** Adds the positions; false (nothing stored) when the cart would then hold more than `limit`. */
  addToCart(candidateId: number, positionIds: number[], now: string, limit: number): Promise<boolean>;
  removeFromCart(candidateId: number, positionIds: number[]): Promise<void>;
  overrides(positionId: number): Promise<Record<string, unknown>>;
  candidateSkills(candidateId: number): Promise<string[]>;
}

export function createPositionRepository(db: Kysely<Database>): PositionRepository {
  const userActions = async (candidateId: number | null, ids: number[]): Promise<UserActions> => {
    if (candidateId === null || ids.length === 0) return NO_ACTIONS;
    const [saved, cart] = await Promise.all(
      (['saved_positions', 'job_cart_items'] as const).map((table) =>
        db
          .selectFrom(table)
          .select('position_id')
          .where('candidate_id', '=', candidateId)
          .where('position_id', 'in', ids)
          .execute(),
      ),
    );
    return {
      saved: new Set(saved!.map((row) => row.position_id)),
      cart: new Set(cart!.map((row) => row.position_id)),
    };
  };

  const rowsOf = async (ids: number[]) => {
    if (ids.length === 0) return { rows: [], locations: new Map<number, PositionSummary['locations']>() };
    const [rows, locationRows] = await Promise.all([
      db.selectFrom('positions').selectAll().where('id', 'in', ids).execute(),
      db
        .selectFrom('position_locations')
        .select(['position_id', 'name', 'lat', 'lng'])
        .where('position_id', 'in', ids)
        .orderBy('id')
        .execute(),
    ]);
    const locations = new Map<number, PositionSummary['locations']>();
    for (const row of locationRows) {
      const list = locations.get(row.position_id) ?? [];
      list.push({ name: row.name, lat: Number(row.lat), lng: Number(row.lng) });
      locations.set(row.position_id, list);
    }
    return { rows, locations };
  };

  /**
   * The locations nearest `origin` first (ties keep the employer's order) and the distance of the first: the card's
   * place, its distance and its map pin name the same location (issue 22, defect 6: "Berlin, Germany · 28 km away"
   * in a Toronto search, the 28 km being Toronto's). The same great-circle distance as the search's radius filter.
   */
  const nearestFirst = (locations: PositionSummary['locations'], origin: Pick<Origin, 'lat' | 'lng'>) => {
    const measured = locations.map((location, order) => ({
      location,
      order,
      km: haversineKm(origin, location),
    }));
    measured.sort((a, b) => a.km - b.km || a.order - b.order);
    return { locations: measured.map((entry) => entry.location), distance: measured[0]?.km };
  };

  const toSummary = (
    row: PositionRow,
    locations: PositionSummary['locations'],
    actions: UserActions,
    distance: number | undefined,
  ): PositionSummary => ({
    id: row.id,
    name: row.title,
    department: row.department,
    employment_type: row.employment_type,
    location: locations[0]?.name ?? (row.remote === 1 ? 'Remote' : ''),
    locations,
    is_remote: row.remote === 1,
    salary_min: row.salary_min === null ? null : Number(row.salary_min),
    salary_max: row.salary_max === null ? null : Number(row.salary_max),
    salary_currency: row.salary_currency,
    skills: JSON.parse(row.skills) as string[],
    posted_at: row.posted_at,
    valid_through: row.valid_through,
    archived_at: row.archived_at,
    distance_km: distance === undefined ? null : Math.round(distance * 10) / 10,
    positionUserActions: { isSaved: actions.saved.has(row.id), inCart: actions.cart.has(row.id) },
  });

  const summaries: PositionRepository['summaries'] = async (ids, candidateId, origin) => {
    const [{ rows, locations }, actions] = await Promise.all([rowsOf(ids), userActions(candidateId, ids)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const own = locations.get(id) ?? [];
      if (!origin) return [toSummary(row, own, actions, undefined)];
      const nearest = nearestFirst(own, origin);
      return [toSummary(row, nearest.locations, actions, nearest.distance)];
    });
  };

  const find = async (domain: string, id: number) =>
    (await db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', id)
      .where('domain', '=', normalizeDomain(domain))
      .executeTakeFirst()) ?? null;

  const findOpen = async (domain: string, id: number, now: string) =>
    (await db
      .selectFrom('positions as p')
      .selectAll()
      .where('p.id', '=', id)
      .where('p.domain', '=', normalizeDomain(domain))
      .where(openPosition(now))
      .executeTakeFirst()) ?? null;

  /**
   * Adds positions to a candidate's saved positions or cart, all or none: none when the candidate would then hold
   * more than `limit`. Ids held already count once. In one transaction that first locks the candidate's row
   * (PostgreSQL; SQLite writes one at a time anyway), so two requests at once cannot pass the limit together.
   */
  const addCapped = (
    table: 'saved_positions' | 'job_cart_items',
    candidateId: number,
    positionIds: number[],
    now: string,
    limit: number,
  ): Promise<boolean> =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('candidates')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', candidateId)
        .execute();
      const held = new Set(
        (await trx.selectFrom(table).select('position_id').where('candidate_id', '=', candidateId).execute()).map(
          (row) => row.position_id,
        ),
      );
      const fresh = [...new Set(positionIds)].filter((id) => !held.has(id));
      if (fresh.length === 0) return true;
      if (held.size + fresh.length > limit) return false;
      await trx
        .insertInto(table)
        .values(fresh.map((id) => ({ candidate_id: candidateId, position_id: id, created_at: now })))
        .onConflict((oc) => oc.columns(['candidate_id', 'position_id']).doNothing())
        .execute();
      return true;
    });

  const candidatePositions = (table: 'saved_positions' | 'job_cart_items', candidateId: number, domain: string) =>
    db
      .selectFrom(table)
      .innerJoin('positions', 'positions.id', `${table}.position_id`)
      .select(`${table}.position_id as id`)
      .where(`${table}.candidate_id`, '=', candidateId)
      .where('positions.domain', '=', normalizeDomain(domain));

  return {
    summaries,
    find,
    findOpen,
    async details(domain, id, candidateId, now) {
      const row = await findOpen(domain, id, now);
      if (!row) return null;
      const [summary] = await summaries([id], candidateId);
      return summary ? { ...summary, description: row.description } : null;
    },
    async openIds(domain, ids, now) {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('positions as p')
        .select('p.id')
        .where('p.domain', '=', normalizeDomain(domain))
        .where('p.id', 'in', ids)
        .where(openPosition(now))
        .execute();
      return new Set(rows.map((row) => row.id));
    },
    userActions,
    save: (candidateId, positionId, now, limit) => addCapped('saved_positions', candidateId, [positionId], now, limit),
    async unsave(candidateId, positionId) {
      await db
        .deleteFrom('saved_positions')
        .where('candidate_id', '=', candidateId)
        .where('position_id', '=', positionId)
        .execute();
    },
    async saved(candidateId, domain) {
      const rows = await candidatePositions('saved_positions', candidateId, domain)
        .orderBy('saved_positions.created_at', 'desc')
        .orderBy('saved_positions.position_id', 'desc')
        .execute();
      return summaries(
        rows.map((row) => row.id),
        candidateId,
      );
    },
    async cartIds(candidateId, domain) {
      const rows = await candidatePositions('job_cart_items', candidateId, domain)
        .orderBy('job_cart_items.created_at')
        .orderBy('job_cart_items.position_id')
        .execute();
      return rows.map((row) => row.id);
    },
    async addToCart(candidateId, positionIds, now, limit) {
      if (positionIds.length === 0) return true;
      return addCapped('job_cart_items', candidateId, positionIds, now, limit);
    },
    async removeFromCart(candidateId, positionIds) {
      if (positionIds.length === 0) return;
      await db
        .deleteFrom('job_cart_items')
        .where('candidate_id', '=', candidateId)
        .where('position_id', 'in', positionIds)
        .execute();
    },
    async overrides(positionId) {
      const row = await db
        .selectFrom('position_overrides')
        .select('config_json')
        .where('position_id', '=', positionId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.config_json) as Record<string, unknown>) : {};
    },
    async candidateSkills(candidateId) {
      const rows = await db
        .selectFrom('candidate_skills')
        .select('skill')
        .where('candidate_id', '=', candidateId)
        .orderBy('skill')
        .execute();
      return rows.map((row) => row.skill);
    },
  };
}

/** Adds skills to a candidate's profile (demo data and tests; the profile editor writes the same rows). */
export async function addCandidateSkills(db: Kysely<Database>, candidateId: number, skills: string[]): Promise<void> {
  const rows = [...new Map(skills.map((skill) => [textKey(skill), skill])).entries()].map(([key, skill]) => ({
    candidate_id: candidateId,
    skill,
    skill_key: key,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('candidate_skills')
    .values(rows)
    .onConflict((oc) => oc.columns(['candidate_id', 'skill_key']).doNothing())
    .execute();
}
