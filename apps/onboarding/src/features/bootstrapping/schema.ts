import type { FormDefinition, FormValues } from '@careers/shared/contract';
import type { FormCustomValidators } from '@careers/shared/forms';

/** The step's fields, in the order they appear (the first invalid one gets focus on submit). */
export const BOOTSTRAP_FIELDS = ['firstname', 'lastname', 'location'] as const;
export type BootstrapField = (typeof BOOTSTRAP_FIELDS)[number];
export type BootstrapValues = Record<BootstrapField, string>;

/** Maximum lengths, as in the contract (BootstrapProfileBody). */
const MAX_LENGTH: Readonly<Record<BootstrapField, number>> = { firstname: 100, lastname: 100, location: 200 };

/** Prefix of the i18n keys the checks report (namespace `onboarding`); server messages never start with it. */
const ERROR_KEY_PREFIX = 'bootstrap.errors.';

/** The translation function the definition and the checks need (the widget's `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A field's value as the step sends it: text, trimmed (blanks count as missing). */
const bootstrapText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The i18n key of what is wrong with a field's value, or null when it is valid. */
export function bootstrapProblem(name: BootstrapField, value: unknown): string | null {
  const text = bootstrapText(value);
  if (!text) return `${ERROR_KEY_PREFIX}${name}Required`;
  if (text.length > MAX_LENGTH[name]) return `${ERROR_KEY_PREFIX}${name}TooLong`;
  return null;
}

/** The step's values from the answers the form gives (trimmed). */
export function bootstrapValues(values: FormValues): BootstrapValues {
  return {
    firstname: bootstrapText(values.firstname),
    lastname: bootstrapText(values.lastname),
    location: bootstrapText(values.location),
  };
}

/**
 * The step as a toolkit form (docs/product/forms-toolkit.md#layouts): first name and last name side by side from tablet
 * up, then the location with its hint. Every field is required (marked, `aria-required`; the toolkit's message "First
 * name is required"); the step's own checks (`bootstrapValidators`) add the maximum lengths.
 */
export function bootstrapForm(t: Translate): FormDefinition {
  return {
    id: 'profile-bootstrap',
    title: t('bootstrap.heading'),
    layout: 'simple',
    sections: [
      {
        id: 'profile',
        title: t('bootstrap.section'),
        items: [
          { name: 'firstname', label: t('bootstrap.firstname'), type: 'text', layout: 'half', required: true },
          { name: 'lastname', label: t('bootstrap.lastname'), type: 'text', layout: 'half', required: true },
          {
            name: 'location',
            label: t('bootstrap.location'),
            help: t('bootstrap.locationHint'),
            type: 'text',
            required: true,
          },
        ],
      },
    ],
  };
}

/** The step's checks, by field, in the page's language: required (after trimming) and the maximum lengths. */
export function bootstrapValidators(t: Translate): FormCustomValidators {
  return Object.fromEntries(
    BOOTSTRAP_FIELDS.map((name) => [
      name,
      (value: unknown) => {
        const problem = bootstrapProblem(name, value);
        return problem ? t(problem, { max: MAX_LENGTH[name] }) : undefined;
      },
    ]),
  );
}

/** The body fields of a server 400's `field` ("firstname", "/firstname", "body.firstname" ...), if it is one of ours. */
export function toBootstrapField(field: string | undefined): BootstrapField | null {
  const name = field
    ?.split(/[./[\]]/)
    .filter(Boolean)
    .pop();
  return (BOOTSTRAP_FIELDS as readonly string[]).includes(name ?? '') ? (name as BootstrapField) : null;
}
