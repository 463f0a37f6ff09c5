import { Fragment, useEffect, useId, useRef } from 'react';
import { Button, IconButton, CloseIcon } from '@careers/shared';
import type { FormItem } from '@careers/shared/contract';
import { useFieldState } from '../../renderer/fieldState';
import { useItemCode } from '../../renderer/itemCode';
import type { FieldProps } from '../../renderer/types';
import { asList, ruleNumber, useFieldTexts } from './common';
import { useRenderDynamicListItem } from './DynamicListContext';

type Entry = Record<string, unknown>;

/** A new entry: the item's `itemDefaultValue`, else every sub-item empty. */
function newEntry(item: FormItem): Entry {
  // A deep copy (definitions are JSON), so that entries never share objects.
  if (item.itemDefaultValue) return JSON.parse(JSON.stringify(item.itemDefaultValue)) as Entry;
  return Object.fromEntries((item.items ?? []).map((sub) => [sub.name, undefined]));
}

/**
 * A dynamic list's value filled up to its minLength rule with new entries (docs/product/forms-toolkit.md#dynamic-list);
 * the renderer may use it for its initial values, so that the filling does not count as a change.
 */
export function dynamicListInitialValue(item: FormItem, value: unknown): Entry[] {
  const entries = asList<Entry>(value);
  const min = ruleNumber(item, 'minLength') ?? 0;
  return entries.length >= min
    ? entries
    : [...entries, ...Array.from({ length: min - entries.length }, () => newEntry(item))];
}

/**
 * Dynamic list (docs/product/forms-toolkit.md#dynamic-list): a list of entries, each an object keyed by the sub-items'
 * names, each shown under its title ("itemTitle N", default "Item N") with the sub-items framed by the renderer. Filled
 * up to the minLength rule; "Add Item" (or the item's `addButtonText`) only below the maxLength rule; delete only above
 * minLength. Focus moves to the new entry after an add, to the add button (else the list) after a delete.
 */
export function DynamicListField({ item, name, mode, id, describedBy }: FieldProps) {
  const { t, rulesNs } = useFieldTexts();
  const renderItem = useRenderDynamicListItem();
  // The caller's item title, delete button and item renderers (docs/product/forms-toolkit.md#caller-supplied-parts),
  // else the defaults.
  const code = useItemCode(item);
  const field = useFieldState<Entry[] | undefined>();
  const entries = asList<Entry>(field.value);
  const min = ruleNumber(item, 'minLength') ?? 0;
  const max = ruleNumber(item, 'maxLength');
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<number | 'add' | null>(null);
  const editable = mode === 'edit' && !item.disabled && !item.readonly;
  const title = (index: number) =>
    item.itemTitle ? `${item.itemTitle} ${index + 1}` : t('fields.dynamicList.itemTitle', { number: index + 1 });

  // Pre-filled up to the minimum (when the renderer's initial values were not).
  const short = mode === 'edit' && entries.length < min;
  useEffect(() => {
    if (short) void field.setValue(dynamicListInitialValue(item, field.value), false);
  }, [short, field, item]);

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null) return;
    focusAfter.current = null;
    const list = listRef.current;
    if (!list) return;
    const element =
      target === 'add'
        ? (list.querySelector<HTMLElement>('[data-list-add]') ?? list)
        : list.querySelector<HTMLElement>(`[data-entry="${target}"]`);
    element?.focus();
  });

  const add = () => {
    focusAfter.current = entries.length;
    void field.setValue([...entries, newEntry(item)], false);
  };
  const remove = (index: number) => {
    focusAfter.current = 'add';
    void field.setValue(
      entries.filter((_, i) => i !== index),
      true,
    );
  };

  const canAdd = editable && (max === undefined || entries.length < max);
  const canRemove = editable && entries.length > min;

  return (
    <div ref={listRef} id={id} className="cw-forms-list" tabIndex={-1} aria-describedby={describedBy}>
      {entries.length === 0 && mode === 'view' && <p>{t('fields.empty')}</p>}
      {entries.map((value, index) => {
        const headingId = `${base}-entry-${index}`;
        const entry = { index, value: value ?? {}, title: title(index) };
        const removeLabel = t('fields.dynamicList.remove', { title: entry.title });
        const fields = (
          <div className="cw-forms-list__fields">
            {(item.items ?? []).map((sub) => {
              const path = `${name}.${index}.${sub.name}`;
              return <Fragment key={path}>{renderItem(sub, path)}</Fragment>;
            })}
          </div>
        );
        return (
          <section
            // Entries have no id of their own: their place is their identity (the values move with it).
            key={index}
            className="cw-forms-list__entry"
            aria-labelledby={headingId}
          >
            <div className="cw-forms-list__header">
              {/* The heading stays the entry's name and the focus target after an add, whatever it shows. */}
              <h3 id={headingId} className="cw-forms-list__title" tabIndex={-1} data-entry={index}>
                {code?.renderItemTitle ? code.renderItemTitle(entry) : entry.title}
              </h3>
              {canRemove &&
                (code?.renderDeleteButton ? (
                  code.renderDeleteButton({ ...entry, remove: () => remove(index), label: removeLabel })
                ) : (
                  <IconButton label={removeLabel} onClick={() => remove(index)} className="cw-forms-list__remove">
                    <CloseIcon size={18} />
                  </IconButton>
                ))}
            </div>
            {code?.renderItem ? code.renderItem({ ...entry, fields }) : fields}
          </section>
        );
      })}
      {canAdd && (
        <Button variant="secondary" data-list-add onClick={add} className="cw-forms-list__add">
          {item.addButtonText || t('texts.addItem', { ns: rulesNs })}
        </Button>
      )}
    </div>
  );
}
