import { getIn, setIn, setNestedObjectValues } from 'formik';
import type { FormValues } from '@careers/shared/contract';
import { sameAnswer } from './answers';

/** Messages (or flags) at the answers' paths, nested as the answers are ("jobs.0.title" under jobs[0].title). */
export type FormPaths<T> = { [key: string]: T | FormPaths<T> | Array<T | FormPaths<T>> | undefined };

/** What the renderer tells the store: how to check the answers and what to do with valid ones. */
export interface FormHandlers {
  /** The errors of `values` (empty when valid); runs on blur, on submit and when asked, never while typing. */
  validate(values: FormValues): FormPaths<string>;
  submit(values: FormValues): Promise<void>;
}

/** The form's state: it has no other owner. */
interface FormState {
  values: FormValues;
  /** The starting answers (a reset returns to them; the unchanged-value highlight compares with them). */
  initialValues: FormValues;
  touched: FormPaths<boolean>;
  /** The errors the last validation found, whether or not they show yet (see `errorOf`). */
  errors: FormPaths<string>;
  submitCount: number;
  isSubmitting: boolean;
  /** Errors the server found, with the answers they were found for: each shows until its answer changes. */
  server: { errors: Record<string, string>; values: FormValues } | null;
}

/** The state as the parts that show it read it. */
export interface FormSnapshot extends FormState {
  /** The error a question shows now (client error once touched or submitted, else a server error), or null. */
  errorOf: (name: string) => string | null;
  /** The error count may be reported (announced): after a submit, or once an answer differs from the start. */
  readonly reportErrors: boolean;
}

/**
 * The form's changing state and the calls that change it. The parts that show a piece of it (a question, a step's
 * counts) subscribe with a selector and re-render only when what they select changes: a key typed in one question
 * of a 200-question form re-renders that question, not the form (why the store exists, see decision 029).
 */
export interface FormStore {
  get(): FormSnapshot;
  subscribe(listener: () => void): () => void;
  /** The latest validation and submit (the renderer's props may change between renders). */
  setHandlers(handlers: FormHandlers): void;
  /** Sets an answer; validates when `validate` is true (not by default: not while typing). */
  setFieldValue(name: string, value: unknown, validate?: boolean): Promise<void>;
  /** Marks a question touched (or not); validates unless `validate` is false (validation on blur). */
  setFieldTouched(name: string, touched?: boolean, validate?: boolean): Promise<void>;
  /** Sets or (undefined) clears a question's error until the next validation. */
  setFieldError(name: string, message: string | undefined): void;
  /** Validates the current answers; resolves with the errors found. */
  validate(): Promise<FormPaths<string>>;
  /**
   * Touches every answer, validates, and submits the answers when valid. `isSubmitting` holds until the submit
   * settles; a rejected submit rejects.
   */
  submit(): Promise<void>;
  /** Back to `initialValues` (the given ones, else the current starting answers): nothing touched, no errors. */
  reset(initialValues?: FormValues): void;
  /** Shows the server's errors (null: none) against the current answers. */
  setServerErrors(errors: Record<string, string> | null): void;
}

const NO_PATHS = {};

function errorOf(state: FormState, name: string): string | null {
  const client: unknown = getIn(state.errors, name);
  if (typeof client === 'string' && client && (getIn(state.touched, name) || state.submitCount > 0)) return client;
  const fromServer = state.server?.errors[name];
  if (fromServer && getIn(state.server?.values, name) === getIn(state.values, name)) return fromServer;
  return null;
}

function snapshotOf(state: FormState): FormSnapshot {
  let dirty: boolean | undefined;
  return {
    ...state,
    errorOf: (name) => errorOf(state, name),
    // Compared once per state, and only when asked (a layout that counts errors asks).
    get reportErrors() {
      if (state.submitCount > 0) return true;
      dirty ??= !sameAnswer(state.initialValues, state.values);
      return dirty;
    },
  };
}

export function createFormStore(initialValues: FormValues, initialHandlers: FormHandlers): FormStore {
  let handlers = initialHandlers;
  let state: FormState = {
    values: initialValues,
    initialValues,
    touched: NO_PATHS,
    errors: NO_PATHS,
    submitCount: 0,
    isSubmitting: false,
    server: null,
  };
  let snapshot = snapshotOf(state);
  const listeners = new Set<() => void>();

  const update = (change: Partial<FormState>) => {
    state = { ...state, ...change };
    snapshot = snapshotOf(state);
    for (const listener of [...listeners]) listener();
  };

  /** Validates synchronously (the engine is synchronous); the errors are replaced only when they differ. */
  const runValidation = (): FormPaths<string> => {
    const found = handlers.validate(state.values);
    if (!sameAnswer(found, state.errors)) update({ errors: found });
    return state.errors;
  };

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setHandlers(next) {
      handlers = next;
    },
    setFieldValue(name, value, validate = false) {
      update({ values: setIn(state.values, name, value) as FormValues });
      if (validate) runValidation();
      return Promise.resolve();
    },
    setFieldTouched(name, touched = true, validate = true) {
      update({ touched: setIn(state.touched, name, touched) as FormPaths<boolean> });
      if (validate) runValidation();
      return Promise.resolve();
    },
    setFieldError(name, message) {
      update({ errors: setIn(state.errors, name, message) as FormPaths<string> });
    },
    validate: () => Promise.resolve(runValidation()),
    async submit() {
      update({
        // Every answer touched, at its own path (a list's entries one by one), so that every error shows.
        touched: setNestedObjectValues<FormPaths<boolean>>(state.values, true),
        isSubmitting: true,
        submitCount: state.submitCount + 1,
      });
      const errors = runValidation();
      if (Object.keys(errors).length > 0) {
        update({ isSubmitting: false });
        return;
      }
      try {
        await handlers.submit(state.values);
      } finally {
        update({ isSubmitting: false });
      }
    },
    reset(next = state.initialValues) {
      update({
        values: next,
        initialValues: next,
        touched: NO_PATHS,
        errors: NO_PATHS,
        submitCount: 0,
        isSubmitting: false,
      });
    },
    setServerErrors(errors) {
      if (!errors && !state.server) return;
      update({ server: errors ? { errors, values: state.values } : null });
    },
  };
}
