import { useMemo } from 'react';
import { Select } from '@careers/shared';
import { useFieldState } from '../../renderer/fieldState';
import type { FieldProps } from '../../renderer/types';
import { countryName, useFieldTexts } from './common';
import { COUNTRY_CODES } from './regions';

/**
 * Country (docs/product/forms-toolkit.md#question-types): a select of every country, named in the page language; the
 * value is ISO 3166-1 alpha-2.
 */
export function CountryField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t, language } = useFieldTexts();
  const field = useFieldState<string | undefined>();
  const value = typeof field.value === 'string' ? field.value : '';
  // Built once per language (about 250 options).
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ code, label: countryName(code, language) }))
      .sort((a, b) => collator.compare(a.label, b.label))
      .map((country) => (
        <option key={country.code} value={country.code}>
          {country.label}
        </option>
      ));
  }, [language]);

  if (mode === 'view') {
    return (
      <p id={id} className="cw-forms-view-value">
        {value ? countryName(value, language) : t('fields.empty')}
      </p>
    );
  }
  return (
    <Select
      id={id}
      name={name}
      value={value}
      disabled={item.disabled || item.readonly}
      required={item.required}
      aria-required={item.required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      autoComplete="country"
      onChange={(event) => void field.setValue(event.currentTarget.value, true)}
      onBlur={() => field.blur()}
    >
      <option value="">{item.placeholder || t('fields.country.placeholder')}</option>
      {options}
    </Select>
  );
}
