import { useEffect, useRef } from 'react';
import { getIn } from 'formik';
import type { FormDefinition } from '@careers/shared/contract';
import { useStoreValue } from '../context';
import type { FormStore } from '../formStore';
import { topItems } from '../model';

/** A failed submit focuses the first invalid question that shows (in form order), once its error shows. */
export function useFocusFirstInvalid(
  store: FormStore,
  form: FormDefinition,
  visible: ReadonlySet<string>,
  focusField: (name: string) => void,
) {
  const submitCount = useStoreValue(store, (state) => state.submitCount);
  const isSubmitting = useStoreValue(store, (state) => state.isSubmitting);
  const handledSubmit = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    const { errors } = store.get();
    const first = topItems(form).find((item) => visible.has(item.name) && typeof getIn(errors, item.name) === 'string');
    if (first) focusField(first.name);
  }, [store, isSubmitting, submitCount, form, visible, focusField]);
}
