import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Kysely } from 'kysely';
import {
  BasicInfoValue,
  ContactValue,
  EducationItem,
  ErrorCodes,
  ExperienceItem,
  LanguageItem,
  LinkItem,
  PROFILE_LIST_MAX_ITEMS,
  PROFILE_MAX_SKILLS,
  PROFILE_SECTIONS,
  SkillItem,
  SummaryValue,
  type ProfileEditBody,
  type ProfileOperation,
  type ProfileSection,
} from '../contract';
import type { Database } from '../db/types';
import { HttpError } from '../http/errors';
import { createStoredFileRepository } from '../offers/stored-files';
import { textKey } from '../positions/text';
import { cleanAvatar, type CleanAvatar } from './avatar-image';
import {
  avatarPathOf,
  deleteStoredFile,
  replaceSkills,
  saveBasicInfo,
  saveProfileColumns,
  syncHasResume,
  type ProfileLists,
  type StoredProfile,
} from './repository';

/** 422: the request is well-formed, but this section, operation, index or value does not fit (names the field). */
const unprocessable = (message: string, field: string) => new HttpError(422, ErrorCodes.validation, message, { field });

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- single-line texts refuse line breaks too
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Which operations each section takes. */
const OPERATIONS: Record<ProfileSection, readonly ProfileOperation[]> = {
  basic_info: ['update'],
  contact: ['update'],
  summary: ['update'],
  avatar: ['update', 'delete'],
  experience: ['add', 'update', 'delete'],
  education: ['add', 'update', 'delete'],
  skills: ['add', 'update', 'delete'],
  languages: ['add', 'update', 'delete'],
  links: ['add', 'update', 'delete'],
  resumes: ['delete'],
};

const checkers = new Map<TSchema, ReturnType<typeof TypeCompiler.Compile>>();
function checkerOf(schema: TSchema) {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = TypeCompiler.Compile(schema);
    checkers.set(schema, checker);
  }
  return checker;
}

/** Trims every string of a value (objects one level deep), so "  " counts as empty. */
function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item.trim() : item]),
    );
  }
  return value;
}

