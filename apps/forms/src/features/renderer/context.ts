import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { FormSnapshot, FormStore } from './formStore';

/** What the renderer shares with its layouts, frames and fields (stable while the candidate types). */
export interface RendererState {
  mode: 'edit' | 'view';
  /** Names of the top-level questions that show (after the visibility debounce). */
  visible: ReadonlySet<string>;
  /** The DOM id of a question's control. */
  controlId: (name: string) => string;
  /** Scrolls to a question and focuses its control. */
  focusField: (name: string) => void;
  /** The form's state (the one owner of the answers, touched states and errors). */
  store: FormStore;
  /**
   * The end of an edit of a question (blur), with the value its control holds now when it has one: the value is
   * kept at once; touched and validated once the pointer that moved the focus is released (decision 015).
   */
  blurField: (name: string, value?: unknown) => void;
  /** The renderer's default phone country (its `defaultCountry`), for the phone questions; else theirs. */
  defaultCountry?: string;
  /** Questions still holding their non-empty starting answer are highlighted (the renderer's `highlightUnchanged`). */
  highlightUnchanged: boolean;
}

export const RendererContext = createContext<RendererState | null>(null);

export function useRenderer(): RendererState {
  const state = useContext(RendererContext);
  if (!state) throw new Error('A form field must be rendered inside <FormRenderer>.');
  return state;
}

/**
 * A piece of the form's changing state; re-renders only when it changes. `select` returns something comparable
 * with `Object.is` (a value from the form, a string, a number); `equal` compares anything else (the last result is
 * kept while equal).
 */
export function useFormSelector<T>(select: (snapshot: FormSnapshot) => T, equal?: (a: T, b: T) => boolean): T {
  return useStoreValue(useRenderer().store, select, equal);
}

/** {@link useFormSelector} on a given store (the renderer's own hooks, above the context). */
export function useStoreValue<T>(
  store: FormStore,
  select: (snapshot: FormSnapshot) => T,
  equal?: (a: T, b: T) => boolean,
): T {
  const last = useRef<{ value: T } | null>(null);
  const getSnapshot = () => {
    const next = select(store.get());
    if (equal && last.current && equal(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
