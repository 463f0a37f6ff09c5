import type { Kysely } from 'kysely';
import type { CandidateScope } from '../auth/access';
import type { LimitRule, RateLimiter } from '../auth/rate-limit';
import { RESUME_FILE_TYPES, RESUME_MAX_BYTES, type ResumeFileType } from '../contract';
import type { Database } from '../db/types';
import { extensionOf } from '../forms/files';
import { gazetteer } from '../geo/gazetteer';
import { badRequest, HttpError, ServerErrorCodes } from '../http/errors';
import { heavyWorkUnavailable, HEAVY_POOL_LIMITS } from '../workers/heavy-pool';
import { createStoredFileRepository } from '../offers/stored-files';
import { addCandidateSkills } from '../positions/repository';
import { textKey } from '../positions/text';
import { decodeDataUrl, decodedLengthOf, looksLikePdf, looksLikeZip } from './data-url';
import { employerSkills, loadProfile, saveProfileColumns, syncHasResume, type StoredProfile } from './repository';
import type { ResumeFacts } from './resume-parse';
import { readResume, type ResumeKind } from './resume-text';
import { resumeTooLarge, type ResumeForm } from './upload';

const CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const KIND_NAMES: Record<ResumeKind, string> = { pdf: 'a PDF', docx: 'a Word document (.docx)' };
/** The types as the refusal of another type lists them. */
const TYPE_NAMES: Record<ResumeFileType, string> = { pdf: 'PDF (.pdf)', docx: 'Word (.docx)' };

/** What an upload did: the new profile, the stored resume, and what the resume filled in. */
export interface StoredResume {
  profile: StoredProfile;
  resumeId: number;
  filled: string[];
  skillsAdded: string[];
}

/**
 * Resumes a candidate may store per day (counted in the database, so every server on one database counts
 * together): 69 were stored in a minute by one candidate. With the 5 MB cap, at most 100 MB a day per candidate.
 * Only stored resumes count (a refused upload is taken back).
 */
export const RESUME_UPLOAD_LIMIT: LimitRule = {
  name: 'resume-upload:candidate',
  limit: 20,
  windowMs: 24 * 60 * 60 * 1000,
};

/**
 * The resume's bytes, kind and what it says, checked by content (400 naming the field when it is not what its
 * name says, or a DOCX over its caps) and read in the heavy-work pool.
 */
async function checkedResume(
  form: ResumeForm,
  vocabulary: string[],
  allowed: readonly ResumeFileType[],
): Promise<{ kind: ResumeKind; bytes: Buffer; facts: ResumeFacts }> {
  const extension = extensionOf(form.fileName);
  // The employer's `fileUploadConfig.resume.allowedFileTypes` (docs/product/profile-and-resume.md#resume-types),
  // checked before anything is read.
  const kind = allowed.find((type) => type === extension);
  if (kind === undefined) {
    throw badRequest(
      `body/resume_file_name must name a ${allowed.map((type) => TYPE_NAMES[type]).join(' or ')} file.`,
      'resume_file_name',
    );
  }
  if (decodedLengthOf(form.content) > RESUME_MAX_BYTES + 3) throw resumeTooLarge();
  const bytes = decodeDataUrl(form.content);
  if (!bytes || bytes.byteLength === 0)
    throw badRequest('body/resume_content must be the file as a base64 data URL.', 'resume_content');
  if (bytes.byteLength > RESUME_MAX_BYTES) throw resumeTooLarge();
  const notIt = () =>
    badRequest(
      `body/resume_content is not ${KIND_NAMES[kind]}, as its name "${form.fileName}" says.`,
      'resume_content',
    );
  if (kind === 'pdf' ? !looksLikePdf(bytes) : !looksLikeZip(bytes)) throw notIt();
  const reading = await readResume(kind, bytes, vocabulary);
  if (reading.ok) return { kind, bytes, facts: reading.facts };
  if ('failed' in reading) {
    if (reading.failed === 'busy') throw heavyWorkUnavailable('read a resume');
    throw badRequest(
      `body/resume_content could not be read within ${HEAVY_POOL_LIMITS.timeoutMs / 1000} s and ` +
        `${HEAVY_POOL_LIMITS.maxOldGenerationSizeMb} MB of memory; save it again from your word processor, or send a PDF.`,
      'resume_content',
    );
  }
  if (reading.refusal) {
    throw badRequest(
      `body/resume_content ("${form.fileName}") ${reading.refusal} Nothing was stored.`,
      'resume_content',
    );
  }
  throw notIt();
}

