import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Kysely, Selectable } from 'kysely';
import {
  FormDefinition as FormDefinitionSchema,
  localizeTexts,
  SOURCE_LANGUAGE,
  type FormDefinition,
  type FormValues,
} from '../contract';
import type { Database, DraftApplicationsTable } from '../db/types';
import { normalizeEmail } from '../candidates/repository';
import { employerLanguages, parseEmployerPcsxConfig } from '../employers/pcsx-config';
import { normalizeDomain } from '../employers/repository';
import { deleteUnusedApplicationFiles, releaseApplicationFiles, saveApplicationFiles } from './application-files';

/** The form key of an employer's default application form (a position may name another in `application_form_key`). */
export const DEFAULT_APPLICATION_FORM_KEY = 'application';

/** The largest id an integer column holds (PostgreSQL `integer`). */
const MAX_ID = 2_147_483_647;

/** The first status of every application. */
const SUBMITTED = 'submitted';

/** The status after which the applicant may apply to the position again. */
const WITHDRAWN = 'withdrawn';

/** A set of position ids in its one order: sorted ascending, without repeats. */
export const sortedPositionIds = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);
/** The stored form of a set of position ids: sorted ascending, without repeats, comma-joined. */
export const positionIdsKey = (ids: readonly number[]): string => sortedPositionIds(ids).join(',');

const parsePositionIdsKey = (key: string): number[] =>
  key
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

export interface StoredDraft {
  id: number;
  candidateId: number;
  domain: string;
  positionIds: number[];
  values: FormValues;
  createdAt: string;
  updatedAt: string;
}

