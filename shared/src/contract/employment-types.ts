/**
 * Employment types as employers write them ("Full-time", "full time", "Permanent"), read as the few the interface
 * names in every language and the job page's structured data names for search engines
 * (docs/product/languages.md#content-in-the-language). Anything else is shown as the employer wrote it.
 */
export const EMPLOYMENT_TYPE_KEYS = [
  'full_time',
  'part_time',
  'contract',
  'temporary',
  'internship',
  'volunteer',
  'per_diem',
] as const;
export type EmploymentTypeKey = (typeof EMPLOYMENT_TYPE_KEYS)[number];

/** By the employer's wording, letters only, lower case. */
const BY_WORDING: Readonly<Record<string, EmploymentTypeKey>> = {
  fulltime: 'full_time',
  permanent: 'full_time',
  parttime: 'part_time',
  contract: 'contract',
  contractor: 'contract',
  freelance: 'contract',
  temporary: 'temporary',
  temp: 'temporary',
  seasonal: 'temporary',
  fixedterm: 'temporary',
  intern: 'internship',
  internship: 'internship',
  coop: 'internship',
  volunteer: 'volunteer',
  perdiem: 'per_diem',
};

/** The interface's key for an employment type as the employer wrote it, else null. */
export function employmentTypeKey(text: string): EmploymentTypeKey | null {
  return BY_WORDING[text.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
}
