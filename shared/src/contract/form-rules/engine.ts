/**
 * The forms toolkit's rule engine (docs/product/forms-toolkit.md#validation): plain TypeScript shared by the browser
 * and the server, so the server refuses what the browser would, with the same messages. Messages are i18next keys of
 * the `formRules` namespace (FORM_RULES_NAMESPACE): English bundled (`formRulesEnglish`), every other language loaded
 * when used (`loadFormRulesLocale`; the server reads them all). The
 * phone checks and the regex checks are plug-ins (phone-rules.ts, regex-rules.ts): `./index` installs them (the
 * server), a browser loads them for forms that need them.
 */
import en from './locales/en.json';
import { fetchLocale } from '../../i18n/localeFiles';

export { type RuleMessage, type TranslateLike, formatRuleMessage, requiredMessage } from './messages';
export { isEmptyValue } from './values';
export { isItemVisible, formItems } from './visibility';
export { type RuleContext, validateItem, validateForm } from './validate';
export { formatIdNumber } from './text';
export {
  formNeedsPhoneRules,
  installPhoneRules,
  phoneRulesInstalled,
  toE164,
  type PhoneRules,
  type StrictPhoneOptions,
} from './phone-rules';
export { EMAIL_MAX_LENGTH, isEmail, type EmailStrictness } from './email';
export { formHasRegexRule, installRegexRules, regexRulesInstalled, type RegexRules } from './regex-rules';

/** The English texts of the `formRules` namespace: the source and the fallback of every language. */
export const formRulesEnglish: Record<string, unknown> = en;

/** A language's texts of the `formRules` namespace, downloaded only when the page uses it. */
export async function loadFormRulesLocale(language: string): Promise<Record<string, unknown>> {
  // In a browser bundle, a file beside it (shared/src/i18n/localeFiles.ts); under Jest, the module.
  if (typeof __CAREERS_LOCALES__ === 'string')
    return (await fetchLocale(
      new URL(`locales/${__CAREERS_LOCALES__}/formRules/${language}.json`, __webpack_public_path__),
    )) as Record<string, unknown>;
  const mod = (await import(`./locales/${language}.json`)) as { default: Record<string, unknown> };
  return mod.default;
}
