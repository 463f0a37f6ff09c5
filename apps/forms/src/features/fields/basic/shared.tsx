import { useTranslation } from '@careers/shared';
import type { FormChoice, FormItem } from '@careers/shared/contract';
import { useFieldState } from '../../renderer/fieldState';
import { NAMESPACE } from '../../forms/namespace';

/** The choices of an item in its `choicesSortOrder` (as given when there is none). */
export function sortedChoices(choices: readonly FormChoice[] | undefined, order: FormItem['choicesSortOrder']) {
  const list = [...(choices ?? [])];
  if (!order) return list;
  const direction = order === 'descending' ? -1 : 1;
  return list.sort((a, b) => direction * a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/**
 * A question's value and the calls to change it. `commit` ends an edit (blur), with the value the control holds
 * at that moment when it has one: touched, then validated with the committed answers (validation
 * runs on blur: docs/product/forms-toolkit.md#validation, decision 015). `change` sets the value and validates only
 * once the question has been touched (so a fixed error clears at once).
 */
export function useQuestion<T>() {
  const field = useFieldState<T>();
  return {
    value: field.value,
    touched: field.touched,
    change: (value: T) => void field.setValue(value, field.touched),
    commit: (value?: T) => field.blur(value),
  };
}

/** Attributes every control takes from its item and frame. */
export function controlAttributes(item: FormItem, describedBy: string | undefined, invalid: boolean) {
  return {
    'aria-describedby': describedBy,
    'aria-invalid': invalid ? (true as const) : undefined,
    'aria-required': item.required ? (true as const) : undefined,
    'aria-label': !item.label && item.ariaLabel ? item.ariaLabel : undefined,
    disabled: item.disabled,
  };
}

/** A read-only answer in view mode ("Not answered" when there is none). */
export function ViewValue({ id, text }: { id: string; text: string | null | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const empty = text === null || text === undefined || text.trim() === '';
  return (
    <p id={id} className={empty ? 'cw-form-view cw-form-view--empty' : 'cw-form-view'}>
      {empty ? t('renderer.view.empty') : text}
    </p>
  );
}
