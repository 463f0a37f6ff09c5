import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { describeFiles } from '../forms/application-files';

/** Columns never exported: secrets (password hash, session id and CSRF token, signing links and keys) and file bytes. */
const SECRET_COLUMNS = new Set(['password_hash', 'csrf_token', 'token', 'signer_key', 'content']);

type Row = Record<string, unknown>;

const withoutSecrets = (rows: readonly object[]): Row[] =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.has(column))));

/**
 * JSON text columns are exported as the values they hold. Answers (`answers`) have their uploaded files described
 * (name, type, size, SHA-256), not included.
 */
function parsedJson(rows: Row[], columns: readonly string[], answers: readonly string[] = []): Row[] {
  return rows.map((row) => {
    const copy = { ...row };
    for (const column of columns) {
      if (typeof copy[column] !== 'string') continue;
      try {
        const value: unknown = JSON.parse(copy[column]);
        copy[column] = answers.includes(column) ? describeFiles(value) : value;
      } catch {
        // Kept as the text it is.
      }
    }
    return copy;
  });
}

/** Tables read by their `candidate_id` column alone. */
type CandidateTable =
  | 'candidate_profiles'
  | 'candidate_skills'
  | 'candidate_resumes'
  | 'draft_applications'
  | 'saved_positions'
  | 'job_cart_items'
  | 'saved_searches'
  | 'notifications'
  | 'interviews'
  | 'career_events'
  | 'referrals'
  | 'page_views';

const ids = (rows: ReadonlyArray<{ id: number }>): number[] => rows.map((row) => row.id);

/** The files the candidate's records point at (resumes, avatar, offer documents). */
export async function candidateFileIds(db: Kysely<Database>, candidateId: number): Promise<number[]> {
  const [resumes, profile, documents] = await Promise.all([
    db.selectFrom('candidate_resumes').select('file_id').where('candidate_id', '=', candidateId).execute(),
    db.selectFrom('candidate_profiles').select('avatar_file_id').where('candidate_id', '=', candidateId).execute(),
    db
      .selectFrom('offer_documents')
      .innerJoin('offers', 'offers.id', 'offer_documents.offer_id')
      .select(['offer_documents.original_file_id', 'offer_documents.signed_file_id'])
      .where('offers.candidate_id', '=', candidateId)
      .execute(),
  ]);
  const found = [
    ...resumes.map((row) => row.file_id),
    ...profile.map((row) => row.avatar_file_id),
    ...documents.flatMap((row) => [row.original_file_id, row.signed_file_id]),
  ];
  return [...new Set(found.filter((id): id is number => id !== null))];
}

/**
 * Everything held about one candidate, by table (the table's own name, rows as stored without secrets; JSON
 * columns as values): every table with a `candidate_id` column, the rows that hang off them (offer documents and
 * their e-sign sessions, application events, form e-sign sessions) and the stored files' descriptions (name,
 * type, size, SHA-256; the resumes themselves download from the profile); files uploaded in answers (applications,
 * drafts, forms) are described the same way, never included. Applications made signed out with the
 * account's email count as theirs. Null when there is no such candidate of `domain`.
 */
