import {
  startsAsChoice,
  startsAsList,
  startsBlank,
  startsUnanswered,
  startsUnticked,
} from '../../renderer/initialValues';
import type { FieldTypes } from '../../renderer/types';
import { CheckboxGroupField, CheckboxItemField, RadioField } from './ChoiceFields';
import { DateField, DateRangeField } from './DateFields';
import { DropdownField, SelectField } from './SelectFields';
import { IdNumberField, NumberField, TextareaField, TextField } from './TextFields';

/** The basic question types (docs/product/forms-toolkit.md#question-types), each with its view mode. */
export const basicFieldTypes: FieldTypes = {
  text: { component: TextField, initialValue: startsBlank },
  email: { component: TextField, initialValue: startsBlank },
  textarea: { component: TextareaField, initialValue: startsBlank },
  number: { component: NumberField, initialValue: startsUnanswered },
  sin: { component: IdNumberField, initialValue: startsBlank },
  ssn: { component: IdNumberField, initialValue: startsBlank },
  radio: { component: RadioField, group: true, initialValue: startsBlank },
  checkbox: { component: CheckboxGroupField, group: true, initialValue: startsAsList },
  checkboxItem: { component: CheckboxItemField, inlineLabel: true, initialValue: startsUnticked },
  select: { component: SelectField, initialValue: startsAsChoice },
  dropdown: { component: DropdownField, initialValue: startsAsChoice },
  date: { component: DateField, initialValue: startsBlank },
  dateRange: { component: DateRangeField, group: true, initialValue: startsUnanswered },
};
