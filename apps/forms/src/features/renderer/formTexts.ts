import { registerNamespace } from '@careers/shared';
import { formRulesEnglish, FORM_RULES_NAMESPACE, loadFormRulesLocale } from '@careers/shared/forms';

/**
 * Registers the rule engine's namespace (validation messages and the toolkit's shared texts) with the page's i18n:
 * English at once, the page's language when it is another (its own chunk).
 */
export function prepareFormTexts(): Promise<void> {
  return registerNamespace(FORM_RULES_NAMESPACE, formRulesEnglish, loadFormRulesLocale);
}
