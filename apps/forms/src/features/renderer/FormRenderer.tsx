import { useCallback, useId, useMemo, useRef, type ComponentType, type FormEvent, type KeyboardEvent } from 'react';
import { Button, domId, useTranslation } from '@careers/shared';
import { FORM_RULES_NAMESPACE, type FormRendererProps } from '@careers/shared/forms';
import type { FormItem, FormLayout, FormValues } from '@careers/shared/contract';
import { NAMESPACE } from '../forms/namespace';
import { RendererContext, useStoreValue, type RendererState } from './context';
import { focusQuestion, safeId } from './dom';
import type { FormHandlers } from './formStore';
import { AdminContext, AdminLayout } from './layouts/AdminLayout';
import { HtmlLayout } from './layouts/HtmlLayout';
import { SimpleLayout } from './layouts/SimpleLayout';
import { StepperLayout } from './layouts/StepperLayout';
import type { LayoutProps } from './layouts/types';
import { startingValues, submittedValues } from './model';
import { fieldTypes } from './registry';
import { DynamicListContext } from '../fields/advanced';
import { FormField } from './FieldFrame';
import { ItemCodeContext } from './itemCode';
import { PhoneSupportGate } from './PhoneSupportGate';
import { validateAnswers } from './validation';
import { useBlurField } from './hooks/useBlurField';
import { useFocusFirstInvalid } from './hooks/useFocusFirstInvalid';
import { useFormStore } from './hooks/useFormStore';
import { useItemCodeState } from './hooks/useItemCodeState';
import { usePhoneSupport } from './hooks/usePhoneSupport';
import { useServerErrors } from './hooks/useServerErrors';
import { useValuesChange } from './hooks/useValuesChange';
import { useVisibleQuestions } from './hooks/useVisibleQuestions';

/** How a dynamic list's entries render their questions: framed like any question, under "list.0.sub". */
const renderDynamicListItem = (item: FormItem, name: string) => <FormField key={name} item={item} name={name} />;

/** Layouts by form layout (docs/product/forms-toolkit.md#layouts); an unknown one renders as the simple layout. */
const formLayouts: Partial<Record<FormLayout, ComponentType<LayoutProps>>> = {
  simple: SimpleLayout,
  stepper: StepperLayout,
  html: HtmlLayout,
  admin: AdminLayout,
};

/**
 * A form from its JSON definition (docs/product/forms-toolkit.md). Its state (answers, touched questions, errors,
 * submits) has one owner, the renderer's form store (decision 029): the questions subscribe to their own piece of
 * it, so that a key typed re-renders one question. Validation is the shared rule engine's, on the questions that
 * show (plus the caller's custom validators), on blur and on submit, not while typing
 * (docs/product/forms-toolkit.md#validation).
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
  // Every question with an answer starts as its type says (a dynamic list filled up to its minimum).
  const start = useMemo(() => startingValues(form, initialValues, fieldTypes), [form, initialValues]);
  const handlers = useMemo<FormHandlers>(
    () => ({
      validate: (values) => validateAnswers(form, values, { mode, visibleFns, customValidators, defaultCountry, t }),
      submit: async (values) => {
        await onSubmit(submittedValues(form, values, fieldTypes, visibleFns));
      },
    }),
    [form, mode, visibleFns, customValidators, defaultCountry, t, onSubmit],
  );
  const code = useItemCodeState(itemCode);

  const phone = usePhoneSupport(form);
  if (phone.state !== 'ready') return <PhoneSupportGate state={phone.state} retry={phone.retry} />;

  return (
    <AdminContext.Provider value={admin ?? null}>
      <ItemCodeContext.Provider value={code}>
        <RendererBody
          form={form}
          start={start}
          handlers={handlers}
          mode={mode}
          serverErrors={serverErrors}
          submitLabel={submitLabel}
          visibleFns={visibleFns}
          onValuesChange={onValuesChange}
          footer={footer}
          defaultCountry={defaultCountry}
          highlightUnchanged={highlightUnchanged}
        />
      </ItemCodeContext.Provider>
    </AdminContext.Provider>
  );
}

type BodyProps = Pick<
  FormRendererProps,
  'form' | 'serverErrors' | 'submitLabel' | 'visibleFns' | 'onValuesChange' | 'footer' | 'defaultCountry'
> &
  Required<Pick<FormRendererProps, 'mode' | 'highlightUnchanged'>> & {
    /** The starting answers, every question's included. */
    start: FormValues;
    handlers: FormHandlers;
  };

/**
 * The form element and the layout, with the form's state. It re-renders for what it shows itself (which questions
 * show, a submit in progress), never for a key typed.
 */
function RendererBody({
  form,
  start,
  handlers,
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
  const store = useFormStore(start, handlers);
  const rootRef = useRef<HTMLFormElement>(null);
  const prefix = domId('cw-form-', useId());
  const controlId = useCallback((name: string) => `${prefix}-${safeId(name)}`, [prefix]);
  const focusField = useCallback(
    (name: string) => {
      if (rootRef.current) focusQuestion(rootRef.current, name, controlId(name));
    },
    [controlId],
  );

  const visible = useVisibleQuestions(store, form, visibleFns);
  useValuesChange(store, onValuesChange);
  useServerErrors(store, form, serverErrors, focusField);
  useFocusFirstInvalid(store, form, visible, focusField);
  const blurField = useBlurField(store, rootRef);
  const isSubmitting = useStoreValue(store, (state) => state.isSubmitting);

  const state = useMemo<RendererState>(
    () => ({ mode, visible, controlId, focusField, store, blurField, defaultCountry, highlightUnchanged }),
    [mode, visible, controlId, focusField, store, blurField, defaultCountry, highlightUnchanged],
  );

  const onSubmitEvent = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    store.submit().catch((reason: unknown) => {
      // The caller's onSubmit failed: the form stays as it is, for the candidate to try again.
      console.warn('The form’s onSubmit failed.', reason);
    });
  };
  const onReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    store.reset();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a one-line input does not submit (docs/product/forms-toolkit.md#validation); a textarea keeps its
    // new line, a button its click.
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
        {/*
          action="#": iOS shows its keyboard's Go key only for a form with an action; submitting never navigates. The
          key handler only stops the inputs' implicit submission on Enter (delegated): the form itself is no control.
        */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <form
          ref={rootRef}
          action="#"
          className="cw-form"
          noValidate
          onSubmit={onSubmitEvent}
          onReset={onReset}
          onKeyDown={onKeyDown}
          aria-label={form.title}
        >
          {layout}
        </form>
      </DynamicListContext.Provider>
    </RendererContext.Provider>
  );
}
