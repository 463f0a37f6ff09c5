import { useId, useRef, useState } from 'react';
import {
  Button,
  CloseIcon,
  Dialog,
  DialogBackdrop,
  Icon,
  IconButton,
  domId,
  useDismiss,
  useTranslation,
  VisuallyHidden,
} from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { toggleFilter, type ShownFilter } from '../filters';
import { shortNumber } from '../numbers';

export interface FilterControlsProps {
  /** Filters offered as their own menus (`smartFilters`). */
  smart: ShownFilter[];
  /** Every filter offered (the "All filters" dialog). */
  all: ShownFilter[];
  /** The filters as the candidate has chosen them (waiting ones included). */
  selected: Record<string, string[]>;
  onChange: (filters: Record<string, string[]>) => void;
  onClear: () => void;
}

/** One filter, the options the candidate has chosen in it, and how a choice is changed. */
interface OneFilterProps {
  filter: ShownFilter;
  selected: string[];
  onToggle: (value: string, on: boolean) => void;
}

/** One filter's options as checkboxes with their counts. */
function FilterOptions({ filter, selected, onToggle }: OneFilterProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const base = domId('cw-filter-', useId());
  return (
    <fieldset className="cw-filter-options">
      <legend className="cw-filter-options__legend">{filter.displayName}</legend>
      <ul className="cw-filter-options__list">
        {filter.options.map((option, index) => {
          const id = `${base}-${index}`;
          const checked = selected.includes(option.value);
          return (
            <li key={option.value} className="cw-check">
              <input
                id={id}
                type="checkbox"
                className="cw-check__input"
                checked={checked}
                onChange={(event) => onToggle(option.value, event.target.checked)}
              />
              <label htmlFor={id} className="cw-filter-options__label">
                <span>{option.label}</span>{' '}
                {/* The number shows alone, shortened ("1.7K"); its words are for screen readers only, with the
                    whole number ("1,689 jobs"), in a span of their own: an aria-label on a plain span is not read. */}
                <span className="cw-filter-options__count" aria-hidden="true">
                  {shortNumber(option.count, i18n.language)}
                </span>
                <VisuallyHidden>{t('filters.count', { count: option.count })}</VisuallyHidden>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** A smart filter: a button that opens its options under it (closed by Escape or a press outside). */
function FilterMenu({ filter, selected, onToggle }: OneFilterProps) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = domId('cw-filter-menu-', useId());
  useDismiss({
    enabled: open,
    refs: [wrapper],
    onDismiss: (reason) => {
      setOpen(false);
      if (reason === 'escape') button.current?.focus();
    },
  });
  return (
    <div className="cw-filter-menu" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="cw-filter-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {filter.displayName}
        {selected.length > 0 ? (
          <>
            {' '}
            <span className="cw-filter-menu__badge" aria-hidden="true">
              {selected.length}
            </span>
            <VisuallyHidden>{t('filters.selectedCount', { count: selected.length })}</VisuallyHidden>
          </>
        ) : null}
      </button>
      {/* The options only while open: a closed menu's group would share its name with the "All filters" dialog's
          (IBM Equal Access fieldset_label_valid, issue 22). */}
      <div id={panelId} className="cw-filter-menu__panel" hidden={!open}>
        {open ? <FilterOptions filter={filter} selected={selected} onToggle={onToggle} /> : null}
      </div>
    </div>
  );
}

/**
 * The filter controls: a menu per smart filter, an "All filters" dialog, the chosen values as removable chips, and
 * "Clear filters". Every change goes through `onChange` (the page waits 1,000 ms before searching).
 */
export function FilterControls({ smart, all, selected, onChange, onClear }: FilterControlsProps) {
  const { t } = useTranslation(NAMESPACE);
  const [dialogOpen, setDialogOpen] = useState(false);
  const allButton = useRef<HTMLButtonElement>(null);
  const titleId = domId('cw-all-filters-', useId());
  const toggle = (name: string) => (value: string, on: boolean) => onChange(toggleFilter(selected, name, value, on));
  const chips = all.flatMap((filter) =>
    (selected[filter.name] ?? []).map((value) => ({
      filter,
      value,
      label: filter.options.find((option) => option.value === value)?.label ?? value,
    })),
  );

  return (
    <div className="cw-filters">
      <div className="cw-filters__menus" role="group" aria-label={t('filters.label')}>
        {smart.map((filter) => (
          <FilterMenu
            key={filter.name}
            filter={filter}
            selected={selected[filter.name] ?? []}
            onToggle={toggle(filter.name)}
          />
        ))}
        {all.length > 0 ? (
          <Button ref={allButton} variant="secondary" size="small" onClick={() => setDialogOpen(true)}>
            {t('filters.all')}
          </Button>
        ) : null}
      </div>
      {chips.length > 0 ? (
        <ul className="cw-filters__chips" aria-label={t('filters.applied')}>
          {chips.map((chip) => (
            <li key={`${chip.filter.name}:${chip.value}`}>
              <button
                type="button"
                className="cw-filter-chip"
                // Named by what it shows, then what pressing it does (WCAG 2.5.3: the name starts with the text).
                aria-label={t('filters.remove', { value: chip.label, filter: chip.filter.displayName })}
                onClick={() => onChange(toggleFilter(selected, chip.filter.name, chip.value, false))}
              >
                <span>{chip.label}</span>
                {/* Drawn, not a "×" character: a glyph is text, and a name must hold the text it shows (2.5.3). */}
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
          <li>
            <Button variant="text" size="small" onClick={onClear}>
              {t('filters.clear')}
            </Button>
          </li>
        </ul>
      ) : null}
      {dialogOpen ? (
        <DialogBackdrop>
          <Dialog labelledBy={titleId} onClose={() => setDialogOpen(false)} finalFocusRef={allButton} size="large">
            <h2 id={titleId} className="cw-dialog__title">
              {t('filters.all')}
            </h2>
            <IconButton className="cw-dialog__close" label={t('filters.close')} onClick={() => setDialogOpen(false)}>
              <CloseIcon />
            </IconButton>
            <div className="cw-all-filters">
              {all.map((filter) => (
                <FilterOptions
                  key={filter.name}
                  filter={filter}
                  selected={selected[filter.name] ?? []}
                  onToggle={toggle(filter.name)}
                />
              ))}
            </div>
            <div className="cw-dialog__actions">
              <Button variant="secondary" onClick={onClear}>
                {t('filters.clear')}
              </Button>
              <Button onClick={() => setDialogOpen(false)}>{t('filters.done')}</Button>
            </div>
          </Dialog>
        </DialogBackdrop>
      ) : null}
    </div>
  );
}
