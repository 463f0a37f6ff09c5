import type { TFunction } from 'i18next';
import {
  isProfileFieldShown,
  PROFILE_CONFIG_SECTIONS,
  shownProfileSections,
  type ProfileMissingItem,
  type ProfileOwnConfig,
  type ProfileSection,
} from '../contract';
import type { StoredProfile } from './repository';

/** Skills a profile needs to count them as done. */
const MIN_SKILLS = 3;

/** What a complete profile has, each item with the section that fills it; every item weighs the same. */
const ITEMS: Array<{ key: string; section: ProfileSection; done: (profile: StoredProfile) => boolean }> = [
  { key: 'name', section: 'basic_info', done: (p) => p.candidate.firstName !== '' && p.candidate.lastName !== '' },
  { key: 'headline', section: 'basic_info', done: (p) => p.headline !== '' },
  { key: 'location', section: 'basic_info', done: (p) => p.candidate.location !== '' },
  { key: 'avatar', section: 'avatar', done: (p) => p.avatarPath !== null },
  { key: 'phone', section: 'contact', done: (p) => p.phone !== '' },
  { key: 'summary', section: 'summary', done: (p) => p.summary !== '' },
  { key: 'experience', section: 'experience', done: (p) => p.experience.length > 0 },
  { key: 'education', section: 'education', done: (p) => p.education.length > 0 },
  { key: 'skills', section: 'skills', done: (p) => p.skills.length >= MIN_SKILLS },
  { key: 'languages', section: 'languages', done: (p) => p.languages.length > 0 },
  { key: 'links', section: 'links', done: (p) => p.links.length > 0 },
  { key: 'resume', section: 'resumes', done: (p) => p.resumes.length > 0 },
];

/**
 * Whether an item is on the employer's profile page (`profileConfig.own`): its section shown and, for an optional
 * field, the field shown. A candidate is never asked for what the page does not offer.
 */
function isShown(item: (typeof ITEMS)[number], own: ProfileOwnConfig | undefined): boolean {
  const configurable: readonly string[] = PROFILE_CONFIG_SECTIONS;
  const shown: readonly string[] = shownProfileSections(own);
  if (configurable.includes(item.section) && !shown.includes(item.section)) return false;
  return isProfileFieldShown(own, item.section, item.key);
}

/**
 * Completion (0-100, each item the same weight) and what is missing, labelled in the candidate's language, over the
 * items the employer's profile page shows (`own`: docs/product/profile-and-resume.md#completion).
 */
export function analyseProfile(
  profile: StoredProfile,
  t: TFunction,
  own?: ProfileOwnConfig,
): { completion: number; completed: string[]; missing: ProfileMissingItem[] } {
  const items = ITEMS.filter((item) => isShown(item, own));
  const completed = items.filter((item) => item.done(profile)).map((item) => item.key);
  const missing = items
    .filter((item) => !item.done(profile))
    .map((item) => ({
      key: item.key,
      label: t(`profile.missing.${item.key}`, { count: MIN_SKILLS }),
      section: item.section,
    }));
  return { completion: Math.round((100 * completed.length) / items.length), completed, missing };
}
