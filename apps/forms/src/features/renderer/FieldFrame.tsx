import type { ReactNode } from 'react';
import { ErrorMessage, Tag, cx, useTranslation } from '@careers/shared';
import type { FormItem } from '@careers/shared/contract';
import { useRenderer } from './context';
import { fieldTypeOf } from './registry';
import { RULE_TEXTS } from './ruleTexts';

interface FormFieldProps {
  item: FormItem;
  /** Formik path of the value; the item's name by default (a dynamic list passes "jobs.0.title"). */
  name?: string;
}

/**
 * One question: its frame (label or legend, "New" tag, help, error) around the control of its type. An unknown
 * type renders nothing (logged once). Display types (info, instruction, embedded_form) render without a frame.
 */
export function FormField({ item, name = item.name }: FormFieldProps) {
  const { t } = useTranslation(RULE_TEXTS.ns);
  const { mode, controlId, errorOf } = useRenderer();
  const type = fieldTypeOf(item.type);
  if (!type) return null;
  const Control = type.component;
  const id = controlId(name);
  if (type.display) {
    return (
      <div className="cw-form-field cw-form-field--display" data-field={name}>
        <Control item={item} name={name} mode={mode} id={id} describedBy={undefined} invalid={false} />
      </div>
    );
  }
  const error = mode === 'edit' ? errorOf(name) : null;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [item.help && helpId, error && errorId].filter(Boolean).join(' ') || undefined;
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
  const help = item.help ? (
    <p id={helpId} className="cw-field__help">
      {item.help}
    </p>
  ) : null;
  const control = <Control item={item} name={name} mode={mode} id={id} describedBy={describedBy} invalid={!!error} />;
  const errorText = error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null;
  const className = cx(
    'cw-field',
    'cw-form-field',
    item.layout === 'half' && 'cw-form-field--half',
    error && 'cw-field--invalid',
    mode === 'view' && 'cw-form-field--view',
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
        </legend>
        {help}
        {control}
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className={className} data-field={name}>
      <span className="cw-field__label-row">
        <label htmlFor={id} className="cw-field__label">
          {heading}
        </label>
        {newTag}
      </span>
      {help}
      {control}
      {errorText}
    </div>
  );
}
