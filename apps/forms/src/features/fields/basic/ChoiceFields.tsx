import type { InputHTMLAttributes } from 'react';
import { useTranslation } from '@careers/shared';
import type { FormChoice } from '@careers/shared/contract';
import type { FieldProps } from '../../renderer/types';
import { NAMESPACE } from '../../forms/namespace';
import { ChoiceIcon } from './ChoiceIcon';
import { controlAttributes, sortedChoices, useQuestion, ViewValue } from './shared';

/** The id of a group's nth control: the first takes the frame's id (what a click on a step focuses). */
const optionId = (id: string, index: number) => (index === 0 ? id : `${id}-${index}`);

/** What a choice's input has of its own: whether it is chosen, how a change is taken, and its type's attributes. */
type ChoiceControl = Pick<InputHTMLAttributes<HTMLInputElement>, 'checked' | 'required' | 'aria-invalid' | 'onChange'>;

/** A group's choices, each an input of `type` labelled by the choice (with its icon); `control` gives the rest. */
function ChoiceList({
  field: { item, name, id, describedBy },
  type,
  choices,
  control,
  onBlur,
}: {
  field: FieldProps;
  type: 'radio' | 'checkbox';
  choices: FormChoice[];
  control: (choice: FormChoice) => ChoiceControl;
  onBlur: () => void;
}) {
  return (
    <div className="cw-choice-list">
      {choices.map((choice, index) => (
        <div key={choice.value} className="cw-check">
          <input
            id={optionId(id, index)}
            className="cw-check__input"
            type={type}
            name={name}
            value={choice.value}
            disabled={item.disabled || item.readonly}
            aria-describedby={describedBy}
            {...control(choice)}
            onBlur={onBlur}
          />
          <label htmlFor={optionId(id, index)} className="cw-check__label">
            <ChoiceIcon icon={choice.icon} />
            {choice.label}
          </label>
        </div>
      ))}
    </div>
  );
}

/**
 * radio: one choice among the item's choices, in a fieldset (the frame's legend names the group). The error
 * reaches the radios through their description (`aria-invalid` is not allowed on a radio).
 */
export function RadioField(field: FieldProps) {
  const { item, mode, id } = field;
  const question = useQuestion<string>();
  const choices = sortedChoices(item.choices, item.choicesSortOrder);
  const value = typeof question.value === 'string' ? question.value : '';
  if (mode === 'view') return <ViewValue id={id} text={choices.find((c) => c.value === value)?.label ?? value} />;
  return (
    <ChoiceList
      field={field}
      type="radio"
      choices={choices}
      control={(choice) => ({
        checked: value === choice.value,
        required: item.required,
        onChange: () => question.change(choice.value),
      })}
      onBlur={() => question.commit()}
    />
  );
}

/** checkbox (group): any number of the item's choices; the value is the list of chosen values. */
export function CheckboxGroupField(field: FieldProps) {
  const { item, mode, id, invalid } = field;
  const question = useQuestion<string[]>();
  const choices = sortedChoices(item.choices, item.choicesSortOrder);
  const value = Array.isArray(question.value) ? question.value : [];
  if (mode === 'view') {
    const labels = choices.filter((c) => value.includes(c.value)).map((c) => c.label);
    return <ViewValue id={id} text={labels.join(', ')} />;
  }
  const toggle = (choice: string, on: boolean) => {
    const next = on ? [...value.filter((v) => v !== choice), choice] : value.filter((v) => v !== choice);
    // Kept in the order of the choices.
    question.change(choices.map((c) => c.value).filter((v) => next.includes(v)));
  };
  return (
    <ChoiceList
      field={field}
      type="checkbox"
      choices={choices}
      control={(choice) => ({
        checked: value.includes(choice.value),
        'aria-invalid': invalid ? true : undefined,
        onChange: (event) => toggle(choice.value, event.target.checked),
      })}
      onBlur={() => question.commit()}
    />
  );
}

/** checkboxItem: one box (the frame puts its label beside it); the value is a boolean. */
export function CheckboxItemField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const question = useQuestion<boolean>();
  const checked = question.value === true;
  if (mode === 'view') return <ViewValue id={id} text={checked ? t('renderer.view.yes') : t('renderer.view.no')} />;
  return (
    <input
      {...controlAttributes(item, describedBy, invalid)}
      id={id}
      className="cw-check__input"
      type="checkbox"
      name={name}
      checked={checked}
      disabled={item.disabled || item.readonly}
      onChange={(event) => question.change(event.target.checked)}
      onBlur={() => question.commit()}
    />
  );
}
