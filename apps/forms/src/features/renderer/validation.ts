import { getIn, setIn } from 'formik';
import type { FormDefinition, FormItem, FormValues } from '@careers/shared/contract';
import { formatRuleMessage, validateForm, type FormCustomValidators, type FormVisibleFns } from '@careers/shared/forms';
import type { FormPaths } from './formStore';
import { topItems, visibleNames } from './model';

export interface ValidationOptions {
  mode: 'edit' | 'view';
  visibleFns?: FormVisibleFns;
  customValidators?: FormCustomValidators;
  defaultCountry?: string;
  /** Translates the engine's rule messages (the rule engine's namespace). */
  t: Parameters<typeof formatRuleMessage>[1];
}

/**
 * The errors of the answers, at their paths: the shared rule engine's `validateForm` on the questions that show,
 * then the caller's custom validators. The engine is the one source of the rules, also used by the server; the item
 * rules need the whole answers (date_comparison, visibility), so one call checks them all. View mode checks nothing.
 */
export function validateAnswers(
  form: FormDefinition,
  values: FormValues,
  options: ValidationOptions,
): FormPaths<string> {
  const { mode, visibleFns, customValidators, defaultCountry, t } = options;
  if (mode === 'view') return {};
  const items = topItems(form);
  const itemNamed = new Map<string, FormItem>();
  for (const item of items) if (!itemNamed.has(item.name)) itemNamed.set(item.name, item);
  // Questions hidden by a code-defined visibleFn are unregistered too: their values do not reach the engine.
  const shown = visibleNames(form, values, visibleFns);
  const registered: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (!itemNamed.has(key) || shown.has(key)) registered[key] = value;
  }
  const found = validateForm(form, registered, { now: new Date(), defaultCountry });
  let errors: FormPaths<string> = {};
  for (const [path, ruleMessage] of Object.entries(found)) {
    const top = items.find((item) => path === item.name || path.startsWith(`${item.name}.`));
    if (top && !shown.has(top.name)) continue;
    errors = setIn(errors, path, formatRuleMessage(ruleMessage, t)) as FormPaths<string>;
  }
  for (const item of items) {
    const custom = customValidators?.[item.name];
    if (!custom || !shown.has(item.name) || getIn(errors, item.name)) continue;
    const text = custom(values[item.name], values);
    if (text) errors = setIn(errors, item.name, text) as FormPaths<string>;
  }
  return errors;
}
