import {
  useId,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx, domId } from './classNames';

/** What a field gives its control: spread it on the `<input>`, `<select>` or `<textarea>`. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  'aria-required'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export interface ErrorMessageProps extends HTMLAttributes<HTMLParagraphElement> {
  children: ReactNode;
  ref?: Ref<HTMLParagraphElement>;
}

/**
 * An error text with its warning mark: under a field, or next to an action that failed. The "!" mark is an element
 * hidden from assistive technology: drawn as CSS generated content it was read into the error's text, and so into
 * the described control's description ("! First name is required", issue 22).
 */
export function ErrorMessage({ className, children, ...rest }: ErrorMessageProps) {
  return (
    <p {...rest} className={cx('cw-error-message', className)}>
      <span className="cw-error-message__mark" aria-hidden="true">
        !
      </span>
      <span>{children}</span>
    </p>
  );
}

interface FieldTexts {
  /** The visible label (the control's accessible name). */
  label: ReactNode;
  /** Help text under the label, part of the control's description. */
  help?: ReactNode;
  /** The error; when present the control is `aria-invalid` and the error is part of its description. */
  error?: ReactNode;
  /** Required: `required` and `aria-required` on the control, and a "*" after the label (hidden from screen readers). */
  required?: boolean;
  /** The control's id; one is made with `useId` otherwise. */
  id?: string;
  /** More ids describing the control (after the help and the error). */
  describedBy?: string;
  /** Announce the error when it appears (`role="alert"`), for errors that do not come with a focus move. */
  announceError?: boolean;
  className?: string;
}

export interface FieldProps extends FieldTexts {
  /** Renders the control with the ids and ARIA attributes it needs: `{(control) => <Input {...control} />}`. */
  children: (control: FieldControlProps) => ReactNode;
}

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const base = id ?? domId('cw-field-', generated);
  return { control: base, help: `${base}-help`, error: `${base}-error` };
}

function RequiredMark() {
  return (
    <span className="cw-field__required" aria-hidden="true">
      *
    </span>
  );
}

/**
 * A labelled form field: label (with a required mark), help text, the control, and its error message, with the
 * control described by the help and the error (`aria-describedby`) and marked invalid while there is an error.
 */
export function Field({
  label,
  help,
  error,
  required,
  id,
  describedBy: extra,
  announceError,
  className,
  children,
}: FieldProps) {
  const ids = useFieldIds(id);
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const control: FieldControlProps = {
    id: ids.control,
    ...(required ? { required: true, 'aria-required': true as const } : {}),
    ...(hasError ? { 'aria-invalid': true as const } : {}),
    'aria-describedby': describedBy(help ? ids.help : null, hasError && ids.error, extra),
  };
  return (
    <div className={cx('cw-field', hasError && 'cw-field--invalid', className)}>
      <span className="cw-field__label-row">
        <label htmlFor={ids.control} className="cw-field__label">
          {label}
        </label>
        {required && <RequiredMark />}
      </span>
      <FieldHelp id={ids.help} help={help} />
      {children(control)}
      <FieldError id={ids.error} error={hasError ? error : null} announce={announceError} />
    </div>
  );
}

/** The help text under a field's label (referenced by the control's `aria-describedby`). */
function FieldHelp({ id, help }: { id: string; help: ReactNode }) {
  if (!help) return null;
  return (
    <p id={id} className="cw-field__help">
      {help}
    </p>
  );
}

/** The error message under a field (referenced by `aria-describedby`; announced at once when asked). */
function FieldError({ id, error, announce }: { id: string; error: ReactNode; announce?: boolean }) {
  if (error === null || error === undefined || error === false || error === '') return null;
  return (
    <ErrorMessage id={id} role={announce ? 'alert' : undefined}>
      {error}
    </ErrorMessage>
  );
}

export interface CheckboxFieldProps
  extends FieldTexts, Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'required' | keyof FieldTexts> {
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label after it, help text and error message wired the same way as {@link Field}. */
export function CheckboxField({
  label,
  help,
  error,
  required,
  id,
  describedBy: extra,
  announceError,
  className,
  ...input
}: CheckboxFieldProps) {
  const ids = useFieldIds(id);
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  return (
    <div className={cx('cw-field', hasError && 'cw-field--invalid', className)}>
      <div className="cw-check">
        <input
          {...input}
          id={ids.control}
          type="checkbox"
          className="cw-check__input"
          required={required}
          aria-required={required ? true : undefined}
          aria-invalid={hasError ? true : undefined}
          aria-describedby={describedBy(help ? ids.help : null, hasError && ids.error, extra)}
        />
        <label htmlFor={ids.control} className="cw-check__label">
          {label}
        </label>
        {required && <RequiredMark />}
      </div>
      <FieldHelp id={ids.help} help={help} />
      <FieldError id={ids.error} error={hasError ? error : null} announce={announceError} />
    </div>
  );
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A text-like input in the design system's look (inside a {@link Field}). */
export function Input({ className, type = 'text', ...rest }: InputProps) {
  return <input {...rest} type={type} className={cx('cw-input', className)} />;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ className, ...rest }: SelectProps) {
  return <select {...rest} className={cx('cw-input', className)} />;
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, ...rest }: TextareaProps) {
  return <textarea {...rest} className={cx('cw-input', className)} />;
}
