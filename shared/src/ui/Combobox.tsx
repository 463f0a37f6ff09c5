import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cx, domId } from './classNames';

export interface ComboboxOption {
  /** Unique among the options. */
  key: string;
  /** What the option shows and, when chosen, what the box holds. */
  label: string;
  /** A second, quieter line (a kind, a count). */
  hint?: ReactNode;
}

export interface ComboboxProps {
  /** The visible label (the input's accessible name). */
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** An option was chosen (click, or Enter on the highlighted option). */
  onSelect: (option: ComboboxOption) => void;
  /** Enter with no option highlighted (for example: search now). */
  onEnter?: () => void;
  options: readonly ComboboxOption[];
  /** Shown under the options while they load, and announced. */
  loadingText?: string | null;
  placeholder?: string;
  name?: string;
  id?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
}

/**
 * A text box with a list of suggestions (the ARIA 1.2 combobox pattern): the input keeps focus; Down and Up move
 * the highlighted option (`aria-activedescendant`), Enter chooses it (or calls `onEnter` when none is
 * highlighted), Escape closes the list, and a click chooses an option. The list opens while there are options and
 * the input has focus.
 */
export function Combobox({
  label,
  value,
  onChange,
  onSelect,
  onEnter,
  options,
  loadingText,
  placeholder,
  name,
  id,
  className,
  inputRef,
  autoComplete = 'off',
}: ComboboxProps) {
  const base = domId('cw-combobox-', useId());
  const inputId = id ?? base;
  const listId = `${inputId}-list`;
  const labelId = `${inputId}-label`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && (options.length > 0 || !!loadingText);
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (option: ComboboxOption) => {
    setOpen(false);
    setActive(-1);
    onSelect(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((index) => (options.length === 0 ? -1 : (index + 1) % options.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((index) => (options.length === 0 ? -1 : index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        } else if (onEnter) {
          event.preventDefault();
          setOpen(false);
          onEnter();
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  };

  return (
    <div className={cx('cw-combobox', className)}>
      <label id={labelId} className="cw-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        // Always a text box: ARIA allows the combobox role (and aria-expanded) on <input type="text"> but not on
        // type="search" (issue 22, IBM Equal Access aria_role_valid).
        type="text"
        className="cw-input cw-combobox__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          onChange(event.target.value);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className="cw-combobox__list" hidden={!expanded} aria-labelledby={labelId}>
        {options.map((option, index) => (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={cx('cw-combobox__option', index === active && 'cw-combobox__option--active')}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            <span>{option.label}</span>
            {option.hint ? <span className="cw-combobox__hint">{option.hint}</span> : null}
          </li>
        ))}
      </ul>
      {expanded && loadingText ? (
        <p className="cw-combobox__status" role="status">
          {loadingText}
        </p>
      ) : null}
    </div>
  );
}
