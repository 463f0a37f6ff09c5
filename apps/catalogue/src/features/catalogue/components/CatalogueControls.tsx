import { useState } from 'react';
import { useTranslation, Field, i18n, Select, selectBoot, useAppSelector, useShadowRoot } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { applyTheme, THEME_NAMES, type ThemeName } from '../themes';

const isTheme = (value: string): value is ThemeName => (THEME_NAMES as readonly string[]).includes(value);

/**
 * The theme switcher (sets the documented theme properties on the widget's host element) and the language switcher
 * (the page's one i18next instance: every widget on the page switches, each loading its texts on demand).
 */
export function CatalogueControls() {
  const { t, i18n: bound } = useTranslation(NAMESPACE);
  const shadowRoot = useShadowRoot();
  const [theme, setTheme] = useState<ThemeName>('default');
  const language = bound.resolvedLanguage ?? bound.language;
  // The employer's languages, named in themselves by the starting data (docs/product/languages.md).
  const boot = useAppSelector(selectBoot);
  const supportedLanguages = boot?.supportedLanguages ?? [language];
  const languageNames = boot?.languageNames ?? {};

  const chooseTheme = (value: string) => {
    if (!isTheme(value)) return;
    setTheme(value);
    const host = shadowRoot?.host;
    if (host instanceof HTMLElement) applyTheme(host, value);
  };

  const chooseLanguage = async (value: string) => {
    await i18n.changeLanguage(value);
    await i18n.loadNamespaces(['common', NAMESPACE]);
  };

  return (
    <div className="cw-catalogue-controls" role="group" aria-label={t('controls.label')}>
      <Field label={t('controls.theme')} help={t('controls.themeHelp')}>
        {(control) => (
          <Select {...control} value={theme} onChange={(event) => chooseTheme(event.target.value)}>
            {THEME_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(`controls.themes.${name}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('controls.language')}>
        {(control) => (
          <Select {...control} value={language} onChange={(event) => void chooseLanguage(event.target.value)}>
            {supportedLanguages.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {languageNames[lng] ?? lng}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
