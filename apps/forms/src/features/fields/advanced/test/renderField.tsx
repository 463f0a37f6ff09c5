/** Test support for the advanced fields: a field of a type inside a small Formik form, with the widget's texts. */
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Formik, useFormikContext, getIn } from 'formik';
import { i18n } from '@careers/shared';
import { formRulesEnglish, FORM_RULES_NAMESPACE } from '@careers/shared/forms';
import { renderWithStore, setupWidgetI18n } from '@careers/shared/testing';
import type { FormItem } from '@careers/shared/contract';
import en from '../../../../locales/en.json';
import { NAMESPACE } from '../../../forms/namespace';
import { DynamicListContext } from '../DynamicListContext';
import { advancedFieldTypes } from '../index';
import { FieldStateContext, type FieldState } from '../../../renderer/fieldState';
import { ItemCodeContext } from '../../../renderer/itemCode';
import { CallerLoads } from '../../../renderer/callerLoads';
import type { FormItemCodes } from '@careers/shared/forms';

export async function setupTexts() {
  await setupWidgetI18n(NAMESPACE, en, (lng) => import(`../../../../locales/${lng}.json`));
  i18n.addResourceBundle('en', FORM_RULES_NAMESPACE, formRulesEnglish, true, true);
}

/** Hands the form's current values to the test. */
function ValueProbe({ probe }: { probe: (values: Record<string, unknown>) => void }) {
  const { values } = useFormikContext<Record<string, unknown>>();
  probe(values);
  return null;
}

/** One question's control with its label, its state taken from the surrounding Formik form. */
export function Field({ item, name, mode }: { item: FormItem; name: string; mode: 'edit' | 'view' }) {
  const formik = useFormikContext<Record<string, unknown>>();
  // The question's state as the renderer's frame gives it (here straight from Formik, without the memo).
  const state: FieldState = {
    value: getIn(formik.values, name),
    touched: !!getIn(formik.touched, name),
    dependencyValues: formik.values,
    setValue: (value, validate) => formik.setFieldValue(name, value, validate),
    setTouched: (touched, validate) => formik.setFieldTouched(name, touched, validate),
    blur: (committed) => {
      if (committed !== undefined) void formik.setFieldValue(name, committed, false);
      void formik.setFieldTouched(name, true, true);
    },
  };
  const type = advancedFieldTypes[item.type];
  if (!type) return null;
  const Control = type.component;
  const id = `f-${name.replace(/\./g, '-')}`;
  return (
    <div>
      {!type.display &&
        (type.group ? <span id={`${id}-legend`}>{item.label}</span> : <label htmlFor={id}>{item.label}</label>)}
      <FieldStateContext.Provider value={state}>
        <Control item={item} name={name} mode={mode} id={id} describedBy={undefined} invalid={false} />
      </FieldStateContext.Provider>
    </div>
  );
}

/**
 * Renders one item (and a plain renderer for dynamic list entries) in a Formik form, with the renderer's
 * code-defined item parts (`itemCode`); in `container` when given (a mount point inside a shadow root, as the widgets
 * have).
 */
export function renderField(
  item: FormItem,
  {
    mode = 'edit',
    initialValues = {},
    itemCode = {},
  }: { mode?: 'edit' | 'view'; initialValues?: Record<string, unknown>; itemCode?: FormItemCodes } = {},
  extra?: ReactNode,
  container?: HTMLElement,
) {
  // The form's values after the last render.
  let latest: Record<string, unknown> = initialValues;
  const renderItem = (sub: FormItem, name: string) => <Field item={sub} name={name} mode={mode} />;
  const form = (
    <ItemCodeContext.Provider value={{ codes: itemCode, loads: new CallerLoads() }}>
      <Formik initialValues={initialValues} onSubmit={() => undefined}>
        <DynamicListContext.Provider value={renderItem}>
          <form>
            <Field item={item} name={item.name} mode={mode} />
            {extra}
            <ValueProbe probe={(values) => (latest = values)} />
          </form>
        </DynamicListContext.Provider>
      </Formik>
    </ItemCodeContext.Provider>
  );
  // The store and the texts reach a portal's content as they reach the widgets inside their shadow roots.
  const result = renderWithStore(container ? createPortal(form, container) : form);
  return { ...result, value: (name: string = item.name) => getIn(latest, name) as unknown };
}
