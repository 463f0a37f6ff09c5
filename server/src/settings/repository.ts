import type { Kysely } from 'kysely';
import type { CandidateSettings, UpdateSettingsBody } from '../contract';
import { fromFlag, toFlag, type Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { badRequest } from '../http/errors';
import { chooseLanguage, matchLanguage } from '../contract';
import { DEFAULT_LANGUAGE, type Language } from '../i18n';
import { createSavedSearchRepository, type SavedSearchOwner } from '../saved-searches/repository';

/** The offered language exactly named by `tag` (case and `_`/`-` ignored, `en-US` is `en`), else null. */
function offeredLanguage(tag: string, languages: readonly string[]): Language | null {
  const wanted = tag.replace(/_/g, '-').toLowerCase();
  const shipped = matchLanguage(wanted);
  const exact = shipped !== null && (shipped.toLowerCase() === wanted || (shipped === 'en' && wanted === 'en-us'));
  return exact && languages.includes(shipped) ? shipped : null;
}

/**
 * The candidate's settings; `pageLanguage` (the request's, already among the `offered` ones) stands in while they
 * have not chosen one. A chosen language the employer no longer offers reads its stand-in.
 */
export async function readSettings(
  db: Kysely<Database>,
  owner: SavedSearchOwner,
  pageLanguage: string,
  languages: readonly string[],
): Promise<CandidateSettings | null> {
  const candidate = await db
    .selectFrom('candidates')
    .select(['email', 'language', 'saved_search_alerts'])
    .where('id', '=', owner.candidateId)
    .where('domain', '=', owner.domain)
    .executeTakeFirst();
  if (!candidate) return null;
  const savedSearches = createSavedSearchRepository(db);
  const offered = await savedSearches.enabled(owner.domain);
  const searches = offered ? await savedSearches.list(owner) : [];
  const switches = new Map(
    (
      await db
        .selectFrom('saved_searches')
        .select(['id', 'alerts_enabled'])
        .where('candidate_id', '=', owner.candidateId)
        .execute()
    ).map((row) => [row.id, fromFlag(row.alerts_enabled)]),
  );
  const chosen = candidate.language === null ? null : chooseLanguage(candidate.language, languages);
  return {
    language: chosen ?? (languages.includes(pageLanguage) ? pageLanguage : (languages[0] ?? DEFAULT_LANGUAGE)),
    languageChosen: chosen !== null,
    supportedLanguages: [...languages],
    savedSearchAlerts: fromFlag(candidate.saved_search_alerts),
    savedSearchAlertsOffered: offered,
    savedSearches: searches.map((search) => ({
      id: search.id,
      query: search.query,
      location: search.location,
      url: search.url,
      alerts: switches.get(search.id) ?? true,
    })),
    email: candidate.email,
  };
}

/** Saves what the body changes, in one transaction; 400 naming the field when a value does not fit. */
export async function updateSettings(
  db: Kysely<Database>,
  owner: SavedSearchOwner,
  body: UpdateSettingsBody,
  languages: readonly string[],
): Promise<void> {
  let language: Language | undefined;
  if (body.language !== undefined) {
    const found = offeredLanguage(body.language, languages);
    if (!found) {
      throw badRequest(
        `"${body.language}" is not a language of this site; choose one of ${languages.join(', ')}.`,
        'language',
      );
    }
    language = found;
  }
  await db.transaction().execute(async (trx) => {
    if (body.savedSearches && body.savedSearches.length > 0) {
      const ids = [...new Set(body.savedSearches.map((item) => item.id))];
      const own = await trx
        .selectFrom('saved_searches')
        .select('id')
        .where('candidate_id', '=', owner.candidateId)
        .where('domain', '=', owner.domain)
        .where('id', 'in', ids)
        .execute();
      const missing = ids.filter((id) => !own.some((row) => row.id === id));
      if (missing.length > 0) throw badRequest(`You have no saved search ${missing[0]}.`, 'savedSearches');
      for (const item of body.savedSearches) {
        await trx
          .updateTable('saved_searches')
          .set({ alerts_enabled: toFlag(item.alerts) })
          .where('id', '=', item.id)
          .where('candidate_id', '=', owner.candidateId)
          .execute();
      }
    }
    const changes: { language?: string; saved_search_alerts?: number } = {};
    if (language !== undefined) changes.language = language;
    if (body.savedSearchAlerts !== undefined) changes.saved_search_alerts = toFlag(body.savedSearchAlerts);
    if (Object.keys(changes).length > 0) {
      await trx.updateTable('candidates').set(changes).where('id', '=', owner.candidateId).execute();
    }
  });
}

/**
 * Who gets saved-search alerts of an employer: the saved searches whose alerts are on, of candidates whose alerts
 * are on, each with the language the candidate chose (null: not chosen).
 */
export async function alertRecipients(
  db: Kysely<Database>,
  domain: string,
): Promise<{ searchIds: Set<number>; languages: Map<number, string | null> }> {
  const rows = await db
    .selectFrom('saved_searches')
    .innerJoin('candidates', 'candidates.id', 'saved_searches.candidate_id')
    .select(['saved_searches.id', 'saved_searches.candidate_id', 'candidates.language'])
    .where('saved_searches.domain', '=', normalizeDomain(domain))
    .where('saved_searches.alerts_enabled', '=', 1)
    .where('candidates.saved_search_alerts', '=', 1)
    .execute();
  return {
    searchIds: new Set(rows.map((row) => row.id)),
    languages: new Map(rows.map((row) => [row.candidate_id, row.language])),
  };
}
