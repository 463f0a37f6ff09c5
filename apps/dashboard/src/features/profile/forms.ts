import type {
  EducationItem,
  ExperienceItem,
  FormDefinition,
  FormItem,
  FormValues,
  LanguageItem,
  LinkItem,
  ProfileDetails,
} from '@careers/shared/contract';
import { isProfileFieldShown } from '@careers/shared';
import type { FormCustomValidators } from '@careers/shared/forms';
import type { ProfileOwnConfig } from '@careers/shared/contract';

/** The translation function the definitions and checks need (the widget's `t`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Sections edited through a form (the avatar and resumes have their own controls). */
const FORM_SECTIONS = [
  'basic_info',
  'contact',
  'summary',
  'experience',
  'education',
  'skills',
  'languages',
  'links',
] as const;
export type FormSectionName = (typeof FORM_SECTIONS)[number];

/** Sections holding a list of entries (add, update and delete one at a time). */
const LIST_SECTIONS = ['experience', 'education', 'skills', 'languages', 'links'] as const;
export type ListSectionName = (typeof LIST_SECTIONS)[number];

export const isListSection = (section: string): section is ListSectionName =>
  (LIST_SECTIONS as readonly string[]).includes(section);
export const isFormSection = (section: string): section is FormSectionName =>
  (FORM_SECTIONS as readonly string[]).includes(section);

const PROFICIENCIES = ['basic', 'conversational', 'professional', 'native'] as const;

