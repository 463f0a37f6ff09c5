import { registerNamespace } from '@careers/shared';
import { formRulesResources, FORM_RULES_NAMESPACE } from '@careers/shared/forms';

/**
 * Registers the rule engine's namespace (validation messages and the toolkit's shared texts) with the page's i18n:
 * English at once, French when the page is in French (the other languages fall back to English).
 */
export function prepareFormTexts(): Promise<void> {
  return registerNamespace(FORM_RULES_NAMESPACE, formRulesResources.en, async (language) =>
    language === 'fr-CA' ? formRulesResources['fr-CA'] : {},
  );
}
