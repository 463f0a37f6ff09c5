import { useTranslation, CheckboxField, Field, Input, Select, Textarea } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { ForcedFocus, Row, Section } from './Section';

/** Field around each kind of control, and the checkbox field, in every state. */
export function FieldsSection() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Section title={t('fields.title')}>
      <div className="cw-catalogue-grid">
        <Field label={t('fields.name')} help={t('fields.nameHelp')} required>
          {(control) => <Input {...control} autoComplete="off" defaultValue="Ada Lovelace" />}
        </Field>
        <Field label={t('fields.email')} error={t('fields.emailError')} required>
          {(control) => <Input {...control} type="email" autoComplete="off" defaultValue="ada@" />}
        </Field>
        <Field label={t('fields.city')}>
          {(control) => (
            <ForcedFocus>
              <Input {...control} autoComplete="off" defaultValue="Montréal" />
            </ForcedFocus>
          )}
        </Field>
        <Field label={t('fields.cityDisabled')}>
          {(control) => <Input {...control} disabled defaultValue="Québec" />}
        </Field>
        <Field label={t('fields.country')}>
          {(control) => (
            <Select {...control} defaultValue="ca">
              <option value="ca">{t('fields.countries.ca')}</option>
              <option value="us">{t('fields.countries.us')}</option>
              <option value="fr">{t('fields.countries.fr')}</option>
            </Select>
          )}
        </Field>
        <Field label={t('fields.message')} help={t('fields.messageHelp')}>
          {(control) => <Textarea {...control} maxLength={500} />}
        </Field>
      </div>
      <Row title={t('states.default')}>
        <CheckboxField label={t('fields.updates')} defaultChecked />
      </Row>
      <Row title={t('states.error')}>
        <CheckboxField label={t('fields.terms')} error={t('fields.termsError')} required />
      </Row>
      <Row title={t('states.disabled')}>
        <CheckboxField label={t('fields.updates')} disabled />
      </Row>
    </Section>
  );
}
