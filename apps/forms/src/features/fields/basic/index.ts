import type { FieldTypes } from '../../renderer/types';
import { CheckboxGroupField, CheckboxItemField, RadioField } from './ChoiceFields';
import { DateField, DateRangeField } from './DateFields';
import { DropdownField, SelectField } from './SelectFields';
import { IdNumberField, NumberField, TextareaField, TextField } from './TextFields';

/** The basic question types (spec 002 §3), each with its view mode. */
export const basicFieldTypes: FieldTypes = {
  text: { component: TextField },
  email: { component: TextField },
  textarea: { component: TextareaField },
  number: { component: NumberField },
  sin: { component: IdNumberField },
  ssn: { component: IdNumberField },
  radio: { component: RadioField, group: true },
  checkbox: { component: CheckboxGroupField, group: true },
  checkboxItem: { component: CheckboxItemField, inlineLabel: true },
  select: { component: SelectField },
  dropdown: { component: DropdownField },
  date: { component: DateField },
  dateRange: { component: DateRangeField, group: true },
};
