/** Test support for the renderer's tests: i18n with the widget's and the rule engine's texts, rendering a form. */
import { renderWithStore, setupWidgetI18n } from '@careers/shared/testing';
import en from '../../locales/en.json';
import { NAMESPACE } from '../forms/namespace';
import type { FormRendererProps } from '@careers/shared/forms';
import { FormRenderer } from './FormRenderer';
import { prepareFormTexts } from './formTexts';

export async function setupFormsI18n(language = 'en') {
  await setupWidgetI18n(NAMESPACE, en, (lng) => import(`../../locales/${lng}.json`), {
    language,
    prepare: prepareFormTexts,
  });
}

/** Renders a form with a store (option loading) and i18n; `onSubmit` is a jest mock unless given. */
export function renderForm(props: Partial<FormRendererProps> & Pick<FormRendererProps, 'form'>) {
  const onSubmit = props.onSubmit ?? jest.fn();
  const result = renderWithStore(<FormRenderer {...props} onSubmit={onSubmit} />);
  const rerender = (next: Partial<FormRendererProps>) =>
    result.rerender(<FormRenderer {...props} {...next} onSubmit={onSubmit} />);
  return { ...result, onSubmit: onSubmit as jest.Mock, rerenderForm: rerender };
}
