/**
 * The employer's profile rules (`pcsxConfig.fileUploadConfig`, `pcsxConfig.profileConfig.own`;
 * docs/product/profile-and-resume.md#sections-and-configuration, #resume-types): which resume types an upload accepts, which profile sections show and in
 * which order, which optional fields show. One declaration for the server (validation, profile completion) and the
 * dashboard widget (the profile page, its forms, its upload). No schema code here, so a widget bundle may import it;
 * the schemas of ./profile build on these lists.
 */
import type { FileUploadConfig, ProfileOwnConfig } from './profile';

/**
 * Resume types the server can read (PDF with pdf.js, DOCX with mammoth), by file name extension. An employer's
 * `fileUploadConfig.resume.allowedFileTypes` is a non-empty subset of these.
 */
export const RESUME_FILE_TYPES = ['pdf', 'docx'] as const;
export type ResumeFileType = (typeof RESUME_FILE_TYPES)[number];

/**
 * The profile page's sections an employer may show, hide and order (`profileConfig.own.sections`,
 * `orderOfSections`). The header (name, picture, headline, location) always shows: the name is the account's.
 */
export const PROFILE_CONFIG_SECTIONS = [
  'contact',
  'summary',
  'experience',
  'education',
  'skills',
  'languages',
  'links',
  'resumes',
] as const;
export type ProfileConfigSection = (typeof PROFILE_CONFIG_SECTIONS)[number];

/**
 * The fields an employer may hide, by section (`profileConfig.own.fields`): only optional ones. A required field
 * (first and last name, a job's title, company and start, a school, a skill, a language and its level, a link's
 * label and address) always shows, since the server needs it to save the entry.
 */
export const PROFILE_OPTIONAL_FIELDS = {
  basic_info: ['headline', 'location'],
  contact: ['phone'],
  experience: ['location', 'endDate', 'description'],
  education: ['degree', 'field', 'startYear', 'endYear'],
} as const;
export type ProfileFieldSection = keyof typeof PROFILE_OPTIONAL_FIELDS;

/** The resume types an employer's configuration accepts (all of RESUME_FILE_TYPES when it says none). */
export function allowedResumeTypes(config: FileUploadConfig | undefined): readonly ResumeFileType[] {
  const allowed = config?.resume?.allowedFileTypes;
  return allowed && allowed.length > 0 ? RESUME_FILE_TYPES.filter((type) => allowed.includes(type)) : RESUME_FILE_TYPES;
}

/** The sections the profile page shows, in order, under an employer's `profileConfig.own`. */
export function shownProfileSections(own: ProfileOwnConfig | undefined): ProfileConfigSection[] {
  const shown = own?.sections ?? PROFILE_CONFIG_SECTIONS;
  const first = (own?.orderOfSections ?? []).filter((section) => shown.includes(section));
  return [
    ...first,
    ...PROFILE_CONFIG_SECTIONS.filter((section) => shown.includes(section) && !first.includes(section)),
  ];
}

/** Whether a field of a section shows under `profileConfig.own` (required fields and other sections' always do). */
export function isProfileFieldShown(own: ProfileOwnConfig | undefined, section: string, field: string): boolean {
  const optional = (PROFILE_OPTIONAL_FIELDS as Record<string, readonly string[]>)[section];
  if (!optional?.includes(field)) return true;
  const listed = own?.fields?.[section as ProfileFieldSection] as readonly string[] | undefined;
  return listed === undefined || listed.includes(field);
}