/** Maximum lengths, as in the contract (shared/src/contract/profile.ts). */
const MAX: Record<string, number> = {
  firstname: 100,
  lastname: 100,
  headline: 200,
  location: 200,
  phone: 40,
  summary: 4000,
  title: 200,
  company: 200,
  description: 4000,
  school: 200,
  degree: 200,
  field: 200,
  skill: 100,
  language: 100,
  label: 100,
  url: 2000,
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const month = (value: unknown): string | null => {
  const found = /^(\d{4}-(0[1-9]|1[0-2]))/.exec(text(value));
  return found ? found[1]! : null;
};
const year = (value: unknown): number | undefined => {
  const raw = typeof value === 'number' ? value : Number.parseInt(text(value), 10);
  return Number.isInteger(raw) ? raw : undefined;
};
/** Only the properties that hold something (the contract's optional fields are left out when empty). */
const compact = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

function item(t: Translate, name: string, type: FormItem['type'], extra: Partial<FormItem> = {}): FormItem {
  return { name, label: t(`profile.fields.${name}`), type, ...extra };
}

/**
 * The section's questions the employer shows (`profileConfig.own.fields`; required ones always). A hidden field's
 * stored value stays in the form's answers, so saving the section keeps it as it is.
 */
function sectionItems(t: Translate, section: FormSectionName, own?: ProfileOwnConfig): FormItem[] {
  return allSectionItems(t, section).filter((question) => isProfileFieldShown(own, section, question.name));
}

/** Every question of the section. */
function allSectionItems(t: Translate, section: FormSectionName): FormItem[] {
  switch (section) {
    case 'basic_info':
      return [
        item(t, 'firstname', 'text', { required: true, layout: 'half' }),
        item(t, 'lastname', 'text', { required: true, layout: 'half' }),
        item(t, 'headline', 'text'),
        item(t, 'location', 'text'),
      ];
    case 'contact':
      return [item(t, 'phone', 'text', { help: t('profile.fields.phoneHelp') })];
    case 'summary':
      return [item(t, 'summary', 'textarea')];
    case 'experience':
      return [
        item(t, 'title', 'text', { required: true, layout: 'half' }),
        item(t, 'company', 'text', { required: true, layout: 'half' }),
        item(t, 'location', 'text'),
        item(t, 'startDate', 'date', { required: true, format: 'MM/YYYY', layout: 'half' }),
        item(t, 'endDate', 'date', { format: 'MM/YYYY', layout: 'half', help: t('profile.fields.endDateHelp') }),
        item(t, 'description', 'textarea'),
      ];
    case 'education':
      return [
        item(t, 'school', 'text', { required: true }),
        item(t, 'degree', 'text', { layout: 'half' }),
        item(t, 'field', 'text', { layout: 'half' }),
        item(t, 'startYear', 'number', { min: 1900, max: 2100, step: 1, layout: 'half' }),
        item(t, 'endYear', 'number', { min: 1900, max: 2100, step: 1, layout: 'half' }),
      ];
    case 'skills':
      return [item(t, 'skill', 'text', { required: true })];
    case 'languages':
      return [
        item(t, 'language', 'text', { required: true, layout: 'half' }),
        item(t, 'proficiency', 'select', {
          required: true,
          layout: 'half',
          choices: PROFICIENCIES.map((value) => ({ value, label: t(`profile.proficiency.${value}`) })),
        }),
      ];
    case 'links':
      return [
        item(t, 'label', 'text', { required: true, layout: 'half' }),
        item(t, 'url', 'text', { required: true, layout: 'half', help: t('profile.fields.urlHelp') }),
      ];
  }
}

/** The edit form of a section (one entry of a list section), titled for adding or editing. */
export function sectionForm(
  t: Translate,
  section: FormSectionName,
  adding: boolean,
  own?: ProfileOwnConfig,
): FormDefinition {
  const title = t(adding ? `profile.sections.${section}.add` : `profile.sections.${section}.edit`);
  return {
    id: `profile-${section.replace('_', '-')}`,
    title,
    layout: 'simple',
    sections: [{ id: section.replace('_', '-'), title, items: sectionItems(t, section, own) }],
  };
}

/**
 * The question a server error names (`field` of a 422: `op_data.value.<property>`, or `op_data.value` for a section
 * answered by one question), or null when it names none of the form's (the index, the section, the operation).
 */
export function sectionQuestionOf(section: FormSectionName, field: string | undefined): string | null {
  if (!field) return null;
  const names = allSectionItems((key) => key, section).map((question) => question.name);
  if (field === 'op_data.value') return names.length === 1 ? names[0]! : null;
  const name = field.startsWith('op_data.value.') ? field.slice('op_data.value.'.length) : null;
  return name !== null && names.includes(name) ? name : null;
}

/** The starting answers: the section as it is, or the entry at `index` (empty for a new entry). */
export function sectionValues(profile: ProfileDetails, section: FormSectionName, index: number | null): FormValues {
  switch (section) {
    case 'basic_info': {
      const { firstname, lastname, headline, location } = profile.basic_info;
      return { firstname, lastname, headline, location };
    }
    case 'contact':
      return { phone: profile.contact.phone };
    case 'summary':
      return { summary: profile.summary };
    case 'experience': {
      const entry = index === null ? undefined : profile.experience[index];
      return {
        title: entry?.title ?? '',
        company: entry?.company ?? '',
        location: entry?.location ?? '',
        startDate: entry?.startDate ?? '',
        endDate: entry?.endDate ?? '',
        description: entry?.description ?? '',
      };
    }
    case 'education': {
      const entry = index === null ? undefined : profile.education[index];
      return {
        school: entry?.school ?? '',
        degree: entry?.degree ?? '',
        field: entry?.field ?? '',
        ...(entry?.startYear === undefined ? {} : { startYear: entry.startYear }),
        ...(entry?.endYear === undefined ? {} : { endYear: entry.endYear }),
      };
    }
    case 'skills':
      return { skill: index === null ? '' : (profile.skills[index] ?? '') };
    case 'languages': {
      const entry = index === null ? undefined : profile.languages[index];
      return { language: entry?.language ?? '', proficiency: entry?.proficiency ?? '' };
    }
    case 'links': {
      const entry = index === null ? undefined : profile.links[index];
      return { label: entry?.label ?? '', url: entry?.url ?? '' };
    }
  }
}

/** `op_data.value` of the section from the form's answers (trimmed; empty optional fields left out). */
export function sectionValue(section: FormSectionName, values: FormValues): unknown {
  switch (section) {
    case 'basic_info':
      return {
        firstname: text(values.firstname),
        lastname: text(values.lastname),
        headline: text(values.headline),
        location: text(values.location),
      };
    case 'contact':
      return { phone: text(values.phone) };
    case 'summary':
      return text(values.summary);
    case 'experience': {
      const value: ExperienceItem = compact({
        title: text(values.title),
        company: text(values.company),
        location: text(values.location),
        startDate: month(values.startDate) ?? text(values.startDate),
        description: text(values.description),
      });
      return { ...value, endDate: month(values.endDate) };
    }
    case 'education':
      return compact({
        school: text(values.school),
        degree: text(values.degree),
        field: text(values.field),
        startYear: year(values.startYear),
        endYear: year(values.endYear),
      }) satisfies EducationItem;
    case 'skills':
      return text(values.skill);
    case 'languages':
      return {
        language: text(values.language),
        proficiency: text(values.proficiency) as LanguageItem['proficiency'],
      } satisfies LanguageItem;
    case 'links':
      return { label: text(values.label), url: text(values.url) } satisfies LinkItem;
  }
}

/**
 * The section's checks, in the page's language: the contract's lengths, months, years and addresses, on the
 * questions shown (a hidden field is kept as stored, never checked where the candidate cannot fix it).
 */
export function sectionValidators(
  t: Translate,
  section: FormSectionName,
  own?: ProfileOwnConfig,
): FormCustomValidators {
  const validators: FormCustomValidators = {};
  for (const { name, type, required } of sectionItems(t, section, own)) {
    validators[name] = (value: unknown, values: FormValues) => {
      const given = typeof value === 'number' ? String(value) : text(value);
      if (!given) return required ? t('profile.errors.required') : undefined;
      const max = MAX[name];
      if (max !== undefined && given.length > max) return t('profile.errors.tooLong', { max });
      if (type === 'date' && month(given) === null) return t('profile.errors.month');
      if (type === 'number') {
        const n = year(given);
        if (n === undefined || n < 1900 || n > 2100) return t('profile.errors.year');
      }
      if (name === 'url' && !/^https?:\/\/\S+$/.test(given)) return t('profile.errors.url');
      if (name === 'endDate' && (month(given) ?? '') < (month(values.startDate) ?? '')) {
        return t('profile.errors.endBeforeStart');
      }
      if (name === 'endYear' && (year(given) ?? 0) < (year(values.startYear) ?? 0)) {
        return t('profile.errors.endBeforeStart');
      }
      return undefined;
    };
  }
  return validators;
}
