/**
 * The forms toolkit's renderer as other widgets see it: the public props of its `FormRenderer`, exposed by the
 * forms widget through Module Federation (`FORM_RENDERER_REMOTE` of `@careers/shared`, loaded with
 * `useRemoteModule` / `<RemoteModule>`). Types only: importing them (`import type`) adds nothing to a bundle. The
 * forms widget checks at compile time that its renderer takes exactly these props.
 */
import type { ComponentType, ReactNode } from 'react';
import type { FormDefinition, FormItem, FormValues } from '../contract/forms';

/** Code-defined visibility (spec 002 §3 `visibleFn`), by item name, on top of the item's `visibleIf`. */
export type FormVisibleFns = Record<string, (values: FormValues) => boolean>;

/** Caller-supplied validation (spec 002 §3 `customValidator`), by item name: the message, or undefined if valid. */
export type FormCustomValidators = Record<string, (value: unknown, values: FormValues) => string | undefined>;

/** The admin layout's edit mode (spec 002 §6). */
export interface FormAdminOptions {
  /** Shows the question actions (duplicate, edit, delete, move up, move down); without it, a simple form. */
  editMode: boolean;
  /** The form with the questions' new order or set (pass it back as `form`). */
  onChange(form: FormDefinition): void;
  /** Edit asks the caller to edit the question (no Edit button without it). */
  onEdit?(item: FormItem): void;
}

export interface FormRendererProps {
  form: FormDefinition;
  /** Starting answers; a new object resets the form to it, so keep it stable between renders. */
  initialValues?: FormValues;
  mode?: 'edit' | 'view';
  /** Called with the answers of the questions that show, once they are all valid. */
  onSubmit: (values: FormValues) => Promise<void> | void;
  /** Errors the server found, by field name: shown on their fields (until changed), the first one focused. */
  serverErrors?: Record<string, string>;
  submitLabel?: string;
  visibleFns?: FormVisibleFns;
  customValidators?: FormCustomValidators;
  /** Every change of the answers (for drafts; debounce in the caller). */
  onValuesChange?: (values: FormValues) => void;
  /** More actions beside the submit button. */
  footer?: ReactNode;
  /**
   * The default phone country (ISO 3166-1 alpha-2): where a phone question starts when its value names no country.
   * Without it, the window's country setting, else US.
   */
  defaultCountry?: string;
  /** The admin layout's edit mode; only the admin layout uses it. */
  admin?: FormAdminOptions;
}

/**
 * What the forms widget's `./FormRenderer` module resolves to: the renderer, with its texts registered and its
 * styles put into whatever shadow root it renders in.
 */
export interface FormRendererModule {
  FormRenderer: ComponentType<FormRendererProps>;
}
