import { object, string } from 'yup';

/** The step's fields, in the order they appear (the first invalid one gets focus on submit). */
export const BOOTSTRAP_FIELDS = ['firstname', 'lastname', 'location'] as const;
export type BootstrapField = (typeof BOOTSTRAP_FIELDS)[number];
export type BootstrapValues = Record<BootstrapField, string>;

/** Maximum lengths, as in the contract (BootstrapProfileBody). */
export const MAX_LENGTH: Readonly<Record<BootstrapField, number>> = { firstname: 100, lastname: 100, location: 200 };

/** Prefix of the i18n keys the schema reports (namespace `onboarding`); server messages never start with it. */
export const ERROR_KEY_PREFIX = 'bootstrap.errors.';

const field = (name: BootstrapField) =>
  string()
    .trim()
    .required(`${ERROR_KEY_PREFIX}${name}Required`)
    .max(MAX_LENGTH[name], `${ERROR_KEY_PREFIX}${name}TooLong`);

/**
 * Validation of the bootstrapping step. Values are trimmed first, so blanks count as missing. Messages are i18n
 * keys, translated at display time (the text follows a language change).
 */
export const bootstrapSchema = object({
  firstname: field('firstname'),
  lastname: field('lastname'),
  location: field('location'),
});

/** The body fields of a server 400's `field` ("firstname", "/firstname", "body.firstname" ...), if it is one of ours. */
export function toBootstrapField(field: string | undefined): BootstrapField | null {
  const name = field
    ?.split(/[./[\]]/)
    .filter(Boolean)
    .pop();
  return (BOOTSTRAP_FIELDS as readonly string[]).includes(name ?? '') ? (name as BootstrapField) : null;
}
