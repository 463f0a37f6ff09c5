import { selectBoot, useAppSelector } from '@careers/shared';
import type {
  FileUploadConfig,
  ProfileConfigSection,
  ProfileOwnConfig,
  ResumeFileType,
} from '@careers/shared/contract';

/*
 * The employer's profile configuration as the page follows it (spec 000 §3 `fileUploadConfig.resume.
 * allowedFileTypes`, `profileConfig.own`). The same rules as the contract's `allowedResumeTypes`,
 * `shownProfileSections` and `isProfileFieldShown` (shared/src/contract/profile.ts), which the server uses: widgets
 * import only types from the contract (its schema code stays out of their bundles), and `config.test.ts` checks
 * that both give the same answers.
 */

/** The resume types the server reads, in the order the page names them. */
const RESUME_FILE_TYPES: readonly ResumeFileType[] = ['pdf', 'docx'];

/** The profile page's sections an employer may show, hide and order, in the default order. */
export const PROFILE_PAGE_SECTIONS: readonly ProfileConfigSection[] = [
  'contact',
  'summary',
  'experience',
  'education',
  'skills',
  'languages',
  'links',
  'resumes',
];

/** The optional fields an employer may hide, by section (required ones always show). */
const OPTIONAL_FIELDS: Record<string, readonly string[]> = {
  basic_info: ['headline', 'location'],
  contact: ['phone'],
  experience: ['location', 'endDate', 'description'],
  education: ['degree', 'field', 'startYear', 'endYear'],
};

/** The resume types the employer accepts (every readable type when it names none). */
export function allowedResumeTypes(config: FileUploadConfig | undefined): readonly ResumeFileType[] {
  const allowed = config?.resume?.allowedFileTypes;
  return allowed && allowed.length > 0 ? RESUME_FILE_TYPES.filter((type) => allowed.includes(type)) : RESUME_FILE_TYPES;
}

/** The sections shown, in order: `orderOfSections` first, then the others shown in the default order. */
export function shownProfileSections(own: ProfileOwnConfig | undefined): ProfileConfigSection[] {
  const shown = own?.sections ?? PROFILE_PAGE_SECTIONS;
  const first = (own?.orderOfSections ?? []).filter((section) => shown.includes(section));
  return [...first, ...PROFILE_PAGE_SECTIONS.filter((section) => shown.includes(section) && !first.includes(section))];
}

/** Whether a field shows: a required field, or an optional one the employer lists (or does not restrict). */
export function isProfileFieldShown(own: ProfileOwnConfig | undefined, section: string, field: string): boolean {
  if (!OPTIONAL_FIELDS[section]?.includes(field)) return true;
  const listed = (own?.fields as Record<string, readonly string[] | undefined> | undefined)?.[section];
  return listed === undefined || listed.includes(field);
}

/** The employer's `profileConfig.own` from the boot data. */
export function useProfileOwnConfig(): ProfileOwnConfig | undefined {
  return useAppSelector((state) => selectBoot(state)?.pcsxConfig.profileConfig?.own);
}

/** The employer's resume types from the boot data. */
export function useResumeTypes(): readonly ResumeFileType[] {
  const config = useAppSelector((state) => selectBoot(state)?.pcsxConfig.fileUploadConfig);
  return allowedResumeTypes(config);
}
