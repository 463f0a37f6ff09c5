import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Form, Formik, getIn, setIn, useFormikContext, type FormikErrors } from 'formik';
import { Button, ErrorState, LoadingState, domId, useTranslation } from '@careers/shared';
import {
  formatRuleMessage,
  formHasRegexRule,
  formNeedsPhoneRules,
  loadRegexRules,
  regexRulesInstalled,
  validateForm,
  FORM_LIMITS,
  FORM_RULES_NAMESPACE,
} from '@careers/shared/forms';
import type { FormDefinition, FormItem, FormLayout, FormValues } from '@careers/shared/contract';
import { NAMESPACE } from '../forms/namespace';
import { createFormStore, RendererContext, type RendererState } from './context';
import { focusQuestion, safeId } from './dom';
import { AdminContext, AdminLayout, type FormAdminOptions } from './layouts/AdminLayout';
import { HtmlLayout } from './layouts/HtmlLayout';
import { SimpleLayout } from './layouts/SimpleLayout';
import { StepperLayout } from './layouts/StepperLayout';
import type { LayoutProps } from './layouts/types';
import {
  holdsValue,
  startingValues,
  submittedValues,
  topItems,
  visibleNames,
  type CustomValidators,
  type VisibleFns,
} from './model';
import { fieldTypes } from './registry';
import { DynamicListContext, dynamicListInitialValue, loadPhoneSupport, phoneSupportLoaded } from '../fields/advanced';
import { FormField } from './FieldFrame';
import { createPointerGate, type PointerGate } from './pointerGate';
import { ItemCodeContext, type ItemCodeState } from './itemCode';
import { CallerLoads } from './callerLoads';
import type { FormItemCodes } from '@careers/shared/forms';

/** How a dynamic list's entries render their questions: framed like any question, under "list.0.sub". */
const renderDynamicListItem = (item: FormItem, name: string) => <FormField key={name} item={item} name={name} />;

export interface FormRendererProps {
  form: FormDefinition;
  /**
   * Starting answers (a profile, a draft). Loaded without making the form dirty; a new object resets the form to
   * it, so keep it stable between renders (state or useMemo).
   */
  initialValues?: FormValues;
  mode?: 'edit' | 'view';
  /** Called with the answers of the questions that show, once they are all valid. */
  onSubmit: (values: FormValues) => Promise<void> | void;
  /** Errors the server found, by field name: shown on their fields (until changed), the first one focused. */
  serverErrors?: Record<string, string>;
  submitLabel?: string;
  /** Code-defined visibility (spec 002 §3 `visibleFn`), by item name, on top of the item's `visibleIf`. */
  visibleFns?: VisibleFns;
  /** Caller-supplied validation (spec 002 §3 `customValidator`), by item name, after the item's own rules. */
  customValidators?: CustomValidators;
  /** Every change of the answers (for drafts; debounce in the caller). */
  onValuesChange?: (values: FormValues) => void;
  /** More actions beside the submit button (a stepper shows them in its sticky footer). */
  footer?: ReactNode;
  /**
   * The default phone country (spec 002 §4, ISO 3166-1 alpha-2): where a phone question starts when its value names
   * no country, and the country its checks assume. Without it, the window's country setting, else US.
   */
  defaultCountry?: string;
  /**
   * The admin layout's edit mode (spec 002 §6): per-question Duplicate, Edit, Delete, Move up and Move down, the
   * changed form given to `onChange` (pass it back as `form`). Only the admin layout uses it.
   */
  admin?: FormAdminOptions;
  /**
   * Code-defined item parts by item name (spec 002 §3; what JSON cannot carry): option loaders (`apiCall`), skill
   * searches (`searchCall`), e-sign outcomes (`onSign`, `onReject`), dynamic list renderers (`renderItemTitle`,
   * `renderDeleteButton`, `renderItem`). Keep it stable between renders (useMemo).
   */
  itemCode?: FormItemCodes;
  /**
   * Highlights the questions that still hold the non-empty answer they started with (spec 002 §4), with a
   * "Prefilled" tag, so that a candidate reviews what was filled in for them (from a profile, a resume) before
   * submitting; a question's highlight goes once its answer changes.
   */
  highlightUnchanged?: boolean;
}

/** No code-defined item parts (one object, so the fields' context does not change between renders). */
const NO_ITEM_CODE: FormItemCodes = {};

/** Layouts by form layout (spec 002 §2); an unknown one renders as the simple layout. */
const formLayouts: Partial<Record<FormLayout, ComponentType<LayoutProps>>> = {
  simple: SimpleLayout,
  stepper: StepperLayout,
  html: HtmlLayout,
  admin: AdminLayout,
};