/** The location the resume gives: its "Location:" line, else the first "City, XX" phrase the gazetteer knows. */
const locationOf = (facts: ResumeFacts): string | undefined =>
  facts.location ?? facts.places.find((place) => gazetteer().find(place) !== null);

/**
 * Stores the resume for the session's candidate and fills what was empty: the name, phone, location and summary
 * the resume gives (a conditional update each, so a field filled meanwhile is never overwritten), and the
 * employer's skills it names (added to the profile's skills, so match details change). Null when the candidate is
 * gone.
 */
export async function storeResume(
  db: Kysely<Database>,
  limiter: RateLimiter,
  scope: CandidateScope,
  form: ResumeForm,
  now: Date,
  allowed: readonly ResumeFileType[] = RESUME_FILE_TYPES,
): Promise<StoredResume | null> {
  // Counted before the file is read (concurrent uploads cannot slip past together), taken back when nothing is
  // stored.
  const subject = String(scope.candidateId);
  const hit = await limiter.hit(RESUME_UPLOAD_LIMIT, subject, now);
  if (hit.blocked) {
    await limiter.undo(RESUME_UPLOAD_LIMIT, subject, now);
    const hours = Math.max(1, Math.ceil(hit.retryAfterMs / 3_600_000));
    throw new HttpError(
      429,
      ServerErrorCodes.rateLimited,
      `You stored ${RESUME_UPLOAD_LIMIT.limit} resumes today, the most a day. Try again in ${hours} hour${hours === 1 ? '' : 's'}, or delete one you no longer need and replace it tomorrow.`,
      { field: 'resume_content', headers: { 'retry-after': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))) } },
    );
  }
  let result: StoredResume | null = null;
  try {
    result = await storeCheckedResume(db, scope, form, now, allowed);
    return result;
  } finally {
    if (result === null) await limiter.undo(RESUME_UPLOAD_LIMIT, subject, now);
  }
}

async function storeCheckedResume(
  db: Kysely<Database>,
  scope: CandidateScope,
  form: ResumeForm,
  now: Date,
  allowed: readonly ResumeFileType[],
): Promise<StoredResume | null> {
  const { kind, bytes, facts } = await checkedResume(form, await employerSkills(db, scope.domain), allowed);
  const location = locationOf(facts);
  const fileName = form.fileName.replace(/[\\/]/g, '_');

  return db.transaction().execute(async (trx) => {
    const before = await loadProfile(trx, scope.candidateId, scope.domain);
    if (!before) return null;
    const candidateId = before.candidate.id;
    const stored = await createStoredFileRepository(trx).save(bytes, CONTENT_TYPES[kind], now);
    const resume = await trx
      .insertInto('candidate_resumes')
      .values({
        candidate_id: candidateId,
        file_id: stored.id,
        file_name: fileName,
        content_type: CONTENT_TYPES[kind],
        byte_size: bytes.byteLength,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncHasResume(trx, candidateId);

    const filled: string[] = [];
    const fillAccount = async (
      field: 'first_name' | 'last_name' | 'location',
      value: string | undefined,
      name: string,
    ) => {
      if (!value) return;
      const result = await trx
        .updateTable('candidates')
        .set({ [field]: value })
        .where('id', '=', candidateId)
        .where(field, '=', '')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) filled.push(name);
    };
    await fillAccount('first_name', facts.firstname, 'firstname');
    await fillAccount('last_name', facts.lastname, 'lastname');
    await fillAccount('location', location, 'location');

    await saveProfileColumns(trx, candidateId, {}, now);
    for (const [column, value] of [
      ['phone', facts.phone],
      ['summary', facts.summary],
    ] as const) {
      if (!value) continue;
      const result = await trx
        .updateTable('candidate_profiles')
        .set({ [column]: value })
        .where('candidate_id', '=', candidateId)
        .where(column, '=', '')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) filled.push(column);
    }

    const own = new Set(before.skills.map(textKey));
    const skillsAdded = facts.skills.filter((skill) => !own.has(textKey(skill)));
    await addCandidateSkills(trx, candidateId, skillsAdded);

    const profile = await loadProfile(trx, scope.candidateId, scope.domain);
    return { profile: profile!, resumeId: resume.id, filled, skillsAdded };
  });
}
