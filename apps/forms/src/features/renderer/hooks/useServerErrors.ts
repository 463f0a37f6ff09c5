import { useEffect, useRef } from 'react';
import type { FormDefinition } from '@careers/shared/contract';
import { useStoreValue } from '../context';
import type { FormStore } from '../formStore';
import { topItems } from '../model';

/**
 * The server's errors (by field name): shown on their fields until the answer changes, the first one (in form
 * order) focused once it shows. Only a new set of errors (or a new form) is shown again.
 */
export function useServerErrors(
  store: FormStore,
  form: FormDefinition,
  serverErrors: Record<string, string> | undefined,
  focusField: (name: string) => void,
) {
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!serverErrors || Object.keys(serverErrors).length === 0) {
      store.setServerErrors(null);
      return;
    }
    pendingFocus.current =
      topItems(form).find((item) => serverErrors[item.name])?.name ?? Object.keys(serverErrors)[0] ?? null;
    store.setServerErrors(serverErrors);
  }, [store, form, serverErrors]);

  // Focused after the render that shows the errors, so that the control is described by its error when focused.
  const shown = useStoreValue(store, (state) => state.server);
  useEffect(() => {
    const name = pendingFocus.current;
    if (!name || !shown) return;
    pendingFocus.current = null;
    focusField(name);
  }, [shown, focusField]);
}