/**
 * A form from its JSON definition (spec 002 §2-§5), on Formik. Validation is Formik's `validate` calling the
 * shared rule engine's `validateForm` on the questions that show (plus the caller's custom validators): the
 * engine is the one source of the rules, also used by the server; the item rules need the whole values
 * (date_comparison, visibility), which a per-field Yup schema could only reach through `.when`/context, and the
 * schema would only wrap the same engine calls. Runs on blur and on submit, not on change (spec 002 §4).
 */
export function FormRenderer({
  form,
  initialValues,
  mode = 'edit',
  onSubmit,
  serverErrors,
  submitLabel,
  visibleFns,
  customValidators,
  onValuesChange,
  footer,
  defaultCountry,
  admin,
  itemCode,
  highlightUnchanged = false,
}: FormRendererProps) {
  const { t } = useTranslation(FORM_RULES_NAMESPACE);
  const start = useMemo(() => {
    const values = startingValues(form, initialValues, fieldTypes);
    // A dynamic list starts filled up to its minimum, so that the filling does not count as a change.
    for (const item of topItems(form)) {
      if (item.type === 'dynamicList') values[item.name] = dynamicListInitialValue(item, values[item.name]);
    }
    return values;
  }, [form, initialValues]);

  const validate = useCallback(
    (values: FormValues): FormikErrors<FormValues> => {
      if (mode === 'view') return {};
      // Questions hidden by a code-defined visibleFn are unregistered too: their values do not reach the engine.
      const shown = visibleNames(form, values, visibleFns);
      const registered: FormValues = {};
      for (const [key, value] of Object.entries(values)) {
        const item = topItems(form).find((candidate) => candidate.name === key);
        if (!item || shown.has(key)) registered[key] = value;
      }
      const found = validateForm(form, registered, { now: new Date(), defaultCountry });
      let errors: FormikErrors<FormValues> = {};
      for (const [path, ruleMessage] of Object.entries(found)) {
        const top = topItems(form).find((item) => path === item.name || path.startsWith(`${item.name}.`));
        if (top && !shown.has(top.name)) continue;
        errors = setIn(errors, path, formatRuleMessage(ruleMessage, t));
      }
      for (const item of topItems(form)) {
        const custom = customValidators?.[item.name];
        if (!custom || !shown.has(item.name) || getIn(errors, item.name)) continue;
        const text = custom(values[item.name], values);
        if (text) errors = setIn(errors, item.name, text);
      }
      return errors;
    },
    [form, visibleFns, customValidators, defaultCountry, mode, t],
  );

  // The caller's loaders' results live as long as the renderer (options never go stale, spec 002 §7).
  const [loads] = useState(() => new CallerLoads());
  useEffect(() => () => loads.dispose(), [loads]);
  const code = useMemo<ItemCodeState>(() => ({ codes: itemCode ?? NO_ITEM_CODE, loads }), [itemCode, loads]);

  const phone = usePhoneSupport(form);
  if (phone.state !== 'ready') return <PhoneSupportGate state={phone.state} retry={phone.retry} />;

  return (
    <AdminContext.Provider value={admin ?? null}>
      <ItemCodeContext.Provider value={code}>
        <Formik<FormValues>
          initialValues={start}
          enableReinitialize
          validate={validate}
          validateOnChange={false}
          validateOnBlur
          onSubmit={async (values) => {
            await onSubmit(submittedValues(form, values, fieldTypes, visibleFns));
          }}
        >
          <RendererBody
            form={form}
            mode={mode}
            serverErrors={serverErrors}
            submitLabel={submitLabel}
            visibleFns={visibleFns}
            onValuesChange={onValuesChange}
            footer={footer}
            defaultCountry={defaultCountry}
            highlightUnchanged={highlightUnchanged}
          />
        </Formik>
      </ItemCodeContext.Provider>
    </AdminContext.Provider>
  );
}

type PhoneSupportState = 'ready' | 'loading' | 'failed';

/**
 * A form with a phone question waits for the phone support (its field and the engine's phone checks), and a form
 * with a regex rule for the engine's regex checks (re2js), both loaded on demand: without them the form could not
 * check those answers. Other forms are ready at once.
 */
