import { FORM_RULES_NAMESPACE } from '@careers/shared/forms';

/** Keys of the shared texts of the rule engine's namespace (`formRules`) the renderer and basic fields show. */
export const RULE_TEXTS = {
  ns: FORM_RULES_NAMESPACE,
  newTag: 'texts.new',
  notApplicable: 'texts.notApplicable',
  errorsFound: 'texts.errorsFound',
  newQuestions: 'texts.newQuestions',
  currentlyInRole: 'texts.currentlyInRole',
} as const;
