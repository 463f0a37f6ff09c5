import { useEffect, useRef, useState } from 'react';
import type { FormDefinition, FormValues } from '@careers/shared/contract';
import { FORM_LIMITS, type FormVisibleFns } from '@careers/shared/forms';
import type { FormStore } from '../formStore';
import { holdsValue, topItems, visibleNames } from '../model';
import { fieldTypes } from '../registry';

interface Settled {
  values: FormValues;
  initialValues: FormValues;
  visible: ReadonlySet<string>;
}

/**
 * The names of the questions that show, following the answers after a 50 ms pause
 * (docs/product/forms-toolkit.md#visibility-and-dependencies). When they settle, a question that went is
 * unregistered (its value, error and touched state go), one that came back starts again from its starting answer,
 * and the questions already showing whose dependencies changed are validated again.
 */
export function useVisibleQuestions(
  store: FormStore,
  form: FormDefinition,
  visibleFns?: FormVisibleFns,
): ReadonlySet<string> {
  const [visible, setVisible] = useState<ReadonlySet<string>>(() => visibleNames(form, store.get().values, visibleFns));
  // What the last settling saw (kept across new forms and visibleFns: their first settling compares with it).
  const settled = useRef<Settled | null>(null);
  settled.current ??= { values: store.get().values, initialValues: store.get().initialValues, visible };

  useEffect(() => {
    const settle = () => {
      const before = settled.current!;
      const { values, initialValues } = store.get();
      const nextVisible = visibleNames(form, values, visibleFns);
      settled.current = { values, initialValues, visible: nextVisible };
      if (!sameSet(before.visible, nextVisible)) setVisible(nextVisible);
      // A reset (new initial values) is not a change by the candidate.
      if (before.initialValues !== initialValues || before.values === values) return;
      const items = topItems(form);
      for (const item of items) {
        const wasShown = before.visible.has(item.name);
        const isShown = nextVisible.has(item.name);
        if (wasShown && !isShown && holdsValue(item, fieldTypes)) {
          // Unregistered: its value goes, its error and touched state too.
          void store.setFieldValue(item.name, undefined, false);
          void store.setFieldTouched(item.name, false, false);
          store.setFieldError(item.name, undefined);
        } else if (!wasShown && isShown && holdsValue(item, fieldTypes) && values[item.name] === undefined) {
          // Registered again, with its starting value.
          void store.setFieldValue(item.name, initialValues[item.name] ?? null, false);
        }
      }
      // Dependants of a changed value are validated again (shown now, and already before: not on first show).
      const changed = new Set(
        Object.keys({ ...before.values, ...values }).filter((key) => before.values[key] !== values[key]),
      );
      const dependants = items.filter(
        (item) =>
          before.visible.has(item.name) &&
          nextVisible.has(item.name) &&
          item.dependencies?.some((dependency) => changed.has(dependency)),
      );
      if (dependants.length > 0) {
        for (const item of dependants) void store.setFieldTouched(item.name, true, false);
        void store.validate();
      }
    };

    // The pause restarts with each change of the answers (or of the starting answers), not of the rest of the
    // state (a blur's touched state or errors).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, FORM_LIMITS.visibilityDebounceMs);
    };
    let seen = store.get();
    const unsubscribe = store.subscribe(() => {
      const next = store.get();
      if (next.values === seen.values && next.initialValues === seen.initialValues) return;
      seen = next;
      schedule();
    });
    // A new form or new visibleFns settle too.
    schedule();
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, form, visibleFns]);

  return visible;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const entry of a) if (!b.has(entry)) return false;
  return true;
}
