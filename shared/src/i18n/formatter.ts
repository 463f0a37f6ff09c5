import type { FormatterModule } from 'i18next';
import { directionOf } from '../contract/language-basics';

/** First strong isolate and pop directional isolate (Unicode Bidirectional Algorithm, UAX #9). */
const FSI = '\u2068';
const PDI = '\u2069';

function formatNumber(value: unknown, language: string): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return new Intl.NumberFormat(language).format(value);
}

/**
 * The widgets' i18next formatter (docs/product/languages.md#right-to-left). Two jobs:
 * - `{{count, number}}`: the number written for the page's language through Intl (the one named format the
 *   catalogues use; tests/lint/locales.test.ts keeps variables as English writes them);
 * - on a right-to-left page every text put into a sentence (a job title, a company, a name, a date) is isolated
 *   with FSI…PDI, so its own direction cannot reorder the sentence around it: "Robotics Engineer (Toronto)" in an
 *   Arabic sentence keeps its parentheses and its place. Numbers are not isolated (their digits follow the
 *   sentence). Left-to-right pages get the value as it is.
 * i18next calls it for every variable because `interpolation.alwaysFormat` is on.
 */
export const isolatingFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // Typed as returning a string, but i18next reads what comes back as the variable's value: a missing variable must
  // stay undefined (its missing-variable handling) and a number a number.
  format(value: unknown, format: string | undefined, language: string | undefined): string {
    const lng = language ?? 'en';
    let formatted: unknown = value;
    for (const name of (format ?? '').split(',')) {
      if (name.trim().toLowerCase() === 'number') formatted = formatNumber(formatted, lng);
    }
    if (typeof value === 'string' && value !== '' && directionOf(lng) === 'rtl') {
      return `${FSI}${formatted as string}${PDI}`;
    }
    return formatted as string;
  },
};
