/**
 * The one way a form definition enters the database (`forms`): checked against the contract and for patterns the
 * rule engine can run. An employer's `regex` rule runs in RE2 (linear time, issue 21); a pattern RE2 cannot run
 * (lookahead, lookbehind, backreferences, unknown flags, too large) is refused here with the question and the reason,
 * so nobody finds out from a candidate who cannot apply. A definition stored another way (by hand in the database)
 * still cannot make a check slow: the engine fails such a rule closed ("validation.regexInvalid").
 */
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Kysely } from 'kysely';
import {
  describePatternProblem,
  FormDefinition as FormDefinitionSchema,
  localizeTexts,
  mapLanguages,
  patternProblem,
  SOURCE_LANGUAGE,
  type FormDefinition,
  type FormItem,
} from '../contract';
import type { Database } from '../db/types';
import { normalizeDomain } from '../employers/repository';

const isFormDefinition = TypeCompiler.Compile(FormDefinitionSchema);

/** Why a definition cannot be saved: `field` is its path ("sections/0/items/2/rules/0/value"). */
export class FormDefinitionError extends Error {
  override name = 'FormDefinitionError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function patternError(items: readonly FormItem[], path: string): FormDefinitionError | null {
  for (const [index, item] of items.entries()) {
    const itemPath = `${path}/${index}`;
    for (const [ruleIndex, rule] of (item.rules ?? []).entries()) {
      if (rule.type !== 'regex') continue;
      const problem = patternProblem(rule.value);
      if (problem) {
        return new FormDefinitionError(
          `${itemPath}/rules/${ruleIndex}/value`,
          `The regex rule of question "${item.name}" cannot be used: ${describePatternProblem(problem)}.`,
        );
      }
    }
    const nested = item.items ? patternError(item.items, `${itemPath}/items`) : null;
    if (nested) return nested;
  }
  return null;
}

/**
 * The first reason the value is not a definition the forms toolkit can offer, or null. A definition whose texts are
 * given per language (docs/product/languages.md#content-in-the-language) is checked in each of its languages.
 */
function formDefinitionError(value: unknown): FormDefinitionError | null {
  const languages = mapLanguages(value);
  if (languages.length === 0) return formVersionError(value);
  for (const language of languages) {
    const error = formVersionError(localizeTexts(value, language, language));
    if (error) return error;
  }
  return null;
}

function formVersionError(value: unknown): FormDefinitionError | null {
  const [first] = isFormDefinition.Errors(value);
  if (first)
    return new FormDefinitionError(first.path.slice(1), `Not a form definition: ${first.path} ${first.message}.`);
  const form = value as FormDefinition;
  for (const [index, section] of form.sections.entries()) {
    const error = patternError(section.items, `sections/${index}/items`);
    if (error) return error;
  }
  return null;
}

/**
 * Adds the employer's form under `formKey` unless it has one by that key already; whether it was added. Throws
 * FormDefinitionError (nothing stored) for a definition that is not one the toolkit can offer.
 */
export async function insertFormDefinition(
  db: Kysely<Database>,
  { domain, formKey, form, at }: { domain: string; formKey: string; form: FormDefinition; at: string },
): Promise<boolean> {
  const error = formDefinitionError(form);
  if (error) throw error;
  const added = await db
    .insertInto('forms')
    .values({
      domain: normalizeDomain(domain),
      form_key: formKey,
      // The title column lists the form; a title given per language is listed in English (else its first).
      title: localizeTexts(form, SOURCE_LANGUAGE, SOURCE_LANGUAGE).title,
      definition_json: JSON.stringify(form),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['domain', 'form_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}