/** The value checked against the section's schema; 422 naming the first property that does not fit. */
function valueOf<T>(schema: TSchema, raw: unknown, multiline: string[] = []): T {
  if (raw === undefined) throw unprocessable('op_data.value is required for this operation.', 'op_data.value');
  const value = trimmed(raw);
  const checker = checkerOf(schema);
  const error = checker.Errors(value).First();
  if (error) {
    const path = error.path.replace(/^\//, '').replace(/\//g, '.');
    const field = path ? `op_data.value.${path}` : 'op_data.value';
    throw unprocessable(`${field} ${error.message.toLowerCase()}.`, field);
  }
  const texts = typeof value === 'string' ? [['', value] as const] : Object.entries(value as Record<string, unknown>);
  for (const [key, text] of texts) {
    if (typeof text !== 'string') continue;
    const pattern =
      multiline.includes(key) || (key === '' && multiline.includes('')) ? CONTROL_CHARACTERS : LINE_CONTROL_CHARACTERS;
    if (pattern.test(text)) {
      const field = key ? `op_data.value.${key}` : 'op_data.value';
      throw unprocessable(`${field} must not contain control characters.`, field);
    }
  }
  return value as T;
}

function indexOf(index: number | undefined, length: number, operation: ProfileOperation): number {
  if (operation === 'add') {
    if (index === undefined) return length;
    if (index < 0 || index > length)
      throw unprocessable(`op_data.index must be between 0 and ${length} to add an item.`, 'op_data.index');
    return index;
  }
  if (index === undefined) throw unprocessable(`op_data.index is required to ${operation} an item.`, 'op_data.index');
  if (length === 0) throw unprocessable('op_data.index: this section has no items.', 'op_data.index');
  if (index < 0 || index >= length)
    throw unprocessable(`op_data.index must be between 0 and ${length - 1}.`, 'op_data.index');
  return index;
}

/** The list after the operation (a copy). */
function edited<T>(list: T[], operation: ProfileOperation, index: number, item?: T): T[] {
  const next = [...list];
  if (operation === 'add') {
    if (next.length >= PROFILE_LIST_MAX_ITEMS)
      throw unprocessable(`A section holds at most ${PROFILE_LIST_MAX_ITEMS} items.`, 'op_section');
    next.splice(index, 0, item!);
  } else if (operation === 'update') next[index] = item!;
  else next.splice(index, 1);
  return next;
}

const LIST_SCHEMAS = {
  experience: ExperienceItem,
  education: EducationItem,
  languages: LanguageItem,
  links: LinkItem,
} as const satisfies Record<keyof ProfileLists, TSchema>;

/** Checks the request's section, operation and index (422 naming the field) and returns them typed. */
function checkOperation(body: ProfileEditBody): { section: ProfileSection; operation: ProfileOperation } {
  const section = body.op_section as ProfileSection;
  if (!(PROFILE_SECTIONS as readonly string[]).includes(section)) {
    throw unprocessable(`op_section must be one of: ${PROFILE_SECTIONS.join(', ')}.`, 'op_section');
  }
  const allowed = OPERATIONS[section];
  const operation = body.operation as ProfileOperation;
  if (!allowed.includes(operation)) {
    throw unprocessable(`operation must be ${allowed.join(' or ')} for the ${section} section.`, 'operation');
  }
  return { section, operation };
}

/**
 * The re-encoded picture of an avatar update (null for any other edit), to be made before the edit's transaction:
 * decoding an image takes up to a few hundred milliseconds, which no database transaction should wait for.
 */
export async function avatarOfEdit(body: ProfileEditBody): Promise<CleanAvatar | null> {
  return body.op_section === 'avatar' && body.operation === 'update' ? cleanAvatar(body.op_data.value) : null;
}

/**
 * Applies one profile_edit to the candidate's profile, in `db` (a transaction): 422 naming the field when the
 * section, operation, index or value does not fit, and then nothing is changed. `avatar`: the picture of an
 * avatar update made beforehand (`avatarOfEdit`); without it, it is made here.
 */
export async function applyProfileEdit(
  db: Kysely<Database>,
  profile: StoredProfile,
  body: ProfileEditBody,
  now: Date,
  avatar: CleanAvatar | null = null,
): Promise<void> {
  const { section, operation } = checkOperation(body);
  const candidateId = profile.candidate.id;
  const { value, index } = body.op_data;

  switch (section) {
    case 'basic_info': {
      const info = valueOf<BasicInfoValue>(BasicInfoValue, value);
      await saveBasicInfo(db, candidateId, {
        firstName: info.firstname,
        lastName: info.lastname,
        ...(info.location === undefined ? {} : { location: info.location }),
      });
      if (info.headline !== undefined) await saveProfileColumns(db, candidateId, { headline: info.headline }, now);
      return;
    }
    case 'contact': {
      const contact = valueOf<ContactValue>(ContactValue, value);
      if (contact.phone !== '' && !/^\+?[0-9 ().-]{7,40}$/.test(contact.phone)) {
        throw unprocessable('op_data.value.phone: enter a valid phone number.', 'op_data.value.phone');
      }
      await saveProfileColumns(db, candidateId, { phone: contact.phone }, now);
      return;
    }
    case 'summary':
      await saveProfileColumns(db, candidateId, { summary: valueOf<string>(SummaryValue, value, ['']) }, now);
      return;
    case 'avatar': {
      if (operation === 'delete') {
        await saveProfileColumns(db, candidateId, { avatarPath: null, avatarFileId: null }, now);
      } else {
        // Only the re-encoded picture is stored (avatar-image.ts), never the bytes sent.
        const picture = avatar ?? (await cleanAvatar(value));
        const stored = await createStoredFileRepository(db).save(picture.bytes, picture.contentType, now);
        await saveProfileColumns(
          db,
          candidateId,
          { avatarPath: avatarPathOf(stored.id), avatarFileId: stored.id },
          now,
        );
      }
      if (profile.avatarFileId !== null) await deleteStoredFile(db, profile.avatarFileId);
      return;
    }
    case 'skills': {
      const at = indexOf(index, profile.skills.length, operation);
      const skill = operation === 'delete' ? undefined : valueOf<string>(SkillItem, value);
      // One skill per name: adding one the profile has already changes nothing.
      const next = [
        ...new Map(edited(profile.skills, operation, at, skill).map((item) => [textKey(item), item])).values(),
      ];
      if (next.length > PROFILE_MAX_SKILLS)
        throw unprocessable(`A profile holds at most ${PROFILE_MAX_SKILLS} skills.`, 'op_section');
      await replaceSkills(db, candidateId, next);
      return;
    }
    case 'resumes': {
      const at = indexOf(index, profile.resumes.length, operation);
      const resume = profile.resumes[at]!;
      await db.deleteFrom('candidate_resumes').where('id', '=', resume.id).execute();
      await deleteStoredFile(db, resume.file_id);
      await syncHasResume(db, candidateId);
      return;
    }
    default: {
      const list = profile[section] as unknown[];
      const at = indexOf(index, list.length, operation);
      const item = operation === 'delete' ? undefined : valueOf<unknown>(LIST_SCHEMAS[section], value, ['description']);
      if (section === 'experience' && item) {
        const { startDate, endDate } = item as ExperienceItem;
        if (endDate && endDate < startDate)
          throw unprocessable('op_data.value.endDate must not be before startDate.', 'op_data.value.endDate');
      }
      if (section === 'education' && item) {
        const { startYear, endYear } = item as EducationItem;
        if (startYear !== undefined && endYear !== undefined && endYear < startYear)
          throw unprocessable('op_data.value.endYear must not be before startYear.', 'op_data.value.endYear');
      }
      await saveProfileColumns(db, candidateId, { [section]: edited(list, operation, at, item) }, now);
    }
  }
}
