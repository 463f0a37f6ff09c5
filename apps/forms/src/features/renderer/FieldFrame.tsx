import { memo, useMemo, type ReactNode } from 'react';
import { getIn, setIn } from 'formik';
import { ErrorMessage, Tag, cx, useTranslation } from '@careers/shared';
import type { FormItem, FormValues } from '@careers/shared/contract';
import { isEmptyAnswer, sameAnswer } from './answers';
import { useFormSelector, useRenderer } from './context';
import { FieldStateContext, type FieldState } from './fieldState';
import type { FormStore } from './formStore';
import { fieldTypeOf } from './registry';
import { RULE_TEXTS } from './ruleTexts';
import { NAMESPACE } from '../forms/namespace';

interface FormFieldProps {
  item: FormItem;
  /** The path of the value; the item's name by default (a dynamic list passes "jobs.0.title"). */
  name?: string;
}

/**
 * One question. This outer part subscribes to what the question shows (its value, touched state, error and the
 * values it depends on) in the renderer's form store, and re-renders only when one of those changes: typing in one
 * question of a long form does not re-render the others. The question itself (`Question`) is memoised too, for
 * when its section re-renders (visibility).
 */
export function FormField({ item, name = item.name }: FormFieldProps) {
  const { mode, controlId, store, blurField, highlightUnchanged } = useRenderer();
  const value = useFormSelector((form) => getIn(form.values, name) as unknown);
  const unchanged = useFormSelector(
    (form) =>
      highlightUnchanged &&
      mode === 'edit' &&
      !isEmptyAnswer(getIn(form.initialValues, name)) &&
      sameAnswer(getIn(form.values, name), getIn(form.initialValues, name)),
  );
  const touched = useFormSelector((form) => !!getIn(form.touched, name));
  const error = useFormSelector((form) => (mode === 'edit' ? form.errorOf(name) : null));
  const dependencies = useFormSelector((form) => dependencyValuesOf(item, form.values), sameDependencies);
  return (
    <Question
      item={item}
      name={name}
      mode={mode}
      id={controlId(name)}
      value={value}
      touched={touched}
      error={error}
      dependencies={dependencies}
      unchanged={unchanged}
      setFieldValue={store.setFieldValue}
      setFieldTouched={store.setFieldTouched}
      blurField={blurField}
    />
  );
}

/** The values of an item's dependencies, at their paths; the same object while none of them changes. */
function dependencyValuesOf(item: FormItem, values: FormValues): DependencyValues {
  const names = item.dependencies ?? [];
  if (names.length === 0) return NO_DEPENDENCIES;
  return { names, list: names.map((dependency) => getIn(values, dependency) as unknown) };
}

interface DependencyValues {
  names: readonly string[];
  list: readonly unknown[];
}

const NO_DEPENDENCIES: DependencyValues = { names: [], list: [] };

interface QuestionProps {
  item: FormItem;
  name: string;
  mode: 'edit' | 'view';
  id: string;
  value: unknown;
  touched: boolean;
  error: string | null;
  dependencies: DependencyValues;
  /** Highlighted: still the non-empty answer it started with (the renderer's `highlightUnchanged`). */
  unchanged: boolean;
  setFieldValue: FormStore['setFieldValue'];
  setFieldTouched: FormStore['setFieldTouched'];
  blurField: (field: string, value?: unknown) => void;
}

function sameDependencies(a: DependencyValues, b: DependencyValues): boolean {
  return (
    a.names.length === b.names.length &&
    a.names.every((dependency, index) => dependency === b.names[index] && Object.is(a.list[index], b.list[index]))
  );
}

/** Same question state: every prop equal, the dependency values compared one by one. */
function sameQuestion(a: QuestionProps, b: QuestionProps): boolean {
  for (const key of Object.keys(a) as (keyof QuestionProps)[]) {
    if (key === 'dependencies') continue;
    if (!Object.is(a[key], b[key])) return false;
  }
  return sameDependencies(a.dependencies, b.dependencies);
}

/**
 * A question's frame (label or legend, "New" tag, help, error) around the control of its type, with the question's
 * own state in context for the control. An unknown type renders nothing (logged once). Display types (info,
 * instruction, embedded_form) render without a frame.
 */
