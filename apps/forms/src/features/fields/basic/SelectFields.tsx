import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { CloseIcon, IconButton, Select, cx, domId, useTranslation } from '@careers/shared';
import type { FormChoice } from '@careers/shared/contract';
import type { FieldProps } from '../../renderer/types';
import { NAMESPACE } from '../../forms/namespace';
import { ChoiceIcon } from './ChoiceIcon';
import { NOT_APPLICABLE, useItemOptions } from './options';
import { controlAttributes, useQuestion, ViewValue } from './shared';

type SelectValue = string | string[];

/**
 * How high a dropdown's open list grows before it scrolls (docs/product/forms-toolkit.md#selects), by the item's
 * `dropdownSize`: medium by default, about six options, so the list stays on a phone's screen under the box.
 */
const DROPDOWN_MAX_HEIGHT_PX = { medium: 240, large: 320 } as const;

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const asSingle = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Text for search: lower case, without accents (dropdown search ignores case and accents,
 * docs/product/forms-toolkit.md#selects).
 */
function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();
}

/** The labels of the chosen values (a value no option has shows as is). */
function labelsOf(options: FormChoice[], values: string[]): string {
  return values.map((value) => options.find((o) => o.value === value)?.label ?? value).join(', ');
}

/**
 * Keeps a select's value among its options (docs/product/forms-toolkit.md#selects): a value the loaded options no
 * longer have is reset, and the only option "N/A" is chosen by itself. Nothing happens while the options are pending.
 */
function useOptionSync(
  options: FormChoice[],
  pending: boolean,
  multiple: boolean,
  value: unknown,
  set: (value: SelectValue) => void,
) {
  const key = options.map((o) => o.value).join('\u0000');
  useEffect(() => {
    if (pending) return;
    const allowed = new Set(options.map((o) => o.value));
    if (options.length === 1 && options[0]?.value === NOT_APPLICABLE) {
      const chosen = multiple ? asList(value).join() === NOT_APPLICABLE : asSingle(value) === NOT_APPLICABLE;
      if (!chosen) set(multiple ? [NOT_APPLICABLE] : NOT_APPLICABLE);
      return;
    }
    if (multiple) {
      const list = asList(value);
      const kept = list.filter((v) => allowed.has(v));
      if (kept.length !== list.length) set(kept);
    } else if (asSingle(value) && !allowed.has(asSingle(value))) {
      set('');
    }
    // `key` stands for the options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pending, multiple, value]);
}

/** select: the browser's own list (several choices with `multiple`), options from choices or the item's endpoint. */
export function SelectField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const question = useQuestion<SelectValue>();
  const { options, pending, failed } = useItemOptions(item);
  const multiple = !!item.multiple;
  // After a failed load the options are unknown: the answer is kept as it is.
  useOptionSync(options, pending || failed, multiple, question.value, (next) => question.change(next));
  const values = multiple ? asList(question.value) : [asSingle(question.value)].filter(Boolean);
  if (mode === 'view') return <ViewValue id={id} text={labelsOf(options, values)} />;
  return (
    <Select
      {...controlAttributes(item, describedBy, invalid)}
      id={id}
      name={name}
      multiple={multiple}
      value={multiple ? values : asSingle(question.value)}
      disabled={item.disabled || item.readonly || (pending && options.length === 0)}
      aria-busy={pending ? true : undefined}
      onChange={(event) =>
        question.change(
          multiple ? Array.from(event.target.selectedOptions, (option) => option.value) : event.target.value,
        )
      }
      onBlur={() => question.commit()}
    >
      {!multiple && <option value="">{item.placeholder ?? t('renderer.select.placeholder')}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

/**
 * dropdown: a searchable list (the ARIA combobox pattern): typing filters the options ignoring case and accents,
 * Down and Up move through them, Enter chooses, Escape closes. With `multiple` the chosen values show as removable
 * entries above the box.
 */
export function DropdownField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const question = useQuestion<SelectValue>();
  const { options, pending, failed } = useItemOptions(item);
  const multiple = !!item.multiple;
  // After a failed load the options are unknown: the answer is kept as it is.
  useOptionSync(options, pending || failed, multiple, question.value, (next) => question.change(next));
  const listId = `${domId('cw-dropdown-', useId())}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const chosen = multiple ? asList(question.value) : [asSingle(question.value)].filter(Boolean);
  if (mode === 'view') return <ViewValue id={id} text={labelsOf(options, chosen)} />;

  const selectedLabel = multiple ? '' : labelsOf(options, chosen);
  const text = query ?? selectedLabel;
  const needle = searchable(query ?? '');
  const matches = options.filter(
    (option) => searchable(option.label).includes(needle) && !(multiple && chosen.includes(option.value)),
  );
  const expanded = open && matches.length > 0;
  const activeOption = expanded && active >= 0 ? matches[active] : undefined;

  const choose = (option: FormChoice) => {
    // A multiple dropdown stays open for the next choice.
    setOpen(multiple);
    setActive(-1);
    if (multiple) {
      setQuery('');
      question.change([...chosen, option.value]);
    } else {
      setQuery(null);
      question.change(option.value);
    }
  };
  const remove = (value: string) => question.change(chosen.filter((v) => v !== value));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (matches.length === 0 ? -1 : (index + step + matches.length) % matches.length));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="cw-dropdown">
      {multiple && chosen.length > 0 && (
        <ul className="cw-dropdown__chosen">
          {chosen.map((value) => {
            const label = labelsOf(options, [value]);
            return (
              <li key={value} className="cw-dropdown__chip">
                <span className="cw-dropdown__option-label">
                  <ChoiceIcon icon={options.find((o) => o.value === value)?.icon} />
                  {label}
                </span>
                <IconButton
                  className="cw-dropdown__remove"
                  label={t('renderer.select.remove', { label })}
                  onClick={() => remove(value)}
                  disabled={item.disabled || item.readonly}
                >
                  <CloseIcon />
                </IconButton>
              </li>
            );
          })}
        </ul>
      )}
      <input
        {...controlAttributes(item, describedBy, invalid)}
        id={id}
        name={name}
        type="text"
        className="cw-input cw-dropdown__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
        aria-busy={pending ? true : undefined}
        autoComplete="off"
        placeholder={item.placeholder ?? t('renderer.select.search')}
        readOnly={item.readonly}
        value={text}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          const cleared = !multiple && query !== null && query.trim() === '';
          setQuery(null);
          question.commit(cleared ? '' : undefined);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        className="cw-combobox__list cw-dropdown__list"
        style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX[item.dropdownSize ?? 'medium'] }}
        hidden={!expanded}
        aria-label={item.label ?? item.ariaLabel}
      >
        {matches.map((option, index) => (
          <li
            key={option.value}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={chosen.includes(option.value)}
            className={cx('cw-combobox__option', index === active && 'cw-combobox__option--active')}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            <span className="cw-dropdown__option-label">
              <ChoiceIcon icon={option.icon} />
              {option.label}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
