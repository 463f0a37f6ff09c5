import type { FormDefinition, FormItem, FormValues, VisibleIf } from '../forms';
import { isEmptyValue } from './values';

/** Every item of every section, in order (a dynamic list's sub-items stay inside it). */
export function formItems(form: FormDefinition): FormItem[] {
  return form.sections.flatMap((section) => section.items);
}

/** A value as the strings `equals` and `in` compare with (a list: each entry; missing: none). */
function comparable(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(comparable);
  if (typeof value === 'object') return [];
  return [String(value)];
}

/** Whether a condition holds: every test it carries must hold (a condition without tests holds). */
function conditionHolds(condition: VisibleIf, values: FormValues): boolean {
  const value = condition.field === undefined ? undefined : values[condition.field];
  const strings = comparable(value);
  if (condition.equals !== undefined && !strings.includes(condition.equals)) return false;
  if (condition.notEquals !== undefined && strings.includes(condition.notEquals)) return false;
  if (condition.in !== undefined && !condition.in.some((entry) => strings.includes(entry))) return false;
  if (condition.notEmpty !== undefined && isEmptyValue(value) === condition.notEmpty) return false;
  if (condition.checked !== undefined && (value === true) !== condition.checked) return false;
  if (condition.all && !condition.all.every((entry) => conditionHolds(entry, values))) return false;
  if (condition.any && !condition.any.some((entry) => conditionHolds(entry, values))) return false;
  return true;
}

/** Whether an item shows: never when `hidden`, else when its `visibleIf` (if any) holds for the values. */
export function isItemVisible(item: FormItem, values: FormValues): boolean {
  if (item.hidden) return false;
  return item.visibleIf ? conditionHolds(item.visibleIf, values) : true;
}

/**
 * The values of the items that show, repeated until stable: a hidden item is unregistered
 * (docs/product/forms-toolkit.md#visibility-and-dependencies), so its stale value must not make another item show.
 */
export function visibleValues(items: FormItem[], values: FormValues): FormValues {
  let current: FormValues = { ...values };
  for (let pass = 0; pass <= items.length; pass += 1) {
    const next: FormValues = { ...current };
    let changed = false;
    for (const item of items) {
      if (!isItemVisible(item, current) && item.name in next) {
        delete next[item.name];
        changed = true;
      }
    }
    current = next;
    if (!changed) break;
  }
  return current;
}