const Question = memo(function Question({
  item,
  name,
  mode,
  id,
  value,
  touched,
  error,
  dependencies,
  unchanged,
  setFieldValue,
  setFieldTouched,
  blurField,
}: QuestionProps) {
  const { t } = useTranslation(RULE_TEXTS.ns);
  const state = useMemo<FieldState>(() => {
    let dependencyValues: FormValues = {};
    dependencies.names.forEach((dependency, index) => {
      dependencyValues = setIn(dependencyValues, dependency, dependencies.list[index]) as FormValues;
    });
    return {
      value,
      touched,
      dependencyValues,
      setValue: (next, validate) => setFieldValue(name, next, validate),
      setTouched: (next, validate) => setFieldTouched(name, next, validate),
      blur: (committed) => blurField(name, committed),
    };
  }, [value, touched, dependencies, name, setFieldValue, setFieldTouched, blurField]);
  const type = fieldTypeOf(item.type);
  if (!type) return null;
  const Control = type.component;
  if (type.display) {
    return (
      <div className="cw-form-field cw-form-field--display" data-field={name}>
        <FieldStateContext.Provider value={state}>
          <Control item={item} name={name} mode={mode} id={id} describedBy={undefined} invalid={false} />
        </FieldStateContext.Provider>
      </div>
    );
  }
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const unchangedId = `${id}-unchanged`;
  // The tag is read with the question's description, as it is seen beside its label.
  const describedBy =
    [item.help && helpId, unchanged && unchangedId, error && errorId].filter(Boolean).join(' ') || undefined;
  const label = item.label || item.ariaLabel || item.name;
  const required = mode === 'edit' && item.required;
  const heading: ReactNode = (
    <>
      {label}
      {required && (
        <span className="cw-field__required" aria-hidden="true">
          *
        </span>
      )}
    </>
  );
  const newTag = item.newItem ? (
    <Tag tone="info" className="cw-form-field__new">
      {t(RULE_TEXTS.newTag)}
    </Tag>
  ) : null;
  const unchangedTag = unchanged ? (
    <Tag tone="warning" id={unchangedId} className="cw-form-field__unchanged">
      {t('renderer.prefilled', { ns: NAMESPACE })}
    </Tag>
  ) : null;
  const help = item.help ? (
    <p id={helpId} className="cw-field__help">
      {item.help}
    </p>
  ) : null;
  const control = (
    <FieldStateContext.Provider value={state}>
      <Control item={item} name={name} mode={mode} id={id} describedBy={describedBy} invalid={!!error} />
    </FieldStateContext.Provider>
  );
  const errorText = error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null;
  const className = cx(
    'cw-field',
    'cw-form-field',
    item.layout === 'half' && 'cw-form-field--half',
    error && 'cw-field--invalid',
    mode === 'view' && 'cw-form-field--view',
    unchanged && 'cw-form-field--unchanged',
  );

  if (mode === 'view') {
    return (
      <div className={className} data-field={name} role="group" aria-labelledby={`${id}-label`}>
        <span className="cw-field__label-row">
          <span id={`${id}-label`} className="cw-field__label">
            {label}
          </span>
          {newTag}
        </span>
        {control}
      </div>
    );
  }
  if (type.group) {
    return (
      <fieldset className={cx(className, 'cw-form-field--group')} data-field={name} aria-describedby={describedBy}>
        <legend className="cw-field__label-row">
          <span className="cw-field__label">{heading}</span>
          {newTag}
          {unchangedTag}
        </legend>
        {help}
        {control}
        {errorText}
      </fieldset>
    );
  }
  if (type.inlineLabel) {
    return (
      <div className={className} data-field={name}>
        <span className="cw-check">
          {control}
          <label htmlFor={id} className="cw-check__label">
            {heading}
          </label>
          {newTag}
          {unchangedTag}
        </span>
        {help}
        {errorText}
      </div>
    );
  }
  return (
    <div className={className} data-field={name}>
      <span className="cw-field__label-row">
        {type.labelable === false ? (
          <span id={`${id}-label`} className="cw-field__label">
            {heading}
          </span>
        ) : (
          <label htmlFor={id} className="cw-field__label">
            {heading}
          </label>
        )}
        {newTag}
        {unchangedTag}
      </span>
      {help}
      {control}
      {errorText}
    </div>
  );
}, sameQuestion);
