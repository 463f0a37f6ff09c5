import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { SAVED_SEARCH_LIMIT, SEARCH_FILTERS, type SavedSearch, type SavedSearchParameters } from '../contract';
import { fromFlag, type Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';

type SavedSearchRow = Selectable<Database['saved_searches']>;

/** A saved search with its owner (what the alerts need). */
export interface StoredSavedSearch extends SavedSearch {
  candidateId: number;
  language: string | null;
}

/** The parameters in canonical form: filters in the contract's order, values sorted (the order never matters). */
function canonical(parameters: SavedSearchParameters): SavedSearchParameters {
  const filters: Record<string, string[]> = {};
  for (const name of SEARCH_FILTERS) {
    const values = parameters.filters[name];
    if (values && values.length > 0) filters[name] = [...new Set(values)].sort();
  }
  return { query: parameters.query.trim(), location: parameters.location.trim(), filters, sort_by: parameters.sort_by };
}

/** One key per set of parameters: saving the same search twice finds the first. */
export function parametersKey(parameters: SavedSearchParameters): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(parameters)))
    .digest('hex');
}

/**
 * The search on the careers site: `/careers/search?domain=..&query=..&location=..&start=&pid=&map_bounds=&sort_by=..
 * &filter_{name}=a,b` with every filter of the contract. Every parameter that makes up a search is spelled out, empty
 * when the saved search has none: a notification's link keeps the parameters of the page it is clicked on that it
 * does not have itself (docs/product/notifications.md#clicking-a-notification), and a page, sort, open position, map
 * area or filter of that page must not change the saved search (the search reads an empty value as none). A value
 * holding a comma is percent-encoded before joining, as the search reads it.
 */
export function savedSearchUrl(domain: string, parameters: SavedSearchParameters): string {
  const parts: string[] = [
    `domain=${encodeURIComponent(normalizeDomain(domain))}`,
    `query=${encodeURIComponent(parameters.query)}`,
    `location=${encodeURIComponent(parameters.location)}`,
    'start=',
    'pid=',
    'map_bounds=',
    `sort_by=${parameters.sort_by}`,
  ];
  for (const name of SEARCH_FILTERS) {
    const values = parameters.filters[name] ?? [];
    // As the search reads `filter_{name}`: split on commas, then each value percent-decoded once.
    const inner = (value: string) =>
      value.includes(',') || /%[0-9A-Fa-f]{2}/.test(value) ? encodeURIComponent(value) : value;
    const joined = values.map((value) => encodeURIComponent(inner(value))).join(',');
    parts.push(`filter_${name}=${joined}`);
  }
  return `/careers/search?${parts.join('&')}`;
}

function toSavedSearch(row: SavedSearchRow): StoredSavedSearch {
  const parameters: SavedSearchParameters = {
    query: row.query,
    location: row.location,
    filters: JSON.parse(row.filters) as Record<string, string[]>,
    sort_by: row.sort_by,
  };
  return {
    id: row.id,
    ...parameters,
    url: savedSearchUrl(row.domain, parameters),
    createdAt: row.created_at,
    candidateId: row.candidate_id,
    language: row.language,
  };
}

/** Whose saved searches: one candidate at one employer. */
export interface SavedSearchOwner {
  candidateId: number;
  domain: string;
}

export type SaveOutcome = { saved: StoredSavedSearch; created: boolean } | { limitReached: true };

export function createSavedSearchRepository(db: Kysely<Database>) {
  const owned = ({ candidateId, domain }: SavedSearchOwner) =>
    db
      .selectFrom('saved_searches')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .where('domain', '=', normalizeDomain(domain));

  const findByKey = async (owner: SavedSearchOwner, key: string) => {
    const row = await owned(owner).where('params_key', '=', key).executeTakeFirst();
    return row ? toSavedSearch(row) : null;
  };

  const count = async ({ candidateId, domain }: SavedSearchOwner) => {
    const row = await db
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('candidate_id', '=', candidateId)
      .where('domain', '=', normalizeDomain(domain))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  return {
    /** The employer offers saved searches: the `savedSearchNotification` flag and candidate login are both on. */
    async enabled(domain: string): Promise<boolean> {
      const row = await db
        .selectFrom('employers')
        .select(['saved_search_notification_enabled', 'candidate_login_enabled'])
        .where('domain', '=', normalizeDomain(domain))
        .executeTakeFirst();
      return !!row && fromFlag(row.saved_search_notification_enabled) && fromFlag(row.candidate_login_enabled);
    },

    async list(owner: SavedSearchOwner): Promise<StoredSavedSearch[]> {
      const rows = await owned(owner).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(toSavedSearch);
    },

    count,

    /** The owner's saved search with exactly these parameters, or null. */
    find(owner: SavedSearchOwner, parameters: SavedSearchParameters) {
      return findByKey(owner, parametersKey(parameters));
    },

    /**
     * Saves the parameters (the existing saved search when the same ones are saved already), unless the owner has
     * `SAVED_SEARCH_LIMIT` already. In one transaction, so two saves at once cannot pass the limit together.
     */
    async save(
      owner: SavedSearchOwner,
      parameters: SavedSearchParameters,
      language: string | null,
      now: Date,
    ): Promise<SaveOutcome> {
      const key = parametersKey(parameters);
      const existing = await findByKey(owner, key);
      if (existing) return { saved: existing, created: false };
      const form = canonical(parameters);
      return db.transaction().execute(async (trx) => {
        // Serialise the owner's saves: lock their candidate row (PostgreSQL); SQLite writes one at a time anyway.
        await trx
          .updateTable('candidates')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', '=', owner.candidateId)
          .execute();
        const again = await trx
          .selectFrom('saved_searches')
          .selectAll()
          .where('candidate_id', '=', owner.candidateId)
          .where('domain', '=', normalizeDomain(owner.domain))
          .where('params_key', '=', key)
          .executeTakeFirst();
        if (again) return { saved: toSavedSearch(again), created: false };
        const total = await trx
          .selectFrom('saved_searches')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('candidate_id', '=', owner.candidateId)
          .where('domain', '=', normalizeDomain(owner.domain))
          .executeTakeFirstOrThrow();
        if (Number(total.count) >= SAVED_SEARCH_LIMIT) return { limitReached: true } as const;
        const row = await trx
          .insertInto('saved_searches')
          .values({
            candidate_id: owner.candidateId,
            domain: normalizeDomain(owner.domain),
            params_key: key,
            query: form.query,
            location: form.location,
            filters: JSON.stringify(form.filters),
            sort_by: form.sort_by,
            language,
            created_at: now.toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { saved: toSavedSearch(row), created: true };
      });
    },

    /** Deletes the owner's saved search; false when they have none with this id (another's id included). */
    async delete({ candidateId, domain }: SavedSearchOwner, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('saved_searches')
        .where('id', '=', id)
        .where('candidate_id', '=', candidateId)
        .where('domain', '=', normalizeDomain(domain))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every saved search at the employer (for the alerts of a new position). */
    async ofEmployer(domain: string): Promise<StoredSavedSearch[]> {
      const rows = await db
        .selectFrom('saved_searches')
        .selectAll()
        .where('domain', '=', normalizeDomain(domain))
        .orderBy('id')
        .execute();
      return rows.map(toSavedSearch);
    },
  };
}

export type SavedSearchRepository = ReturnType<typeof createSavedSearchRepository>;
