import type { ChangeEvent } from 'react';
import { Input, Textarea } from '@careers/shared';
import { formatIdNumber, FORM_LIMITS } from '@careers/shared/forms';
import type { FieldProps } from '../../renderer/types';
import { controlAttributes, useQuestion, ViewValue } from './shared';

const asText = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/**
 * text and email: a one-line input, trimmed on blur. The blur commits what the input holds, not the last render's
 * value: a word an on-screen keyboard is still composing reaches the input before its change event (decision 015).
 */
export function TextField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const question = useQuestion<string>();
  const value = asText(question.value);
  if (mode === 'view') return <ViewValue id={id} text={value} />;
  const email = item.type === 'email';
  return (
    <Input
      {...controlAttributes(item, describedBy, invalid)}
      id={id}
      name={name}
      type={email ? 'email' : 'text'}
      autoComplete={email ? 'email' : undefined}
      value={value}
      placeholder={item.placeholder}
      readOnly={item.readonly}
      onChange={(event) => question.change(event.target.value)}
      onBlur={(event) => question.commit(event.currentTarget.value.trim())}
    />
  );
}

/** textarea: several lines (Enter adds a line), trimmed on blur. */
export function TextareaField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const question = useQuestion<string>();
  const value = asText(question.value);
  if (mode === 'view') return <ViewValue id={id} text={value} />;
  return (
    <Textarea
      {...controlAttributes(item, describedBy, invalid)}
      id={id}
      name={name}
      rows={4}
      value={value}
      placeholder={item.placeholder}
      readOnly={item.readonly}
      onChange={(event) => question.change(event.target.value)}
      onBlur={(event) => question.commit(event.currentTarget.value.trim())}
    />
  );
}

/** number: a number input with the item's bounds and step; the value is a number, or null when empty. */
export function NumberField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const question = useQuestion<number | null>();
  const value = typeof question.value === 'number' && Number.isFinite(question.value) ? question.value : null;
  if (mode === 'view') return <ViewValue id={id} text={value === null ? '' : value.toLocaleString()} />;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    question.change(raw === '' || Number.isNaN(Number(raw)) ? null : Number(raw));
  };
  return (
    <Input
      {...controlAttributes(item, describedBy, invalid)}
      id={id}
      name={name}
      type="number"
      inputMode="decimal"
      min={item.min}
      max={item.max}
      step={item.step ?? 'any'}
      value={value ?? ''}
      placeholder={item.placeholder}
      readOnly={item.readonly}
      onChange={onChange}
      onBlur={() => question.commit()}
    />
  );
}

/**
 * sin and ssn: digits with the dashes inserted as they are typed, at most 11 characters
 * (docs/product/forms-toolkit.md#ssn-and-sin).
 */
export function IdNumberField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const question = useQuestion<string>();
  const value = asText(question.value);
  if (mode === 'view') return <ViewValue id={id} text={value} />;
  const kind = item.type === 'sin' ? 'sin' : 'ssn';
  return (
    <Input
      {...controlAttributes(item, describedBy, invalid)}
      id={id}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      maxLength={FORM_LIMITS.idNumberMaxLength}
      value={value}
      placeholder={item.placeholder ?? (kind === 'sin' ? 'XXX-XXX-XXX' : 'XXX-XX-XXXX')}
      readOnly={item.readonly}
      onChange={(event) => question.change(formatIdNumber(kind, event.target.value))}
      onBlur={(event) => question.commit(formatIdNumber(kind, event.currentTarget.value).trim())}
    />
  );
}