function toDraft(row: Selectable<DraftApplicationsTable>): StoredDraft {
  return {
    id: row.id,
    candidateId: row.candidate_id,
    domain: row.domain,
    positionIds: parsePositionIdsKey(row.position_ids),
    values: JSON.parse(row.values_json) as FormValues,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A position as the apply calls need it. */
export interface ApplyPositionRow {
  id: number;
  title: string;
  remote: boolean;
  skills: string[];
  formKey: string | null;
  location: string;
  postedAt: string;
  validThrough: string | null;
  archivedAt: string | null;
}

/** One application to make: the applicant, by account and email. */
export interface NewApplication {
  domain: string;
  candidateId: number | null;
  email: string;
  /**
   * True when the account holder applies signed in; false signed out (the email was typed, not verified). Default:
   * whether there is an account.
   */
  signedIn?: boolean;
  /** The answers, each uploaded file described with its `sha256` (application-files.ts). */
  values: FormValues;
  /** The uploaded files' bytes by SHA-256, stored once (default: none). */
  files?: ReadonlyMap<string, Buffer>;
}

/** Raised when saving a draft would pass the candidate's limits: how many drafts, or their bytes. */
export class DraftLimitError extends Error {
  override name = 'DraftLimitError';
  constructor(readonly which: 'count' | 'bytes') {
    super(`Draft limit reached (${which}).`);
  }
}

/** Raised when one of the positions has an application from the same candidate or email already. */
export class AlreadyAppliedError extends Error {
  override name = 'AlreadyAppliedError';
  constructor(readonly positionIds: number[]) {
    super(`Already applied to ${positionIds.join(', ')}.`);
  }
}

const isFormDefinition = TypeCompiler.Compile(FormDefinitionSchema);

/** A stored definition, or null when it is not valid JSON or not a contract FormDefinition (then it is not offered). */
/**
 * A stored definition with its texts in `language` (an employer may give labels, titles and options per language:
 * docs/product/languages.md#content-in-the-language), or null when it is broken.
 */
function parseDefinition(json: string, language: string, defaultLanguage: string): FormDefinition | null {
  try {
    const value = localizeTexts(JSON.parse(json) as unknown, language, defaultLanguage);
    return isFormDefinition.Check(value) ? (value as FormDefinition) : null;
  } catch {
    return null;
  }
}

/** A position row of the employer as the apply calls and the dashboard read it, with its first location. */
export interface PositionRow {
  id: number;
  title: string;
  remote: boolean;
  department: string;
  employmentType: string;
  skills: string[];
  formKey: string | null;
  postedAt: string;
  validThrough: string | null;
  archivedAt: string | null;
  /** The first of its locations (in the order they were stored), null when it has none. */
  firstLocation: string | null;
}

/**
 * The employer's positions among `requested` (any state; repeats read once), each with its first location. An id
 * that is not a whole number in the column's range (a 32-bit integer) is no position.
 */
export async function readPositions(
  db: Kysely<Database>,
  domain: string,
  requested: readonly number[],
): Promise<PositionRow[]> {
  const ids = [...new Set(requested)].filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID);
  if (ids.length === 0) return [];
  const [rows, locations] = await Promise.all([
    db
      .selectFrom('positions')
      .select([
        'id',
        'title',
        'remote',
        'department',
        'employment_type',
        'skills',
        'application_form_key',
        'posted_at',
        'valid_through',
        'archived_at',
      ])
      .where('domain', '=', normalizeDomain(domain))
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('position_locations')
      .select(['position_id', 'name'])
      .where('position_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  const firstLocation = new Map<number, string>();
  for (const row of locations) if (!firstLocation.has(row.position_id)) firstLocation.set(row.position_id, row.name);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    remote: row.remote === 1,
    department: row.department,
    employmentType: row.employment_type,
    skills: JSON.parse(row.skills) as string[],
    formKey: row.application_form_key,
    postedAt: row.posted_at,
    validThrough: row.valid_through,
    archivedAt: row.archived_at,
    firstLocation: firstLocation.get(row.id) ?? null,
  }));
}

export function createFormRepository(db: Kysely<Database>) {
  return {
    /**
     * The employer's form with this key, its texts in `language` (else the employer's default language's), or null
     * (also when the stored definition is broken).
     */
    async findForm(
      domain: string,
      formKey: string,
      language: string = SOURCE_LANGUAGE,
    ): Promise<FormDefinition | null> {
      const row = await db
        .selectFrom('forms as f')
        .innerJoin('employers as e', 'e.domain', 'f.domain')
        .select(['f.definition_json', 'e.pcsx_config_json'])
        .where('f.domain', '=', normalizeDomain(domain))
        .where('f.form_key', '=', formKey)
        .executeTakeFirst();
      if (!row) return null;
      const { default: defaultLanguage } = employerLanguages(
        parseEmployerPcsxConfig(row.pcsx_config_json ?? null, () => undefined),
      );
      return parseDefinition(row.definition_json, language, defaultLanguage);
    },

    /**
     * The employer's positions among `ids` (any state), with their first location and form key. An id past the
     * column's range (a 32-bit integer) is no position.
     */
    async positions(domain: string, requested: readonly number[]): Promise<Map<number, ApplyPositionRow>> {
      const found = new Map<number, ApplyPositionRow>();
      for (const row of await readPositions(db, domain, requested)) {
        found.set(row.id, {
          id: row.id,
          title: row.title,
          remote: row.remote,
          skills: row.skills,
          formKey: row.formKey,
          location: row.firstLocation ?? (row.remote ? 'Remote' : ''),
          postedAt: row.postedAt,
          validThrough: row.validThrough,
          archivedAt: row.archivedAt,
        });
      }
      return found;
    },

    /**
     * The positions among `ids` the applicant may not apply to again: an application that is not withdrawn, made
     * by the account holder signed in (account or its email) when `signedIn`, else any one made under the email.
     * Signed in, an application someone made signed out with the account's email does not count: the account
     * holder's own application replaces it.
     */
    async appliedPositionIds(
      domain: string,
      ids: readonly number[],
      applicant: { candidateId: number | null; email: string | null; signedIn: boolean },
    ): Promise<Set<number>> {
      if (ids.length === 0 || (applicant.candidateId === null && applicant.email === null)) return new Set();
      let query = db
        .selectFrom('applications')
        .select('position_id')
        .where('domain', '=', normalizeDomain(domain))
        .where('position_id', 'in', [...ids])
        .where('status', '<>', WITHDRAWN)
        .where((eb) => {
          const either = [];
          if (applicant.candidateId !== null) either.push(eb('candidate_id', '=', applicant.candidateId));
          if (applicant.email !== null) either.push(eb('email', '=', normalizeEmail(applicant.email)));
          return eb.or(either);
        });
      if (applicant.signedIn) query = query.where('signed_in', '=', 1);
      const rows = await query.execute();
      return new Set(rows.map((row) => row.position_id));
    },

    /**
     * Makes one application per position (each with its `submitted` event, its files stored once by SHA-256) and
     * deletes the candidate's draft for exactly these positions, in one transaction. One row per position and
     * email: applying again after withdrawing, or signed in over an application made signed out with the
     * account's email, submits that row again (new answers, a new `submitted` event). Throws AlreadyAppliedError
     * when the applicant may not apply to one of them again (appliedPositionIds), also when a concurrent call got
     * there first.
     */
    async apply(
      positionIds: readonly number[],
      application: NewApplication,
      now: Date,
      /** Runs in the application's transaction (its receipt mail goes to the outbox with it, or not at all). */
      alsoWrite?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<number[]> {
      const domain = normalizeDomain(application.domain);
      const email = normalizeEmail(application.email);
      const signedIn = application.signedIn ?? application.candidateId !== null;
      const applicant = { candidateId: application.candidateId, email, signedIn };
      const at = now.toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const repository = createFormRepository(trx);
          const applied = await repository.appliedPositionIds(domain, positionIds, applicant);
          if (applied.size > 0) throw new AlreadyAppliedError(positionIds.filter((id) => applied.has(id)));
          const earlier = new Map(
            (
              await trx
                .selectFrom('applications')
                .select(['id', 'position_id'])
                .where('domain', '=', domain)
                .where('position_id', 'in', [...positionIds])
                .where('email', '=', email)
                .execute()
            ).map((row) => [row.position_id, row.id]),
          );
          const released = await releaseApplicationFiles(trx, [...earlier.values()]);
          const fields = {
            candidate_id: application.candidateId,
            answers_json: JSON.stringify(application.values),
            status: SUBMITTED,
            signed_in: signedIn ? 1 : 0,
            updated_at: at,
          };
          const ids: number[] = [];
          for (const positionId of positionIds) {
            const again = earlier.get(positionId);
            const id =
              again ??
              (
                await trx
                  .insertInto('applications')
                  .values({ ...fields, domain, position_id: positionId, email, created_at: at })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id;
            if (again !== undefined)
              await trx.updateTable('applications').set(fields).where('id', '=', again).execute();
            await trx.insertInto('application_events').values({ application_id: id, status: SUBMITTED, at }).execute();
            await saveApplicationFiles(trx, id, application.files ?? new Map(), now);
            ids.push(id);
          }
          await deleteUnusedApplicationFiles(trx, released);
          await alsoWrite?.(trx);
          if (application.candidateId !== null) {
            await trx
              .deleteFrom('draft_applications')
              .where('domain', '=', domain)
              .where('candidate_id', '=', application.candidateId)
              .where('position_ids', '=', positionIdsKey(positionIds))
              .execute();
          }
          return ids;
        });
      } catch (error) {
        if (error instanceof AlreadyAppliedError) throw error;
        // A unique violation: a concurrent application with the same email won the race.
        const applied = await this.appliedPositionIds(domain, positionIds, applicant);
        if (applied.size > 0) throw new AlreadyAppliedError(positionIds.filter((id) => applied.has(id)));
        throw error;
      }
    },

    /** The candidate's drafts at the employer, most recently saved first. */
    async drafts(domain: string, candidateId: number): Promise<StoredDraft[]> {
      const rows = await db
        .selectFrom('draft_applications')
        .selectAll()
        .where('domain', '=', normalizeDomain(domain))
        .where('candidate_id', '=', candidateId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toDraft);
    },

    /** The candidate's draft for exactly these positions, or null. */
    async draft(domain: string, candidateId: number, positionIds: readonly number[]): Promise<StoredDraft | null> {
      const row = await db
        .selectFrom('draft_applications')
        .selectAll()
        .where('domain', '=', normalizeDomain(domain))
        .where('candidate_id', '=', candidateId)
        .where('position_ids', '=', positionIdsKey(positionIds))
        .executeTakeFirst();
      return row ? toDraft(row) : null;
    },

    /**
     * Saves (creates or replaces) the candidate's draft for these positions. Throws DraftLimitError, saving
     * nothing, when the candidate's other drafts at the employer number `limits.count` already, or when they and
     * this one would hold more than `limits.bytes` of answers.
     */
    async saveDraft(
      domain: string,
      candidateId: number,
      positionIds: readonly number[],
      values: FormValues,
      now: Date,
      limits: { count: number; bytes: number } = { count: Infinity, bytes: Infinity },
    ): Promise<StoredDraft> {
      const at = now.toISOString();
      const json = JSON.stringify(values);
      const others = await db
        .selectFrom('draft_applications')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.sum<number | string | null>(eb.fn('length', ['values_json'])).as('bytes'),
        ])
        .where('domain', '=', normalizeDomain(domain))
        .where('candidate_id', '=', candidateId)
        .where('position_ids', '<>', positionIdsKey(positionIds))
        .executeTakeFirstOrThrow();
      if (Number(others.count) >= limits.count) throw new DraftLimitError('count');
      if (Number(others.bytes ?? 0) + json.length > limits.bytes) throw new DraftLimitError('bytes');
      const row = await db
        .insertInto('draft_applications')
        .values({
          domain: normalizeDomain(domain),
          candidate_id: candidateId,
          position_ids: positionIdsKey(positionIds),
          values_json: json,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['domain', 'candidate_id', 'position_ids']).doUpdateSet({ values_json: json, updated_at: at }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDraft(row);
    },

    /** Deletes the candidate's drafts that contain the position; the number deleted (0: they have none). */
    async deleteDraftsWith(domain: string, candidateId: number, positionId: number): Promise<number> {
      const drafts = await this.drafts(domain, candidateId);
      const ids = drafts.filter((draft) => draft.positionIds.includes(positionId)).map((draft) => draft.id);
      if (ids.length === 0) return 0;
      const result = await db
        .deleteFrom('draft_applications')
        .where('id', 'in', ids)
        .where('candidate_id', '=', candidateId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type FormRepository = ReturnType<typeof createFormRepository>;
