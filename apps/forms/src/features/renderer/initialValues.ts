import type { FormItem } from '@careers/shared/contract';

/**
 * What a question type's questions start with (its `initialValue` in the field-type tables): `empty(item)`, unless a
 * starting answer is given.
 */
const startsAs =
  (empty: (item: FormItem) => unknown) =>
  (item: FormItem, given: unknown): unknown =>
    given === undefined ? empty(item) : given;

/** Text-like types (text, email, a single choice, a date...): an empty string. */
export const startsBlank = startsAs(() => '');
/** Types answered with a list (several choices, files, skills): an empty list. */
export const startsAsList = startsAs(() => []);
/** Types whose answer is a number or an object (a rating, a date range, a signature): null until answered. */
export const startsUnanswered = startsAs(() => null);
/** A select or dropdown: a list when it takes several choices, else an empty string. */
export const startsAsChoice = startsAs((item) => (item.multiple ? [] : ''));
/** A single box (checkbox item): unticked. */
export const startsUnticked = startsAs(() => false);
