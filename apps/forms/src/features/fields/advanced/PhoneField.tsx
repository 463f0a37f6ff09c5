import { useContext, useMemo, useState } from 'react';
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { Input, Select } from '@careers/shared';
import { phoneCountry } from '@careers/shared/forms/phone';
import { RendererContext } from '../../renderer/context';
import { useFieldState } from '../../renderer/fieldState';
import type { FieldProps } from '../../renderer/types';
import { countryName, useFieldTexts } from './common';

declare global {
  interface Window {
    /**
     * The page's default phone country (ISO 3166-1 alpha-2, "CA"): the country a phone question starts on when its
     * value does not name one. Set by the embedding page before the widgets start; "US" when absent.
     */
    careersPhoneCountry?: unknown;
  }
}

/**
 * The default phone country: `window.careersPhoneCountry` when it is a string, else US
 * (docs/product/forms-toolkit.md#phone).
 */
function defaultPhoneCountry(): string | undefined {
  const setting = typeof window === 'undefined' ? undefined : window.careersPhoneCountry;
  return typeof setting === 'string' ? setting : undefined;
}

/** The value: "+<calling code><number>", with the number's spaces, dots, dashes and parentheses dropped; '' without a number. */
function phoneValue(country: string, number: string): string {
  const national = number.replace(/[\s().-]/g, '');
  if (!national) return '';
  return `+${getCountryCallingCode(country as CountryCode)}${national}`;
}

/** The country and the number a value holds; `fallback` when the value names no country. */
function splitValue(value: string, fallback: string | undefined): { country: string; number: string } {
  const country = phoneCountry(value, fallback);
  const code = getCountryCallingCode(country as CountryCode);
  const number = value.startsWith(`+${code}`) ? value.slice(code.length + 1) : value.replace(/^\+/, '');
  return { country, number };
}

/**
 * Phone with country (docs/product/forms-toolkit.md#phone): a country select (names in the page language, calling code
 * shown) and the national number. The value is the calling code plus the number, "+14165550123"; the country is
 * inferred from the value, else the renderer's `defaultCountry`, else the page's default
 * (`window.careersPhoneCountry`), else US. The frame's label names the number input; the select has its own name
 * ("Country code").
 */
export function PhoneField({ item, name, mode, id, describedBy, invalid }: FieldProps) {
  const { t, language } = useFieldTexts();
  const field = useFieldState<string | undefined>();
  const value = typeof field.value === 'string' ? field.value : '';
  // The renderer's `defaultCountry` first (outside a renderer, in the fields' own tests, there is none), then the
  // window's setting; `phoneCountry` falls back to US.
  const fallback = useContext(RendererContext)?.defaultCountry ?? defaultPhoneCountry();
  const [state, setState] = useState(() => ({ ...splitValue(value, fallback), value }));
  if (value !== state.value) {
    // Changed from outside (initial values, a reset, a server answer): follow it.
    setState({ ...splitValue(value, fallback), value });
  }

  // The options are many (about 245) and do not change while typing: built once per language.
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return getCountries()
      .map((code) => ({ code, label: countryName(code, language), callingCode: getCountryCallingCode(code) }))
      .sort((a, b) => collator.compare(a.label, b.label))
      .map((country) => (
        <option key={country.code} value={country.code}>
          {t('fields.phone.countryOption', { country: country.label, code: country.callingCode })}
        </option>
      ));
  }, [language, t]);

  if (mode === 'view') {
    const formatted = value ? (parsePhoneNumberFromString(value)?.formatInternational() ?? value) : '';
    return (
      <p id={id} className="cw-forms-view-value">
        {formatted || t('fields.empty')}
      </p>
    );
  }

  const update = (country: string, number: string) => {
    const next = phoneValue(country, number);
    setState({ country, number, value: next });
    void field.setValue(next, false);
  };
  const disabled = item.disabled || item.readonly;

  return (
    <div className="cw-forms-phone">
      <Select
        className="cw-forms-phone__country"
        aria-label={t('fields.phone.country')}
        aria-describedby={describedBy}
        value={state.country}
        disabled={disabled}
        autoComplete="tel-country-code"
        onChange={(event) => update(event.currentTarget.value, state.number)}
        onBlur={() => field.blur()}
      >
        {options}
      </Select>
      <Input
        id={id}
        name={name}
        // A text input with the phone keypad: `tel-national` (the number without its country code, which the select
        // beside it takes as `tel-country-code`) belongs to HTML's text control group, and is invalid on type=tel,
        // which only takes `tel` (the whole number, calling code included, which this input does not hold).
        type="text"
        inputMode="tel"
        autoComplete="tel-national"
        className="cw-forms-phone__number"
        value={state.number}
        placeholder={item.placeholder}
        disabled={item.disabled}
        readOnly={item.readonly}
        required={item.required}
        aria-required={item.required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => update(state.country, event.currentTarget.value)}
        // The number the input holds now (a keyboard may still have been composing it): decision 015.
        onBlur={(event) => {
          const number = event.currentTarget.value;
          if (number !== state.number)
            setState({ country: state.country, number, value: phoneValue(state.country, number) });
          field.blur(phoneValue(state.country, number));
        }}
      />
    </div>
  );
}
