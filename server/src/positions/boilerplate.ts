/**
 * Employer boilerplate in job search (decision 017): text that every posting of an employer carries (its name, its
 * "who we are" paragraph) says nothing about one job, so it must not decide which positions a keyword finds, nor
 * how they rank. Before this rule "robot" found every position of Acme Robotics, because every description says
 * "Acme Robotics" and "our robots".
 *
 * The rule, per query word: a word is the employer's boilerplate when
 * - it names the employer (a word of its company name, or one of the same stem or, while typed, its start), or
 * - the descriptions of at least BOILERPLATE_SHARE of the employer's open positions hold it, and the employer has
 *   at least BOILERPLATE_MIN_POSTINGS open positions (with fewer, "all of them" says nothing about boilerplate).
 * A boilerplate word still matches in a position's title, skills and department; only its description matches do
 * not count. The search then asks the engine for those fields alone (FTS5 column filter, tsquery weights A and B),
 * so the count, the filter counts, the relevance order and the SQL conditions of saved searches all follow the one
 * query (text.ts `fts5Query` / `tsQuery`).
 *
 * Cost: per word, one engine query for the positions whose description holds it (the same index lookup as the
 * search itself), remembered per employer data version and bounded by MAX_HELD position references; then one pass
 * over those positions to count the open ones, remembered while no position opens or closes (`openState`). Per
 * search, one read of the employer's name (a primary-key lookup: a renamed employer counts at once).
 */
import { sql, type Kysely } from 'kysely';
import { databaseKind } from '../db/dialect';
import type { Database } from '../db/types';
import { isOpenInIndex, openState, type EmployerIndex, type OpenState } from './facet-index';
import { fts5DescriptionQuery, queryWords, tsDescriptionQuery } from './text';

/** Share of the employer's open positions whose description must hold a word for it to be boilerplate. */
const BOILERPLATE_SHARE = 0.9;
/** Open positions an employer needs before the share rule applies (the name rule always does). */
const BOILERPLATE_MIN_POSTINGS = 5;
/** Position references remembered for the description counts (4 bytes each), least recently used dropped first. */
const MAX_HELD = 2_000_000;
/** Extra letters an inflection adds to a stem ("robot" → "robotics", "engineer" → "engineering"). */
const STEM_SLACK = 4;
/** Shortest word compared by stem with a name word (shorter ones only match a name word exactly). */
const MIN_STEM = 4;

/**
 * Whether a query word names the employer: equal to a word of the name, or one is the other plus an ending of at
 * most STEM_SLACK letters (the engines' stemmers match "robot" in "Robotics"; this is the same relation without a
 * stemmer), or — the last word, still being typed — the start of a name word.
 */
export function namesEmployer(word: string, prefix: boolean, nameWords: readonly string[]): boolean {
  return nameWords.some((name) => {
    if (name === word) return true;
    if (prefix && name.startsWith(word)) return true;
    const [short, long] = name.length < word.length ? [name, word] : [word, name];
    return short.length >= MIN_STEM && long.startsWith(short) && long.length - short.length <= STEM_SLACK;
  });
}

/** Parses the comma-separated ids of `group_concat` / `string_agg`. */
function parseIds(list: string | null): number[] {
  return list ? list.split(',').map(Number) : [];
}

export function createBoilerplate(db: Kysely<Database>) {
  const postgres = databaseKind(db) === 'postgres';
  /** Per employer and word: the index positions whose description holds the word (for the employer's version). */
  const hits = new Map<string, Promise<Int32Array>>();
  /** The last judgement of each word, kept while the open state it was made with holds (`openState`). */
  const judged = new Map<string, { state: OpenState; boilerplate: boolean }>();
  const held = new Map<string, number>();
  let heldTotal = 0;
  /** The data version each employer's entries were made with. */
  const versions = new Map<string, string>();

  function forget(key: string) {
    hits.delete(key);
    judged.delete(key);
    heldTotal -= held.get(key) ?? 0;
    held.delete(key);
  }

  async function load(domain: string, index: EmployerIndex, word: string, prefix: boolean): Promise<Int32Array> {
    const { rows } = postgres
      ? await sql<{
          ids: string | null;
        }>`select string_agg(id::text, ',') as ids from positions where domain = ${domain} and search_vector @@ to_tsquery('english', ${tsDescriptionQuery(word, prefix)})`.execute(
          db,
        )
      : await sql<{
          ids: string | null;
        }>`select group_concat(rowid) as ids from positions_fts where positions_fts match ${fts5DescriptionQuery(word, prefix)}`.execute(
          db,
        );
    const found: number[] = [];
    for (const id of parseIds(rows[0]?.ids ?? null)) {
      const i = index.indexOf(id);
      if (i >= 0) found.push(i);
    }
    return Int32Array.from(found);
  }

  /** The employer's positions (indexes) whose description holds the word, remembered per data version. */
  function descriptionHits(domain: string, index: EmployerIndex, word: string, prefix: boolean) {
    if (versions.get(domain) !== index.version) {
      for (const key of [...hits.keys()]) if (key.startsWith(`${domain}\u0000`)) forget(key);
      versions.set(domain, index.version);
    }
    const key = `${domain}\u0000${word}${prefix ? '*' : ''}`;
    let pending = hits.get(key);
    if (pending) {
      hits.delete(key);
      hits.set(key, pending);
      return pending;
    }
    pending = load(domain, index, word, prefix);
    hits.set(key, pending);
    pending.then(
      (found) => {
        if (hits.get(key) !== pending) return;
        held.set(key, found.length);
        heldTotal += found.length;
        while (heldTotal > MAX_HELD && hits.size > 1) {
          const oldest = hits.keys().next().value!;
          if (oldest === key) break;
          forget(oldest);
        }
      },
      () => {
        if (hits.get(key) === pending) forget(key);
      },
    );
    return pending;
  }

  return {
    /**
     * For each query word (the last one a prefix, as the search reads it): true when it is the employer's
     * boilerplate at `nowMs`, so that it must match outside the description.
     */
    async notInDescription(domain: string, index: EmployerIndex, words: string[], nowMs: number): Promise<boolean[]> {
      if (words.length === 0) return [];
      const employer = await db
        .selectFrom('employers')
        .select('company_name')
        .where('domain', '=', domain)
        .executeTakeFirst();
      const nameWords = queryWords(employer?.company_name ?? '');
      const state = openState(index, nowMs);
      return Promise.all(
        words.map(async (word, k) => {
          const prefix = k === words.length - 1;
          if (namesEmployer(word, prefix, nameWords)) return true;
          if (state.open < BOILERPLATE_MIN_POSTINGS) return false;
          const key = `${domain}\u0000${word}${prefix ? '*' : ''}`;
          const found = await descriptionHits(domain, index, word, prefix);
          const kept = judged.get(key);
          if (kept?.state === state && hits.has(key)) return kept.boilerplate;
          let openHits = 0;
          for (const i of found) if (isOpenInIndex(index, i, nowMs)) openHits += 1;
          const boilerplate = openHits >= BOILERPLATE_SHARE * state.open;
          if (hits.has(key)) judged.set(key, { state, boilerplate });
          return boilerplate;
        }),
      );
    },
  };
}

export type Boilerplate = ReturnType<typeof createBoilerplate>;
