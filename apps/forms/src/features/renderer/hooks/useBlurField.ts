import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { getIn } from 'formik';
import type { FormStore } from '../formStore';
import { createPointerGate, type PointerGate } from '../pointerGate';

/**
 * The end of an edit (blur), decision 015. The value the control holds at that moment is kept at once, without
 * validating: it is the committed value (a word an on-screen keyboard was still composing is in the control, not
 * yet in the answers). Touching and validating wait for the pointer gate: after the press that moved the focus is
 * released and its click has landed, so that the errors found (a new line under the question, a longer footer)
 * never move what is under the pointer. Blurs waiting together are validated once.
 */
export function useBlurField(store: FormStore, rootRef: RefObject<HTMLElement | null>) {
  const gate = useRef<PointerGate | null>(null);
  useEffect(() => {
    const created = createPointerGate(rootRef.current?.ownerDocument ?? document);
    gate.current = created;
    return () => {
      created.dispose();
      gate.current = null;
    };
  }, [rootRef]);

  const blurredNames = useRef(new Set<string>());
  return useCallback(
    (name: string, value?: unknown) => {
      // An empty control where the answer is still unset is no change (it must not count as one for `dirty`).
      const current: unknown = getIn(store.get().values, name);
      if (value !== undefined && !Object.is(value, current) && !(value === '' && current == null)) {
        void store.setFieldValue(name, value, false);
      }
      blurredNames.current.add(name);
      const finish = () => {
        const names = [...blurredNames.current];
        blurredNames.current.clear();
        if (names.length === 0) return;
        for (const blurred of names) void store.setFieldTouched(blurred, true, false);
        void store.validate();
      };
      if (gate.current) gate.current.run(finish);
      else finish();
    },
    [store],
  );
}
