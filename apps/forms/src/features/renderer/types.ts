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
  /**
   * false when the control is not one a <label> can name (an iframe, a line of text): the label is then text with
   * the id `${id}-label`, which the control names itself by (aria-labelledby). A <label for> pointing at it would
   * point at nothing (IBM Equal Access label_ref_valid, issue 22).
   */
  labelable?: false;
}

export type FieldTypes = Partial<Record<FormItemType, FieldType>>;
