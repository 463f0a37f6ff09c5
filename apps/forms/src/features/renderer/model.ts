import type { FormDefinition, FormItem, FormValues } from '@careers/shared/contract';
import { formItems, isItemVisible } from '@careers/shared/forms';
import type { FieldTypes } from './types';

/** Code-defined visibility (spec 002 §3 `visibleFn`), by item name. */
export type VisibleFns = Record<string, (values: FormValues) => boolean>;
/** Caller-supplied validation (spec 002 §3 `customValidator`), by item name: the message, or undefined when valid. */
export type CustomValidators = Record<string, (value: unknown, values: FormValues) => string | undefined>;

/** The top-level items of a form (not a dynamic list's sub-items), in form order. */
export const topItems = (form: FormDefinition): FormItem[] => formItems(form);

/** Whether an item shows for `values`: not `hidden`, its `visibleIf`, and its code-defined `visibleFn`. */
function itemShows(item: FormItem, values: FormValues, visibleFns: VisibleFns | undefined): boolean {
  if (item.hidden) return false;
  if (!isItemVisible(item, values)) return false;
  const fn = visibleFns?.[item.name];
  return fn ? fn(values) : true;
}

/**
 * Names of the items that show for `values`. A hidden item is unregistered, so its stale value must not make
 * another item show: its value is left out and the test repeated until nothing changes.
 */
export function visibleNames(form: FormDefinition, values: FormValues, visibleFns?: VisibleFns): Set<string> {
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

/** The empty value of an item type (so every question is a key of the values and is touched on submit). */
function emptyValue(item: FormItem): unknown {
  switch (item.type) {
    case 'checkbox':
    case 'skillSelector':
    case 'file_upload':
    case 'fileUpload':
    case 'dynamicList':
      return [];
    case 'checkboxItem':
      return false;
    case 'dropdown':
    case 'select':
      return item.multiple ? [] : '';
    case 'dateRange':
      return null;
    case 'number':
    case 'star_rating':
    case 'esignForm':
      return null;
    default:
      return '';
  }
}

/** Whether an item type holds a value (display types do not: not registered, not validated). */
export function holdsValue(item: FormItem, types: FieldTypes): boolean {
  return !types[item.type]?.display;
}

/** The form's starting values: every question with a value, from `initial` or else empty. */
export function startingValues(form: FormDefinition, initial: FormValues | undefined, types: FieldTypes): FormValues {
  const values: FormValues = { ...(initial ?? {}) };
  for (const item of topItems(form)) {
    if (!holdsValue(item, types)) continue;
    if (values[item.name] === undefined) values[item.name] = emptyValue(item);
  }
  return values;
}

/** What is submitted: the values of the questions that show (hidden ones are unregistered, spec 002 §4). */
export function submittedValues(
  form: FormDefinition,
  values: FormValues,
  types: FieldTypes,
  visibleFns?: VisibleFns,
): FormValues {
  const out: FormValues = {};
  const shown = visibleNames(form, values, visibleFns);
  for (const item of topItems(form)) {
    if (!holdsValue(item, types) || !shown.has(item.name)) continue;
    if (values[item.name] !== undefined) out[item.name] = values[item.name];
  }
  return out;
}
