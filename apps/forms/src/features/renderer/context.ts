import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { FormikTouched } from 'formik';
import type { FormValues } from '@careers/shared/contract';

/** What changes as the candidate answers: the values, what was touched, and the error each question shows. */
export interface FormSnapshot {
  values: FormValues;
  /** The starting answers (the unchanged-value highlight compares with them). */
  initialValues: FormValues;
  touched: FormikTouched<FormValues>;
  /** The error a question shows now (client error once touched or submitted, else a server error), or null. */
  errorOf: (name: string) => string | null;
  /** The error count may be reported (announced): after a submit, or once an answer differs from the start. */
  reportErrors: boolean;
}

/**
 * The form's changing state, for the parts that show a piece of it (a question, a step's counts). They subscribe
 * with a selector and re-render only when what they select changes: with Formik's context, every question of a
 * long form re-rendered on each key typed in any of them.
 */
export interface FormStore {
  get(): FormSnapshot;
  /** Takes the latest state without telling anyone (while the renderer renders: new questions read it at once). */
  prepare(snapshot: FormSnapshot): void;
  /** Tells the subscribers (after the renderer's render is committed). */
  publish(): void;
  subscribe(listener: () => void): () => void;
}

export function createFormStore(initial: FormSnapshot): FormStore {
  let current = initial;
  let published = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    prepare(snapshot) {
      current = snapshot;
    },
    publish() {
      if (published === current) return;
      published = current;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the renderer shares with its layouts, frames and fields (stable while the candidate types). */
export interface RendererState {
  mode: 'edit' | 'view';
  /** Names of the top-level questions that show (after the visibility debounce). */
  visible: ReadonlySet<string>;
  /** The DOM id of a question's control. */
  controlId: (name: string) => string;
  /** Scrolls to a question and focuses its control. */
  focusField: (name: string) => void;
  store: FormStore;
  /** Formik's setters (stable). */
  setFieldValue: (field: string, value: unknown, shouldValidate?: boolean) => Promise<unknown>;
  setFieldTouched: (field: string, touched?: boolean, shouldValidate?: boolean) => Promise<unknown>;
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
  const { store } = useRenderer();
  const last = useRef<{ value: T } | null>(null);
  const getSnapshot = () => {
    const next = select(store.get());
    if (equal && last.current && equal(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
