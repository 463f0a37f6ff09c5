import { useEffect, useRef } from 'react';
import type { FormValues } from '@careers/shared/contract';
import type { FormStore } from '../formStore';

/**
 * Tells the caller every change of the answers (drafts): not the starting answers, nor a reset to new ones.
 */
export function useValuesChange(store: FormStore, onValuesChange: ((values: FormValues) => void) | undefined) {
  const reported = useRef(store.get().values);
  useEffect(() => {
    const report = () => {
      const { values, initialValues } = store.get();
      if (values === reported.current) return;
      reported.current = values;
      if (values !== initialValues) onValuesChange?.(values);
    };
    // A change made before this subscription (a question's own effect when it mounts) is a change too.
    report();
    return store.subscribe(report);
  }, [store, onValuesChange]);
}
