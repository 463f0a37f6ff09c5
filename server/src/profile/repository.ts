import type { Kysely, Selectable, Updateable } from 'kysely';
import type { EducationItem, ExperienceItem, LanguageItem, LinkItem, ProfileDetails, ResumeEntry } from '../contract';
import { candidateFromRow, fullNameOf, type Candidate } from '../candidates/repository';
import { toFlag, type CandidateProfilesTable, type CandidateResumesTable, type Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';
import { textKey } from '../positions/text';

/** The list sections kept as JSON in `candidate_profiles`. */
export interface ProfileLists {
  experience: ExperienceItem[];
  education: EducationItem[];
  languages: LanguageItem[];
  links: LinkItem[];
}

/** Everything the profile holds for one candidate. */
export interface StoredProfile extends ProfileLists {
  candidate: Candidate;
  headline: string;
  phone: string;
  summary: string;
  avatarPath: string | null;
  avatarFileId: number | null;
  skills: string[];
  resumes: Array<Selectable<CandidateResumesTable>>;
}

/** The single-section columns of `candidate_profiles` a change may set. */
export type ProfileColumns = Partial<{
  headline: string;
  phone: string;
  summary: string;
  avatarPath: string | null;
  avatarFileId: number | null;
}> &
  Partial<ProfileLists>;

/** The candidate's own avatar picture: its relative path (the file id makes each new picture a new address). */
export const avatarPathOf = (fileId: number): string => `/api/pcsx/profile_avatar?v=${fileId}`;
const resumeUrlOf = (id: number): string => `/api/pcsx/resume_file?resume_id=${id}`;

/**
 * A relative path (`/...`) gets the static host prefix (an empty host keeps it relative); an absolute http(s) address
 * is kept; anything else is none.
 */
export function withStaticHost(pathOrUrl: string | null, staticHost: string): string | null {
  if (!pathOrUrl) return null;
  if (pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')) return `${staticHost}${pathOrUrl}`;
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : null;
}

const parseList = <T>(json: string): T[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

function toResumeEntry(row: Selectable<CandidateResumesTable>): ResumeEntry {
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    byteSize: Number(row.byte_size),
    uploadedAt: row.created_at,
    url: resumeUrlOf(row.id),
  };
}

/** The profile as the widgets see it (contract `ProfileDetails`); the avatar with the static host prefix. */
export function toProfileDetails(profile: StoredProfile, staticHost: string): ProfileDetails {
  const { candidate } = profile;
  return {
    basic_info: {
      firstname: candidate.firstName,
      lastname: candidate.lastName,
      fullname: fullNameOf(candidate),
      headline: profile.headline,
      location: candidate.location,
      avatar: withStaticHost(profile.avatarPath, staticHost),
    },
    contact: { email: candidate.email, phone: profile.phone },
    summary: profile.summary,
    experience: profile.experience,
    education: profile.education,
    skills: profile.skills,
    languages: profile.languages,
    links: profile.links,
    resumes: profile.resumes.map(toResumeEntry),
  };
}

/** Reads the whole profile of a candidate of `domain`; null when there is no such candidate there. */
export async function loadProfile(
  db: Kysely<Database>,
  candidateId: number,
  domain: string,
): Promise<StoredProfile | null> {
  const candidate = await db
    .selectFrom('candidates')
    .selectAll()
    .where('id', '=', candidateId)
    .where('domain', '=', normalizeDomain(domain))
    .executeTakeFirst();
  if (!candidate) return null;
  const [row, skills, resumes] = await Promise.all([
    db.selectFrom('candidate_profiles').selectAll().where('candidate_id', '=', candidateId).executeTakeFirst(),
    db
      .selectFrom('candidate_skills')
      .select('skill')
      .where('candidate_id', '=', candidateId)
      .orderBy('skill_key')
      .execute(),
    db
      .selectFrom('candidate_resumes')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return {
    candidate: candidateFromRow(candidate),
    headline: row?.headline ?? '',
    phone: row?.phone ?? '',
    summary: row?.summary ?? '',
    avatarPath: row?.avatar_path ?? null,
    avatarFileId: row?.avatar_file_id ?? null,
    experience: parseList<ExperienceItem>(row?.experience_json ?? '[]'),
    education: parseList<EducationItem>(row?.education_json ?? '[]'),
    languages: parseList<LanguageItem>(row?.languages_json ?? '[]'),
    links: parseList<LinkItem>(row?.links_json ?? '[]'),
    skills: skills.map((skill) => skill.skill),
    resumes,
  };
}

/** Creates the candidate's profile row when it does not exist yet. */
async function ensureRow(db: Kysely<Database>, candidateId: number, now: Date): Promise<void> {
  await db
    .insertInto('candidate_profiles')
    .values({ candidate_id: candidateId, avatar_path: null, avatar_file_id: null, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('candidate_id').doNothing())
    .execute();
}

/** Writes single-section columns and list sections of the profile. */
export async function saveProfileColumns(
  db: Kysely<Database>,
  candidateId: number,
  columns: ProfileColumns,
  now: Date,
): Promise<void> {
  await ensureRow(db, candidateId, now);
  const set: Updateable<CandidateProfilesTable> = { updated_at: now.toISOString() };
  if (columns.headline !== undefined) set.headline = columns.headline;
  if (columns.phone !== undefined) set.phone = columns.phone;
  if (columns.summary !== undefined) set.summary = columns.summary;
  if (columns.avatarPath !== undefined) set.avatar_path = columns.avatarPath;
  if (columns.avatarFileId !== undefined) set.avatar_file_id = columns.avatarFileId;
  if (columns.experience) set.experience_json = JSON.stringify(columns.experience);
  if (columns.education) set.education_json = JSON.stringify(columns.education);
  if (columns.languages) set.languages_json = JSON.stringify(columns.languages);
  if (columns.links) set.links_json = JSON.stringify(columns.links);
  await db.updateTable('candidate_profiles').set(set).where('candidate_id', '=', candidateId).execute();
}

/** Writes the account fields the profile shows (name and location). */
export async function saveBasicInfo(
  db: Kysely<Database>,
  candidateId: number,
  info: { firstName: string; lastName: string; location?: string },
): Promise<void> {
  await db
    .updateTable('candidates')
    .set({
      first_name: info.firstName,
      last_name: info.lastName,
      ...(info.location === undefined ? {} : { location: info.location }),
    })
    .where('id', '=', candidateId)
    .execute();
}

/** Replaces the candidate's skills with `skills` (one per key, as written). */
export async function replaceSkills(db: Kysely<Database>, candidateId: number, skills: string[]): Promise<void> {
  await db.deleteFrom('candidate_skills').where('candidate_id', '=', candidateId).execute();
  const rows = [...new Map(skills.map((skill) => [textKey(skill), skill])).entries()].map(([key, skill]) => ({
    candidate_id: candidateId,
    skill,
    skill_key: key,
  }));
  if (rows.length > 0) await db.insertInto('candidate_skills').values(rows).execute();
}

/** Deletes a stored file nothing points at any more. */
export async function deleteStoredFile(db: Kysely<Database>, fileId: number): Promise<void> {
  await db.deleteFrom('stored_files').where('id', '=', fileId).execute();
}

/** Keeps `candidates.has_resume` in step with the resume list. */
export async function syncHasResume(db: Kysely<Database>, candidateId: number): Promise<void> {
  const any = await db
    .selectFrom('candidate_resumes')
    .select('id')
    .where('candidate_id', '=', candidateId)
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('candidates')
    .set({ has_resume: toFlag(any !== undefined) })
    .where('id', '=', candidateId)
    .execute();
}

/** The employer's skill vocabulary: every skill its positions ask for. */
export async function employerSkills(db: Kysely<Database>, domain: string): Promise<string[]> {
  const rows = await db
    .selectFrom('position_skills')
    .innerJoin('positions', 'positions.id', 'position_skills.position_id')
    .select('position_skills.skill')
    .distinct()
    .where('positions.domain', '=', normalizeDomain(domain))
    .execute();
  return rows.map((row) => row.skill);
}
