/**
 * The forms toolkit's rule engine (docs/product/forms-toolkit.md#validation): plain TypeScript shared by the browser
 * and the server, so the server refuses what the browser would, with the same messages. Messages are i18next keys of
 * the `formRules` namespace (FORM_RULES_NAMESPACE); `formRulesResources` holds their English and French texts. The
 * phone checks and the regex checks are plug-ins (phone-rules.ts, regex-rules.ts): `./index` installs them (the
 * server), a browser loads them for forms that need them.
 */
import en from './locales/en.json';
import frCA from './locales/fr-CA.json';

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

/** The texts of the `formRules` namespace, by language (English is the source and the fallback). */
export const formRulesResources: { en: Record<string, unknown>; 'fr-CA': Record<string, unknown> } = {
  en,
  'fr-CA': frCA,
};