function usePhoneSupport(form: FormDefinition): { state: PhoneSupportState; retry: () => void } {
  // A phone question, or a strict phone rule on any question: both need libphonenumber-js's checks.
  const needsPhone = useMemo(() => formNeedsPhoneRules(form), [form]);
  const needsRegex = useMemo(() => formHasRegexRule(form), [form]);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; ok: boolean } | null>(null);
  const ready = useCallback(
    () => (!needsPhone || phoneSupportLoaded()) && (!needsRegex || regexRulesInstalled()),
    [needsPhone, needsRegex],
  );
  useEffect(() => {
    if (ready()) return undefined;
    let live = true;
    Promise.all([needsPhone ? loadPhoneSupport() : null, needsRegex ? loadRegexRules() : null]).then(
      () => live && setLoaded({ attempt, ok: true }),
      (error: unknown) => {
        console.error('The phone or pattern checks of the form could not be loaded.', error);
        if (live) setLoaded({ attempt, ok: false });
      },
    );
    return () => {
      live = false;
    };
  }, [needsPhone, needsRegex, ready, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  if (ready() || loaded?.ok) return { state: 'ready', retry };
  return { state: loaded?.attempt === attempt && !loaded.ok ? 'failed' : 'loading', retry };
}

function PhoneSupportGate({ state, retry }: { state: PhoneSupportState; retry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  if (state === 'failed') return <ErrorState message={t('renderer.loadFailed')} onRetry={retry} />;
  return <LoadingState label={t('renderer.loading')} />;
}

interface BodyProps {
  form: FormDefinition;
  mode: 'edit' | 'view';
  serverErrors?: Record<string, string>;
  submitLabel?: string;
  visibleFns?: VisibleFns;
  onValuesChange?: (values: FormValues) => void;
  footer?: ReactNode;
  defaultCountry?: string;
  highlightUnchanged: boolean;
}

/** The form element, the visibility and re-validation bookkeeping, and the layout. */
function RendererBody({
  form,
  mode,
  serverErrors,
  submitLabel,
  visibleFns,
  onValuesChange,
  footer,
  defaultCountry,
  highlightUnchanged,
}: BodyProps) {
  const { t } = useTranslation(NAMESPACE);
  const formik = useFormikContext<FormValues>();
  const { values, initialValues, errors, touched, submitCount, isSubmitting, dirty } = formik;
  const rootRef = useRef<HTMLFormElement>(null);
  const prefix = domId('cw-form-', useId());
  const controlId = useCallback((name: string) => `${prefix}-${safeId(name)}`, [prefix]);

  // Visibility follows the values after a 50 ms pause (spec 002 §9).
  const [visible, setVisible] = useState(() => visibleNames(form, values, visibleFns));
  const tracked = useRef({ values, initialValues, visible });
  useEffect(() => {
    const timer = setTimeout(() => {
      const before = tracked.current;
      const nextVisible = visibleNames(form, values, visibleFns);
      tracked.current = { values, initialValues, visible: nextVisible };
      if (!sameSet(before.visible, nextVisible)) setVisible(nextVisible);
      // A reset (new initial values) is not a change by the candidate.
      if (before.initialValues !== initialValues || before.values === values) return;
      const items = topItems(form);
      for (const item of items) {
        const wasShown = before.visible.has(item.name);
        const isShown = nextVisible.has(item.name);
        if (wasShown && !isShown && holdsValue(item, fieldTypes)) {
          // Unregistered: its value goes, its error and touched state too.
          formik.setFieldValue(item.name, undefined, false);
          formik.setFieldTouched(item.name, false, false);
          formik.setFieldError(item.name, undefined);
        } else if (!wasShown && isShown && holdsValue(item, fieldTypes) && values[item.name] === undefined) {
          // Registered again, with its starting value.
          formik.setFieldValue(item.name, initialValues[item.name] ?? null, false);
        }
      }
      // Dependants of a changed value are validated again (shown now, and already before: not on first show).
      const changed = new Set(
        Object.keys({ ...before.values, ...values }).filter((k) => before.values[k] !== values[k]),
      );
      const dependants = items.filter(
        (item) =>
          before.visible.has(item.name) &&
          nextVisible.has(item.name) &&
          item.dependencies?.some((dependency) => changed.has(dependency)),
      );
      if (dependants.length > 0) {
        // One field at a time on Formik's current state: the touched state of this render may be 50 ms old, and
        // replacing it whole would undo a blur that happened since.
        for (const item of dependants) void formik.setFieldTouched(item.name, true, false);
        void formik.validateForm();
      }
    }, FORM_LIMITS.visibilityDebounceMs);
    return () => clearTimeout(timer);
    // formik's helpers are stable; its state is read from the latest render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, initialValues, form, visibleFns]);

  // Drafts: every change of the answers (not the starting values).
  const reportedValues = useRef(values);
  useEffect(() => {
    if (values === reportedValues.current) return;
    reportedValues.current = values;
    if (values !== initialValues) onValuesChange?.(values);
  }, [values, initialValues, onValuesChange]);

  // Server errors: shown on their fields until the value changes; the first one (in form order) is focused.
  const [server, setServer] = useState<{ errors: Record<string, string>; values: FormValues } | null>(null);
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!serverErrors || Object.keys(serverErrors).length === 0) {
      setServer(null);
      return;
    }
    setServer({ errors: serverErrors, values: formik.values });
    pendingFocus.current =
      topItems(form).find((item) => serverErrors[item.name])?.name ?? Object.keys(serverErrors)[0] ?? null;
    // Only a new set of server errors is injected.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors, form]);

  const errorOf = useCallback(
    (name: string): string | null => {
      const client = getIn(errors, name);
      if (typeof client === 'string' && client && (getIn(touched, name) || submitCount > 0)) return client;
      const fromServer = server?.errors[name];
      if (fromServer && getIn(server.values, name) === getIn(values, name)) return fromServer;
      return null;
    },
    [errors, touched, submitCount, server, values],
  );

  const focusField = useCallback(
    (name: string) => {
      if (rootRef.current) focusQuestion(rootRef.current, name, controlId(name));
    },
    [controlId],
  );

  // The first server error is focused once it shows.
  useEffect(() => {
    const name = pendingFocus.current;
    if (!name || !server) return;
    pendingFocus.current = null;
    focusField(name);
  }, [server, focusField]);

  // A failed submit focuses the first invalid question (in form order).
  const handledSubmit = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    const first = topItems(form).find((item) => visible.has(item.name) && typeof getIn(errors, item.name) === 'string');
    if (first) focusField(first.name);
  }, [isSubmitting, submitCount, errors, form, visible, focusField]);

  // The changing state goes to the store: taken while rendering (questions mounted now read it), told to the
  // subscribed questions once committed; the context below stays the same while the candidate types. The error
  // count is reported (the stepper's footer, a live region) once the candidate submitted or changed an answer:
  // tabbing through an empty form shows each question's error, but announcing a count then is noise.
  const reportErrors = submitCount > 0 || dirty;
  const [store] = useState(() => createFormStore({ values, initialValues, touched, errorOf, reportErrors }));
  store.prepare({ values, initialValues, touched, errorOf, reportErrors });
  useLayoutEffect(() => store.publish());

  // The end of an edit (blur), decision 015. The value the control holds at that moment is kept at once, without
  // validating: it is the committed value (a word an on-screen keyboard was still composing is in the control, not
  // yet in the answers). Touching and validating wait for the pointer gate: a task later, so that Formik validates
  // the answers React has committed, and after the press that moved the focus is released and its click has
  // landed, so that the errors found (a new line under the question, a longer footer) never move what is under the
  // pointer. Blurs waiting together are validated once.
  const gate = useRef<PointerGate | null>(null);
  useEffect(() => {
    const created = createPointerGate(rootRef.current?.ownerDocument ?? document);
    gate.current = created;
    return () => {
      created.dispose();
      gate.current = null;
    };
  }, []);
  const { setFieldValue, setFieldTouched, validateForm } = formik;
  const blurredNames = useRef(new Set<string>());
  const blurField = useCallback(
    (name: string, value?: unknown) => {
      // An empty control where the answer is still unset is no change (it must not count as one for `dirty`).
      const current: unknown = getIn(store.get().values, name);
      if (value !== undefined && !Object.is(value, current) && !(value === '' && current == null)) {
        void setFieldValue(name, value, false);
      }
      blurredNames.current.add(name);
      const finish = () => {
        const names = [...blurredNames.current];
        blurredNames.current.clear();
        if (names.length === 0) return;
        for (const blurred of names) void setFieldTouched(blurred, true, false);
        void validateForm();
      };
      if (gate.current) gate.current.run(finish);
      else finish();
    },
    [store, setFieldValue, setFieldTouched, validateForm],
  );

  const state = useMemo<RendererState>(
    () => ({
      mode,
      visible,
      controlId,
      focusField,
      store,
      setFieldValue,
      setFieldTouched,
      blurField,
      defaultCountry,
      highlightUnchanged,
    }),
    [
      mode,
      visible,
      controlId,
      focusField,
      store,
      setFieldValue,
      setFieldTouched,
      blurField,
      defaultCountry,
      highlightUnchanged,
    ],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a one-line input does not submit (spec 002 §4); a textarea keeps its new line, a button its click.
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  const Layout = formLayouts[form.layout as FormLayout] ?? SimpleLayout;
  // The same layout element while the candidate types: the layout re-renders only for what it shows (the questions
  // and the steps' counts follow the store).
  const layout = useMemo(() => {
    const actions =
      mode === 'edit' ? (
        <>
          {footer}
          <Button type="submit" loading={isSubmitting}>
            {submitLabel ?? t('renderer.submit')}
          </Button>
        </>
      ) : (
        footer
      );
    return <Layout form={form} sections={form.sections} actions={actions} />;
  }, [Layout, form, mode, footer, isSubmitting, submitLabel, t]);

  return (
    <RendererContext.Provider value={state}>
      <DynamicListContext.Provider value={renderDynamicListItem}>
        <Form ref={rootRef} className="cw-form" noValidate onKeyDown={onKeyDown} aria-label={form.title}>
          {layout}
        </Form>
      </DynamicListContext.Provider>
    </RendererContext.Provider>
  );
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const entry of a) if (!b.has(entry)) return false;
  return true;
}
