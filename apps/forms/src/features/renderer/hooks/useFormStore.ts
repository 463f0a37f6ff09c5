import { useEffect, useLayoutEffect, useState } from 'react';
import type { FormValues } from '@careers/shared/contract';
import { sameAnswer } from '../answers';
import { createFormStore, type FormHandlers, type FormStore } from '../formStore';

/**
 * The form's state for one renderer: created with the starting answers, given the latest validation and submit,
 * and reset when new starting answers arrive (a draft loaded): a reset is not a change by the candidate. Starting
 * answers equal in content to the current ones are no reset (a caller's new object of the same answers keeps what
 * the candidate typed).
 */
export function useFormStore(start: FormValues, handlers: FormHandlers): FormStore {
  const [store] = useState(() => createFormStore(start, handlers));
  // Before any effect of the fields can validate or submit.
  useLayoutEffect(() => store.setHandlers(handlers), [store, handlers]);
  useEffect(() => {
    if (!sameAnswer(store.get().initialValues, start)) store.reset(start);
  }, [store, start]);
  return store;
}