export async function collectCandidateData(
  db: Kysely<Database>,
  candidateId: number,
  domain: string,
): Promise<{ exportedAt: string; tables: Record<string, Row[]> } | null> {
  const candidate = await db
    .selectFrom('candidates')
    .selectAll()
    .where('id', '=', candidateId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!candidate) return null;
  const byCandidate = async (table: CandidateTable) =>
    (await db
      .selectFrom(table as 'notifications')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .execute()) as object[];

  const offers = await db
    .selectFrom('offers')
    .selectAll()
    .where('candidate_id', '=', candidateId)
    .orderBy('id')
    .execute();
  const documents = offers.length
    ? await db.selectFrom('offer_documents').selectAll().where('offer_id', 'in', ids(offers)).orderBy('id').execute()
    : [];
  const esign = documents.length
    ? await db.selectFrom('esign_sessions').selectAll().where('document_id', 'in', ids(documents)).execute()
    : [];
  const applications = await db
    .selectFrom('applications')
    .selectAll()
    .where('domain', '=', domain)
    // Hers: made signed in. One made signed out with her email was made by whoever typed it, and is not hers to read.
    .where('candidate_id', '=', candidateId)
    .orderBy('id')
    .execute();
  const events = applications.length
    ? await db
        .selectFrom('application_events')
        .selectAll()
        .where('application_id', 'in', ids(applications))
        .orderBy('id')
        .execute()
    : [];
  const assignments = await db
    .selectFrom('form_assignments')
    .selectAll()
    .where('candidate_id', '=', candidateId)
    .orderBy('id')
    .execute();
  const formEsign = assignments.length
    ? await db.selectFrom('form_esign_sessions').selectAll().where('assignment_id', 'in', ids(assignments)).execute()
    : [];
  const fileIds = await candidateFileIds(db, candidateId);
  const files = fileIds.length
    ? await db
        .selectFrom('stored_files')
        .select(['id', 'name', 'content_type', 'byte_size', 'sha256', 'created_at'])
        .where('id', 'in', fileIds)
        .orderBy('id')
        .execute()
    : [];
  // Sessions: when and until when the account was signed in; the id (a token's hash) and CSRF token are secrets.
  const sessions = await db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at'])
    .where('candidate_id', '=', candidateId)
    .execute();

  // Mailed links and codes: what they were for and when (their hashes and what they carry are secrets).
  const accountTokens = await db
    .selectFrom('account_tokens')
    .select(['purpose', 'email', 'created_at', 'expires_at', 'used_at'])
    .where('candidate_id', '=', candidateId)
    .orderBy('id')
    .execute();
  // The mail sent to the account's address: what and when (the bodies hold links and codes).
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['kind', 'recipient', 'subject', 'status', 'created_at', 'sent_at'])
    .where('domain', '=', candidate.domain)
    .where('recipient', '=', candidate.email)
    .orderBy('id')
    .execute();

  const tables: Record<string, Row[]> = {
    candidates: withoutSecrets([candidate]),
    account_tokens: withoutSecrets(accountTokens),
    mail_outbox: withoutSecrets(mail),
    sessions: withoutSecrets(sessions),
    candidate_profiles: parsedJson(withoutSecrets(await byCandidate('candidate_profiles')), [
      'experience_json',
      'education_json',
      'languages_json',
      'links_json',
    ]),
    candidate_skills: withoutSecrets(await byCandidate('candidate_skills')),
    candidate_resumes: withoutSecrets(await byCandidate('candidate_resumes')),
    stored_files: withoutSecrets(files),
    applications: parsedJson(withoutSecrets(applications), ['answers_json'], ['answers_json']),
    application_events: withoutSecrets(events),
    draft_applications: parsedJson(
      withoutSecrets(await byCandidate('draft_applications')),
      ['values_json'],
      ['values_json'],
    ),
    saved_positions: withoutSecrets(await byCandidate('saved_positions')),
    job_cart_items: withoutSecrets(await byCandidate('job_cart_items')),
    saved_searches: parsedJson(withoutSecrets(await byCandidate('saved_searches')), ['filters']),
    notifications: withoutSecrets(await byCandidate('notifications')),
    offers: withoutSecrets(offers),
    offer_documents: withoutSecrets(documents),
    esign_sessions: withoutSecrets(esign),
    form_assignments: parsedJson(withoutSecrets(assignments), ['values_json'], ['values_json']),
    form_esign_sessions: withoutSecrets(formEsign),
    interviews: parsedJson(withoutSecrets(await byCandidate('interviews')), ['interviewers_json']),
    career_events: withoutSecrets(await byCandidate('career_events')),
    referrals: withoutSecrets(await byCandidate('referrals')),
    page_views: parsedJson(withoutSecrets(await byCandidate('page_views')), ['data_json']),
  };
  return { exportedAt: new Date().toISOString(), tables };
}
