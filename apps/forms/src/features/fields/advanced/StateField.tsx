import { useEffect, useState } from 'react';
import { getIn } from 'formik';
import { Select } from '@careers/shared';
import { useFieldState } from '../../renderer/fieldState';
import type { FieldProps } from '../../renderer/types';
import { useFieldTexts } from './common';
import { loadSubdivisions, type Subdivision } from './regions';

type Loaded = { country: string; subdivisions: Subdivision[] } | { country: string; failed: true };

/** The subdivisions of `country`, loaded on demand (null while loading or without a country). */
function useSubdivisions(country: string, language: string): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!country) return undefined;
    let current = true;
    loadSubdivisions(country, language).then(
      (subdivisions) => current && setLoaded({ country, subdivisions }),
      () => current && setLoaded({ country, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [country, language]);
  return country && loaded?.country === country ? loaded : null;
}

/**
 * State (docs/product/forms-toolkit.md#question-types): the subdivisions of the country its first dependency names (ISO
 * 3166-2 codes, "CA-ON"), loaded when that country is known. Without a country the select is disabled ("Select a
 * country first"); a value that is not a subdivision of the loaded country is cleared
 * (docs/product/forms-toolkit.md#selects).
 */
export function StateField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t, language } = useFieldTexts();
  const field = useFieldState<string | undefined>();
  const dependency = item.dependencies?.[0];
  const countryValue: unknown = dependency ? getIn(field.dependencyValues, dependency) : undefined;
  const country = typeof countryValue === 'string' ? countryValue.toUpperCase() : '';
  const value = typeof field.value === 'string' ? field.value : '';
  const loaded = useSubdivisions(country, language);
  const subdivisions = loaded && 'subdivisions' in loaded ? loaded.subdivisions : null;

  const stale = mode === 'edit' && !!value && subdivisions !== null && !subdivisions.some((s) => s.code === value);
  useEffect(() => {
    if (stale) void field.setValue('', false);
  }, [stale, field]);

  if (mode === 'view') {
    const found = subdivisions?.find((s) => s.code === value);
    return (
      <p id={id} className="cw-forms-view-value">
        {value ? (found?.name ?? value) : t('fields.empty')}
      </p>
    );
  }

  const placeholder = !country
    ? t('fields.state.needCountry')
    : !loaded
      ? t('fields.state.loading')
      : 'failed' in loaded
        ? t('fields.state.failed')
        : subdivisions?.length
          ? item.placeholder || t('fields.state.placeholder')
          : t('fields.state.none');
  return (
    <Select
      id={id}
      name={name}
      value={subdivisions?.some((s) => s.code === value) ? value : ''}
      disabled={item.disabled || item.readonly || !subdivisions?.length}
      required={item.required}
      aria-required={item.required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-busy={(!!country && !loaded) || undefined}
      autoComplete="address-level1"
      onChange={(event) => void field.setValue(event.currentTarget.value, true)}
      onBlur={() => field.blur()}
    >
      <option value="">{placeholder}</option>
      {subdivisions?.map((subdivision) => (
        <option key={subdivision.code} value={subdivision.code}>
          {subdivision.name}
        </option>
      ))}
    </Select>
  );
}
