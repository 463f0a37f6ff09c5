import type { ComponentType } from 'react';
import type { FormItem, FormItemType } from '@careers/shared/contract';

/** What the renderer gives a field type's component: it renders only the control, the frame does the rest. */
export interface FieldProps {
  item: FormItem;
  name: string /* Formik path, e.g. "email" or "jobs.0.title" */;
  mode: 'edit' | 'view';
  id: string /* the control's id, the frame's label points at it */;
  describedBy: string | undefined /* help + error ids */;
  invalid: boolean;
}

export interface FieldType {
  component: ComponentType<FieldProps>;
  /** fieldset + legend instead of label (radio, checkbox group, date range, dynamic list, file upload ...) */
  group?: boolean;
  /** no value (info, instruction, embedded_form): no label frame, not validated */
  display?: boolean;
  /** the control first and its label beside it, on one line (a checkbox item) */
  inlineLabel?: boolean;
}

export type FieldTypes = Partial<Record<FormItemType, FieldType>>;
