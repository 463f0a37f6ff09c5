import type { Kysely } from 'kysely';
import type { CandidateScope } from '../auth/access';
import { RESUME_MAX_BYTES } from '../contract';
import type { Database } from '../db/types';
import { extensionOf } from '../forms/files';
import { badRequest } from '../http/errors';
import { createStoredFileRepository } from '../offers/stored-files';
import { addCandidateSkills } from '../positions/repository';
import { textKey } from '../positions/text';
import { decodeDataUrl, decodedLengthOf, looksLikePdf, looksLikeZip } from './data-url';
import { employerSkills, loadProfile, saveProfileColumns, syncHasResume, type StoredProfile } from './repository';
import { parseResume } from './resume-parse';
import { readResumeText, type ResumeKind } from './resume-text';
import { resumeTooLarge, type ResumeForm } from './upload';

const CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const KIND_NAMES: Record<ResumeKind, string> = { pdf: 'a PDF', docx: 'a Word document (.docx)' };

/** What an upload did: the new profile, the stored resume, and what the resume filled in. */
export interface StoredResume {
  profile: StoredProfile;
  resumeId: number;
  filled: string[];
  skillsAdded: string[];
}

/** The resume's bytes and kind, checked by content (400 naming the field when it is not what its name says). */
async function checkedResume(form: ResumeForm): Promise<{ kind: ResumeKind; bytes: Buffer; text: string }> {
  const extension = extensionOf(form.fileName);
  if (extension !== 'pdf' && extension !== 'docx') {
    throw badRequest('body/resume_file_name must name a PDF (.pdf) or Word (.docx) file.', 'resume_file_name');
  }
  const kind: ResumeKind = extension;
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
  const text = await readResumeText(kind, bytes);
  if (text === null) throw notIt();
  return { kind, bytes, text };
}

/**
 * Stores the resume for the session's candidate and fills what was empty: the name, phone, location and summary
 * the resume gives (a conditional update each, so a field filled meanwhile is never overwritten), and the
 * employer's skills it names (added to the profile's skills, so match details change). Null when the candidate is
 * gone.
 */
export async function storeResume(
  db: Kysely<Database>,
  scope: CandidateScope,
  form: ResumeForm,
  now: Date,
): Promise<StoredResume | null> {
  const { kind, bytes, text } = await checkedResume(form);
  const facts = parseResume(text, await employerSkills(db, scope.domain));
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
    await fillAccount('location', facts.location, 'location');

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
