import { advancedFieldTypes } from '../fields/advanced';
import { basicFieldTypes } from '../fields/basic';
import type { FieldType, FieldTypes } from './types';

/** Every question type the renderer knows: the basic ones (fields/basic) and the advanced ones (fields/advanced). */
export const fieldTypes: FieldTypes = { ...basicFieldTypes, ...advancedFieldTypes };

/**
 * The field type of `type`; an unknown type is reported on the console and renders nothing
 * (docs/product/forms-toolkit.md#question-types).
 */
export function fieldTypeOf(type: string, types: FieldTypes = fieldTypes): FieldType | null {
  const found = (types as Record<string, FieldType | undefined>)[type];
  if (found) return found;
  if (!reported.has(type)) {
    reported.add(type);
    console.error(`Unknown form field type "${type}": the question is not shown.`);
  }
  return null;
}

/** Unknown types already reported (once each, not on every render). */
const reported = new Set<string>();
