import { useEffect, useMemo, useState } from 'react';
import {
  useTranslation,
  CheckboxField,
  Field,
  LoadingState,
  notify,
  RemoteFormRenderer,
  Select,
} from '@careers/shared';
import type { FormDefinition, FormItem } from '@careers/shared/contract';
import type { FormAdminOptions } from '@careers/shared/forms';
import { NAMESPACE } from '../namespace';
import { Section } from '../components/Section';
import {
  SAMPLE_LAYOUTS,
  SAMPLE_MODES,
  sampleErrors,
  sampleForm,
  sampleValues,
  type SampleLayout,
  type SampleMode,
} from './sampleForm';

const isLayout = (value: string): value is SampleLayout => (SAMPLE_LAYOUTS as readonly string[]).includes(value);
const isMode = (value: string): value is SampleMode => (SAMPLE_MODES as readonly string[]).includes(value);

/**
 * The forms toolkit: its renderer, loaded from the forms widget at run time (as every widget gets it), drawing the
 * catalogue's sample form (every question type) in the layout and mode picked, with an example error on every
 * question on request. The admin layout in edit mode has its question actions (the changed form is kept here).
 */
export function FormsSection() {
  const { t } = useTranslation(NAMESPACE);
  const [layout, setLayout] = useState<SampleLayout>('simple');
  const [mode, setMode] = useState<SampleMode>('edit');
  const [showErrors, setShowErrors] = useState(false);
  const [edited, setEdited] = useState<FormDefinition | null>(null);

  const sample = useMemo(() => sampleForm(t, layout), [t, layout]);
  // The admin layout's changes last until another layout or language is picked.
  useEffect(() => setEdited(null), [sample]);
  const form = layout === 'admin' && edited ? edited : sample;
  const values = useMemo(() => sampleValues(t), [t]);
  const serverErrors = useMemo(
    () => (mode === 'edit' && showErrors ? sampleErrors(t, form) : undefined),
    [mode, showErrors, t, form],
  );
  const admin = useMemo<FormAdminOptions | undefined>(
    () =>
      layout === 'admin'
        ? {
            editMode: mode === 'edit',
            onChange: setEdited,
            onEdit: (item: FormItem) => notify.info(t('formsSection.editQuestion', { label: item.label ?? item.name })),
          }
        : undefined,
    [layout, mode, t],
  );

  return (
    <Section title={t('formsSection.title')}>
      <p className="cw-catalogue-forms__intro">{t('formsSection.intro')}</p>
      <div className="cw-catalogue-controls" role="group" aria-label={t('formsSection.controls')}>
        <Field label={t('formsSection.layout')}>
          {(control) => (
            <Select
              {...control}
              value={layout}
              onChange={(event) => isLayout(event.target.value) && setLayout(event.target.value)}
            >
              {SAMPLE_LAYOUTS.map((name) => (
                <option key={name} value={name}>
                  {t(`formsSection.layouts.${name}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('formsSection.mode')}>
          {(control) => (
            <Select
              {...control}
              value={mode}
              onChange={(event) => isMode(event.target.value) && setMode(event.target.value)}
            >
              {SAMPLE_MODES.map((name) => (
                <option key={name} value={name}>
                  {t(`formsSection.modes.${name}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <CheckboxField
          label={t('formsSection.showErrors')}
          help={t('formsSection.showErrorsHelp')}
          checked={showErrors}
          disabled={mode === 'view'}
          onChange={(event) => setShowErrors(event.target.checked)}
        />
      </div>
      <div className="cw-catalogue-forms" data-layout={layout} data-mode={mode}>
        <RemoteFormRenderer
          loading={<LoadingState label={t('formsSection.loading')} />}
          key={`${layout}-${mode}`}
          form={form}
          mode={mode}
          initialValues={values}
          serverErrors={serverErrors}
          admin={admin}
          submitLabel={t('formsSection.submit')}
          onSubmit={() => {
            notify.success(t('formsSection.submitted'));
          }}
        />
      </div>
    </Section>
  );
}
