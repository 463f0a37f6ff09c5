/**
 * The forms toolkit's renderer as other widgets see it: the public props of its `FormRenderer`, exposed by the
 * forms widget through Module Federation (`FORM_RENDERER_REMOTE` of `@careers/shared`, loaded with
 * `useRemoteModule` / `<RemoteModule>`). Types only: importing them (`import type`) adds nothing to a bundle. The
 * renderer's own props are these (declared once, here).
 */
import type { ComponentType, ReactNode } from 'react';
import type { EsignValue, FormChoice, FormDefinition, FormItem, FormValues } from '../contract/forms';

/**
 * Code-defined visibility (`visibleFn`, docs/product/forms-toolkit.md#caller-supplied-parts), by item name, on top of
 * the item's `visibleIf`.
 */
export type FormVisibleFns = Record<string, (values: FormValues) => boolean>;

/**
 * Caller-supplied validation (`customValidator`, docs/product/forms-toolkit.md#caller-supplied-parts), by item name:
 * the message, or undefined if valid.
 */
export type FormCustomValidators = Record<string, (value: unknown, values: FormValues) => string | undefined>;

/**
 * A caller-supplied option loader of a select or dropdown (`apiCall`, docs/product/forms-toolkit.md#options), instead
 * of its `apiEndpoint`: called with the first dependency's value (`parentValue`, as `{{parentValue}}` would be;
 * undefined without a dependency), once per parent value: the options never go stale. Reject to fail: with a string
 * (your own text, shown to the candidate) or the HTTP layer's error (its server message shown); anything else shows "An
 * error occurred while loading the results". A failed load is tried again twice.
 */
export type FormApiCall = (request: { parentValue: string | undefined; signal: AbortSignal }) => Promise<FormChoice[]>;

/**
 * A caller-supplied skill search (`searchCall`, docs/product/forms-toolkit.md#skill-selector), instead of the item's
 * `apiEndpoint`: the skills matching what the candidate typed (debounced 300 ms). Reject as for {@link FormApiCall}.
 */
export type FormSearchCall = (query: string, options: { signal: AbortSignal }) => Promise<string[]>;

/** What a dynamic list's renderers get about one of its entries. */
export interface FormDynamicListEntry {
  /** 0 for the first entry. */
  index: number;
  /** The entry's answers, keyed by the sub-items' names. */
  value: Record<string, unknown>;
  /** The default title ("Item 2", or the item's `itemTitle` and the number). */
  title: string;
}

/**
 * Code-defined parts of one item (what JSON cannot carry), by type
 * (docs/product/forms-toolkit.md#caller-supplied-parts):
 * - select, dropdown: `apiCall`;
 * - skillSelector: `searchCall`;
 * - esignForm: `onSign`, `onReject`, called with the new answer when the signing page reports its outcome;
 * - dynamicList: `renderItemTitle` (the entry heading's content), `renderDeleteButton` (the delete control, shown
 *   only above the list's minimum; call `remove`), `renderItem` (the entry's body around its `fields`).
 */
export interface FormItemCode {
  apiCall?: FormApiCall;
  searchCall?: FormSearchCall;
  onSign?: (value: EsignValue) => void;
  onReject?: (value: EsignValue) => void;
  renderItemTitle?: (entry: FormDynamicListEntry) => ReactNode;
  renderDeleteButton?: (entry: FormDynamicListEntry & { remove: () => void; label: string }) => ReactNode;
  renderItem?: (entry: FormDynamicListEntry & { fields: ReactNode }) => ReactNode;
}

/** Code-defined item parts by item name (a dynamic list's sub-item by its own name). */
export type FormItemCodes = Record<string, FormItemCode>;

/** The admin layout's edit mode (docs/product/forms-toolkit.md#admin-layout). */
export interface FormAdminOptions {
  /** Shows the question actions (duplicate, edit, delete, move up, move down); without it, a simple form. */
  editMode: boolean;
  /** The form with the questions' new order or set: at once after a duplicate or a delete, 300 ms after moves. */
  onChange(form: FormDefinition): void;
  /** Edit asks the caller to edit the question (no Edit button without it). */
  onEdit?(item: FormItem): void;
}

/**
 * The props of the forms toolkit's `FormRenderer`: its one declaration, for the widgets that load it through
 * Module Federation and for the renderer itself.
 */
export interface FormRendererProps {
  form: FormDefinition;
  /**
   * Starting answers (a profile, a draft). Loaded without making the form dirty; a new object of other answers
   * resets the form to it, so keep it stable between renders (state or `useMemo`).
   */
  initialValues?: FormValues;
  mode?: 'edit' | 'view';
  /** Called with the answers of the questions that show, once they are all valid. */
  onSubmit: (values: FormValues) => Promise<void> | void;
  /** Errors the server found, by field name: shown on their fields (until changed), the first one focused. */
  serverErrors?: Record<string, string>;
  submitLabel?: string;
  /** Code-defined visibility, by item name, on top of the item's `visibleIf`. */
  visibleFns?: FormVisibleFns;
  /** Caller-supplied validation, by item name, after the item's own rules. */
  customValidators?: FormCustomValidators;
  /** Every change of the answers (for drafts; debounce in the caller). */
  onValuesChange?: (values: FormValues) => void;
  /** More actions beside the submit button (a stepper shows them in its sticky footer). */
  footer?: ReactNode;
  /**
   * The default phone country (ISO 3166-1 alpha-2): where a phone question starts when its value names no country,
   * and the country its checks assume. Without it, the window's country setting, else US.
   */
  defaultCountry?: string;
  /**
   * The admin layout's edit mode: per-question Duplicate, Edit, Delete, Move up and Move down, the changed form
   * given to `onChange` (pass it back as `form`). Only the admin layout uses it.
   */
  admin?: FormAdminOptions;
  /**
   * Code-defined item parts by item name (what JSON cannot carry): option loaders (`apiCall`), skill searches
   * (`searchCall`), e-sign outcomes (`onSign`, `onReject`), dynamic list renderers (`renderItemTitle`,
   * `renderDeleteButton`, `renderItem`). Keep it stable between renders (`useMemo`).
   */
  itemCode?: FormItemCodes;
  /**
   * Highlights the questions that still hold the non-empty answer they started with
   * (docs/product/forms-toolkit.md#prefilled-answers), with a "Prefilled" tag, so that a candidate reviews what was
   * filled in for them (from a profile, a resume) before submitting; a question's highlight goes once its answer
   * changes.
   */
  highlightUnchanged?: boolean;
}

/**
 * What the forms widget's `./FormRenderer` module resolves to: the renderer, with its texts registered and its
 * styles put into whatever shadow root it renders in.
 */
export interface FormRendererModule {
  FormRenderer: ComponentType<FormRendererProps>;
}
