import { formatRuleMessage, formItems, validateForm, type FormDefinition, type FormValues } from '../contract';
import { HttpError } from '../http/errors';
import { translator, type Language } from '../i18n';
import { extensionOf, fileProblem } from './files';
import type { FoundFile } from './values';

/** Error code of a 400 on a form's answers (apply, forms centre). */
const FORM_INVALID = 'form_invalid';

/**
 * A 400 on a form's answers (contract `FormErrorBody`): the first message, and every field's message, each written in
 * the request's language by the rule engine's and the server's catalogues.
 */
export class FormInvalidError extends HttpError {
  constructor(
    readonly errors: Record<string, string>,
    field: string,
  ) {
    super(400, FORM_INVALID, errors[field]!, { field, localized: true });
  }

  override toBody() {
    return { ...super.toBody(), errors: this.errors };
  }
}

/**
 * Checks a form's answers as the browser does, in the candidate's language: the form's rules (unless `rules` is
 * false: saving progress checks files only), then every uploaded file's content (a file must be what its name
 * says; a field with a rule error already is not checked again). Throws one 400 `form_invalid` with every field's
 * message, fields in the form's order, the first one named.
 */
export async function checkAnswers(
  form: FormDefinition,
  values: FormValues,
  files: readonly FoundFile[],
  language: Language,
  { rules = true }: { rules?: boolean } = {},
): Promise<void> {
  const t = translator(language);
  const errors: Record<string, string> = {};
  if (rules) {
    for (const [field, ruleMessage] of Object.entries(validateForm(form, values, { now: new Date() }))) {
      errors[field] = formatRuleMessage(ruleMessage, t);
    }
  }
  for (const { field, file } of files) {
    if (errors[field] !== undefined || !(field.split('.')[0]! in values)) continue;
    const problem = await fileProblem(file);
    if (problem) {
      errors[field] = t(`forms.file.${problem}`, { name: file.name, type: extensionOf(file.name).toUpperCase() });
    }
  }
  // Each field's place in the form by a map: an indexOf per comparison grew with the errors times the questions.
  const order = new Map(formItems(form).map((item, index) => [item.name, index]));
  const position = (field: string) => order.get(field.split('.')[0]!) ?? -1;
  const fields = Object.keys(errors).sort((a, b) => position(a) - position(b));
  if (fields.length > 0) {
    throw new FormInvalidError(Object.fromEntries(fields.map((field) => [field, errors[field]!])), fields[0]!);
  }
}
