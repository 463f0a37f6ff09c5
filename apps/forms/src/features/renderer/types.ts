import type { ComponentType } from 'react';
import type { FormItem, FormItemType } from '@careers/shared/contract';

/** What the renderer gives a field type's component: it renders only the control, the frame does the rest. */
export interface FieldProps {
  item: FormItem;
  name: string /* the path of the value, e.g. "email" or "jobs.0.title" */;
  mode: 'edit' | 'view';
  id: string /* the control's id, the frame's label points at it */;
  describedBy: string | undefined /* help + error ids */;
  invalid: boolean;
}

/** What every question type says: its control and how its frame is drawn. */
interface FieldTypeParts {
  component: ComponentType<FieldProps>;
  /** fieldset + legend instead of label (radio, checkbox group, date range, dynamic list, file upload ...) */
  group?: boolean;
  /** the control first and its label beside it, on one line (a checkbox item) */
  inlineLabel?: boolean;
  /**
   * false when the control is not one a <label> can name (an iframe, a line of text): the label is then text with
   * the id `${id}-label`, which the control names itself by (aria-labelledby). A <label for> pointing at it would
   * point at nothing (IBM Equal Access label_ref_valid, issue 22).
   */
  labelable?: false;
}

/** A question type with an answer. */
interface AnsweredFieldType extends FieldTypeParts {
  display?: false;
  /**
   * The answer a question of this type starts with, from the starting answer given (undefined: none; a profile or
   * a draft may give one). Every question with an answer is a key of the answers from the start, so that a submit
   * touches it, and a filling done here (a dynamic list's minimum) is no change by the candidate.
   */
  initialValue: (item: FormItem, given: unknown) => unknown;
}

/** A display type (info, instruction, embedded_form): no answer, no label frame, not validated. */
interface DisplayFieldType extends FieldTypeParts {
  display: true;
  initialValue?: undefined;
}

export type FieldType = AnsweredFieldType | DisplayFieldType;

export type FieldTypes = Partial<Record<FormItemType, FieldType>>;
