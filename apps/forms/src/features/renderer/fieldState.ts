import { createContext, useContext } from 'react';
import type { FormValues } from '@careers/shared/contract';

/**
 * One question's own slice of the form: its value, whether it was touched, the values of the questions it depends
 * on, and the calls that change it. The frame hands it down below a memo, so that a key typed in one question
 * re-renders that question only (the Formik `FastField` idea), not all the others: with the whole Formik state in
 * context, every question of a 200-question form re-rendered on every key.
 */
export interface FieldState<T = unknown> {
  value: T;
  touched: boolean;
  /** The values of the item's `dependencies`, at their paths (read them with `getIn`). */
  dependencyValues: FormValues;
  /** Sets the value; validates when `validate` is true. */
  setValue(value: T, validate?: boolean): Promise<unknown>;
  /** Marks the question touched (or not); validates when `validate` is true. */
  setTouched(touched: boolean, validate?: boolean): Promise<unknown>;
  /**
   * The end of an edit (validation on blur, docs/product/forms-toolkit.md#validation), with the value the control holds
   * now when it has one (read from the control, not from the last render: decision 015). The value is kept at once;
   * touched and validated once the pointer that moved the focus is released and its click has landed.
   */
  blur(committed?: T): void;
}

export const FieldStateContext = createContext<FieldState | null>(null);

/** The question's own state; only inside a question's control (the frame provides it). */
export function useFieldState<T>(): FieldState<T> {
  const state = useContext(FieldStateContext);
  if (!state) throw new Error('A question control must be rendered by <FormField>.');
  return state as FieldState<T>;
}
