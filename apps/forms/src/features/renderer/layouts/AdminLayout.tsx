import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Button, Dialog, DialogBackdrop, Icon, IconButton, cx, domId, useTranslation } from '@careers/shared';
import { FORM_LIMITS, type FormAdminOptions } from '@careers/shared/forms';
import type { FormDefinition, FormItem } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';
import { useRenderer } from '../context';
import { FormField } from '../FieldFrame';
import { sectionHeadingId } from './FormSectionView';
import { SimpleLayout } from './SimpleLayout';
import type { LayoutProps } from './types';

/** The admin options, from FormRenderer's `admin` prop to the admin layout. */
export const AdminContext = createContext<FormAdminOptions | null>(null);

type Action = 'duplicate' | 'edit' | 'delete' | 'up' | 'down';

/* ---------------------------------------------------------------------------------------- the form's changes */

/** Every name the form uses (its questions and their sub-questions). */
function namesOf(items: FormItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.name);
    if (item.items) namesOf(item.items, into);
  }
  return into;
}

/** A name for a copy of `name` that the form does not use: `name_copy`, then `name_copy2`, `name_copy3`... */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '_copy' : `_copy${n}`;
    // Names hold at most 100 characters.
    const candidate = `${name.slice(0, 100 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Where a question is: its section and its place in it. */
function locate(form: FormDefinition, name: string): { section: number; index: number } | null {
  for (const [section, { items }] of form.sections.entries()) {
    const index = items.findIndex((item) => item.name === name);
    if (index >= 0) return { section, index };
  }
  return null;
}

const withItems = (form: FormDefinition, section: number, items: FormItem[]): FormDefinition => ({
  ...form,
  sections: form.sections.map((s, i) => (i === section ? { ...s, items } : s)),
});

/**
 * The form with a question moved one place up (-1) or down (+1) in the form's order: within its section, else to
 * the end of the section before (up) or the start of the section after (down). Unchanged at either end of the form.
 */
export function moveQuestion(form: FormDefinition, name: string, direction: -1 | 1): FormDefinition {
  const at = locate(form, name);
  if (!at) return form;
  const items = form.sections[at.section]?.items ?? [];
  const item = items[at.index];
  if (!item) return form;
  const target = at.index + direction;
  if (target >= 0 && target < items.length) {
    const next = [...items];
    next[at.index] = next[target] as FormItem;
    next[target] = item;
    return withItems(form, at.section, next);
  }
  const section = at.section + direction;
  const other = form.sections[section];
  if (!other) return form;
  const moved = withItems(
    form,
    at.section,
    items.filter((_, i) => i !== at.index),
  );
  return withItems(moved, section, direction < 0 ? [...other.items, item] : [item, ...other.items]);
}

/** The form with a copy of a question (under a new name) just after it, and the copy's name. */
function duplicateQuestion(form: FormDefinition, name: string): { form: FormDefinition; name: string } {
  const at = locate(form, name);
  const items = at ? (form.sections[at.section]?.items ?? []) : [];
  const item = at ? items[at.index] : undefined;
  if (!at || !item) return { form, name };
  const copy: FormItem = { ...structuredCloneItem(item), name: copyName(item.name, namesOf(allItems(form))) };
  const next = [...items.slice(0, at.index + 1), copy, ...items.slice(at.index + 1)];
  return { form: withItems(form, at.section, next), name: copy.name };
}

/** The form without a question. */
function deleteQuestion(form: FormDefinition, name: string): FormDefinition {
  const at = locate(form, name);
  if (!at) return form;
  return withItems(
    form,
    at.section,
    (form.sections[at.section]?.items ?? []).filter((item) => item.name !== name),
  );
}

const allItems = (form: FormDefinition): FormItem[] => form.sections.flatMap((section) => section.items);

/** A deep copy of an item (JSON data), so that editing the copy leaves the original alone. */
const structuredCloneItem = (item: FormItem): FormItem => JSON.parse(JSON.stringify(item)) as FormItem;

/* ------------------------------------------------------------------------------------------------- the layout */

const ICONS: Record<Action, string> = {
  duplicate:
    'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12V1zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2zm0 16H8V7h11v14z',
  edit: 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z',
  delete: 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z',
  up: 'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z',
  down: 'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z',
};

/** A question's label for people (its label, else its aria label, else its name). */
const labelOf = (item: FormItem) => item.label || item.ariaLabel || item.name;

/**
 * Pre-boarding admin layout (docs/product/forms-toolkit.md#admin-layout). Without edit mode, a simple form. In edit
 * mode each question has the actions Duplicate, Edit, Delete (after a confirmation), Move up (not on the form's first
 * question) and Move down (not on its last). A move shows at once; the caller gets the new order 300 ms after the last
 * move.
 */
export function AdminLayout(props: LayoutProps) {
  const admin = useContext(AdminContext);
  if (!admin?.editMode) return <SimpleLayout {...props} />;
  return <AdminEditor {...props} admin={admin} />;
}

interface FocusRequest {
  name: string;
  action: Action;
}

function AdminEditor({ form, actions, admin }: LayoutProps & { admin: FormAdminOptions }) {
  const { t } = useTranslation(NAMESPACE);
  const { visible } = useRenderer();
  const prefix = domId('cw-form-admin-', useId());
  const rootRef = useRef<HTMLDivElement>(null);
  // The order shown until the caller passes the changed form back (or for good, when it does not).
  const [pending, setPending] = useState<FormDefinition | null>(null);
  const shown = pending ?? form;
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<FormItem | null>(null);
  const dialogFinalFocus = useRef<HTMLElement | null>(null);
  const focusRequest = useRef<FocusRequest | null>(null);
  // A copy shows while its original does (its visibility is the same), until the renderer knows its name.
  const copiedFrom = useRef(new Map<string, string>());

  const onChange = useRef(admin.onChange);
  onChange.current = admin.onChange;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unsent = useRef<FormDefinition | null>(null);

  /** Sends the moves not yet sent. */
  const flush = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = unsent.current;
    unsent.current = null;
    if (next) onChange.current(next);
  };

  // A new form from the caller (the changed one passed back, or another) replaces the order shown; moves still
  // waiting on the old form are dropped. Keep the form stable between renders (state or useMemo).
  const shownForm = useRef(form);
  useEffect(() => {
    if (shownForm.current === form) return;
    shownForm.current = form;
    clearTimeout(timer.current);
    timer.current = undefined;
    unsent.current = null;
    setPending(null);
  }, [form]);

  // Moves still waiting when the editor goes (edit mode off) are sent, not lost.
  useEffect(() => () => flush(), []);

  // After a move, focus stays on the moved question's button (the other move button when that one is now off).
  useLayoutEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    const button = actionButton(request.name, request.action);
    const other = request.action === 'up' ? 'down' : request.action === 'down' ? 'up' : null;
    const target = button && !button.disabled ? button : other ? actionButton(request.name, other) : null;
    target?.focus();
  });

  const actionButton = (name: string, action: Action): HTMLButtonElement | null =>
    Array.from(rootRef.current?.querySelectorAll<HTMLButtonElement>('[data-action]') ?? []).find(
      (el) => el.dataset.action === action && el.closest<HTMLElement>('[data-question]')?.dataset.question === name,
    ) ?? null;

  const order = allItems(shown);
  const first = order[0]?.name;
  const last = order[order.length - 1]?.name;

  const move = (item: FormItem, direction: -1 | 1) => {
    const next = moveQuestion(shown, item.name, direction);
    if (next === shown) return;
    const position = allItems(next).findIndex((candidate) => candidate.name === item.name) + 1;
    const section = next.sections.find((candidate) => candidate.items.includes(item))?.title ?? '';
    setPending(next);
    unsent.current = next;
    focusRequest.current = { name: item.name, action: direction < 0 ? 'up' : 'down' };
    setAnnouncement(t('layouts.admin.moved', { label: labelOf(item), position, total: order.length, section }));
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, FORM_LIMITS.reorderDebounceMs);
  };

  /** A duplicate or a delete: sent at once, with any moves still waiting. */
  const change = (next: FormDefinition) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    unsent.current = null;
    setPending(next);
    onChange.current(next);
  };

  const duplicate = (item: FormItem) => {
    const result = duplicateQuestion(shown, item.name);
    copiedFrom.current.set(result.name, copiedFrom.current.get(item.name) ?? item.name);
    change(result.form);
    setAnnouncement(t('layouts.admin.duplicated', { label: labelOf(item) }));
  };

  const askDelete = (item: FormItem, event: MouseEvent<HTMLButtonElement>) => {
    dialogFinalFocus.current = event.currentTarget;
    setConfirming(item);
  };

  const confirmDelete = () => {
    const item = confirming;
    if (!item) return;
    // Focus goes to the next question's first action (the previous one's after the last question shown).
    const questions = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-question]') ?? []);
    const index = questions.findIndex((el) => el.dataset.question === item.name);
    const neighbour = questions[index + 1] ?? questions[index - 1];
    dialogFinalFocus.current = neighbour?.querySelector<HTMLElement>('[data-action]') ?? rootRef.current;
    setConfirming(null);
    change(deleteQuestion(shown, item.name));
    setAnnouncement(t('layouts.admin.deleted', { label: labelOf(item) }));
  };

  const shows = (item: FormItem) => visible.has(item.name) || visible.has(copiedFrom.current.get(item.name) ?? '');

  const button = (
    item: FormItem,
    action: Action,
    label: string,
    onClick: (event: MouseEvent<HTMLButtonElement>) => void,
    disabled = false,
  ): ReactNode => (
    <IconButton
      className={cx('cw-admin-question__action', action === 'delete' && 'cw-admin-question__action--delete')}
      label={label}
      data-action={action}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon path={ICONS[action]} size={20} />
    </IconButton>
  );

  const confirmTitleId = `${prefix}-confirm-title`;
  const confirmBodyId = `${prefix}-confirm-body`;

  return (
    <div ref={rootRef} className="cw-form-simple cw-form-admin" tabIndex={-1}>
      <p className="cw-visually-hidden" role="status">
        {announcement}
      </p>
      {shown.sections.map((section) => {
        const headingId = sectionHeadingId(prefix, section);
        return (
          <section key={section.id} className="cw-form-section" aria-labelledby={headingId} data-section={section.id}>
            <h2 id={headingId} className="cw-form-section__title">
              {section.title}
            </h2>
            {section.description && <p className="cw-form-section__description">{section.description}</p>}
            <div className="cw-form-section__items">
              {section.items.filter(shows).map((item) => {
                const label = labelOf(item);
                return (
                  <div
                    key={item.name}
                    className={cx('cw-admin-question', item.layout === 'half' && 'cw-admin-question--half')}
                    data-question={item.name}
                  >
                    <FormField item={item} />
                    <div
                      className="cw-admin-question__actions"
                      role="group"
                      aria-label={t('layouts.admin.actions', { label })}
                    >
                      {button(item, 'duplicate', t('layouts.admin.duplicate', { label }), () => duplicate(item))}
                      {admin.onEdit &&
                        button(item, 'edit', t('layouts.admin.edit', { label }), () => admin.onEdit?.(item))}
                      {button(item, 'delete', t('layouts.admin.delete', { label }), (event) => askDelete(item, event))}
                      {button(
                        item,
                        'up',
                        t('layouts.admin.moveUp', { label }),
                        () => move(item, -1),
                        item.name === first,
                      )}
                      {button(
                        item,
                        'down',
                        t('layouts.admin.moveDown', { label }),
                        () => move(item, 1),
                        item.name === last,
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
      {actions && <div className="cw-form-actions">{actions}</div>}
      {confirming && (
        <DialogBackdrop>
          <Dialog
            size="small"
            labelledBy={confirmTitleId}
            aria-describedby={confirmBodyId}
            finalFocusRef={dialogFinalFocus}
            onClose={() => setConfirming(null)}
          >
            <h2 id={confirmTitleId} className="cw-dialog__title">
              {t('layouts.admin.confirmTitle')}
            </h2>
            <p id={confirmBodyId}>{t('layouts.admin.confirmBody', { label: labelOf(confirming) })}</p>
            <div className="cw-dialog__actions">
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                {t('layouts.admin.cancel')}
              </Button>
              <Button variant="disruptive" onClick={confirmDelete}>
                {t('layouts.admin.confirm')}
              </Button>
            </div>
          </Dialog>
        </DialogBackdrop>
      )}
    </div>
  );
}
