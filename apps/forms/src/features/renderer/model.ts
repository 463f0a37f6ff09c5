import type { FormDefinition, FormItem, FormValues } from '@careers/shared/contract';
import { formItems, isItemVisible, type FormVisibleFns } from '@careers/shared/forms';
import { startsBlank } from './initialValues';
import type { FieldTypes } from './types';

/** The top-level items of a form (not a dynamic list's sub-items), in form order. */
export const topItems = (form: FormDefinition): FormItem[] => formItems(form);

/** Whether an item shows for `values`: not `hidden`, its `visibleIf`, and its code-defined `visibleFn`. */
function itemShows(item: FormItem, values: FormValues, visibleFns: FormVisibleFns | undefined): boolean {
  if (item.hidden) return false;
  if (!isItemVisible(item, values)) return false;
  const fn = visibleFns?.[item.name];
  return fn ? fn(values) : true;
}

/**
 * Names of the items that show for `values`. A hidden item is unregistered, so its stale value must not make
 * another item show: its value is left out and the test repeated until nothing changes.
 */
export function visibleNames(form: FormDefinition, values: FormValues, visibleFns?: FormVisibleFns): Set<string> {
  const items = topItems(form);
  let current: FormValues = values;
  let shown = new Set<string>();
  for (let pass = 0; pass <= items.length; pass += 1) {
    shown = new Set(items.filter((item) => itemShows(item, current, visibleFns)).map((item) => item.name));
    const hidden = items.filter((item) => !shown.has(item.name) && item.name in current);
    if (hidden.length === 0) break;
    current = { ...current };
    for (const item of hidden) delete current[item.name];
  }
  return shown;
}

/** Whether an item type holds a value (display types do not: not registered, not validated). */
export function holdsValue(item: FormItem, types: FieldTypes): boolean {
  return !types[item.type]?.display;
}

/**
 * The form's starting values: every question with a value, as its type starts it from `initial` (an unknown type
 * starts blank, as a text would).
 */
export function startingValues(form: FormDefinition, initial: FormValues | undefined, types: FieldTypes): FormValues {
  const values: FormValues = { ...(initial ?? {}) };
  for (const item of topItems(form)) {
    const type = types[item.type];
    if (type?.display) continue;
    values[item.name] = (type?.initialValue ?? startsBlank)(item, values[item.name]);
  }
  return values;
}

/**
 * What is submitted: the values of the questions that show (hidden ones are unregistered,
 * docs/product/forms-toolkit.md#visibility-and-dependencies).
 */
export function submittedValues(
  form: FormDefinition,
  values: FormValues,
  types: FieldTypes,
  visibleFns?: FormVisibleFns,
): FormValues {
  const out: FormValues = {};
  const shown = visibleNames(form, values, visibleFns);
  for (const item of topItems(form)) {
    if (!holdsValue(item, types) || !shown.has(item.name)) continue;
    if (values[item.name] !== undefined) out[item.name] = values[item.name];
  }
  return out;
}
