import { FORM_LIMITS, FORM_RULES_NAMESPACE } from '../form-constants';

/**
 * A validation outcome, ready to translate: `key` is an i18next key of the `formRules` namespace
 * (FORM_RULES_NAMESPACE), `values` its interpolation (`count` picks the plural form), `text` a rule's own message,
 * which wins over the key.
 */
export interface RuleMessage {
  key: string;
  values?: Record<string, string | number>;
  text?: string;
}

/** The part of i18next's `t` the rule engine needs (a widget's `t`, or the server's `i18next.getFixedT(lng)`). */
export type TranslateLike = (key: string, options?: Record<string, unknown>) => string;

export const message = (key: string, values?: Record<string, string | number>): RuleMessage =>
  values ? { key, values } : { key };

/**
 * The text of a message in the caller's language. The result is plain text (interpolated values such as file
 * names are not HTML-escaped, the same in the browser and on the server): show it as text, never as HTML.
 */
export function formatRuleMessage(ruleMessage: RuleMessage, t: TranslateLike): string {
  if (ruleMessage.text !== undefined) return ruleMessage.text;
  return t(ruleMessage.key, {
    ...ruleMessage.values,
    ns: FORM_RULES_NAMESPACE,
    interpolation: { escapeValue: false },
  });
}

/**
 * The label without its trailing punctuation and spaces ("Your name:" -> "Your name"). A loop from the end: the
 * pattern `/[\s.:?!*]+$/` tried again from every run of punctuation inside the label (quadratic in its length).
 */
function withoutTrailingPunctuation(label: string): string {
  let end = label.length;
  while (end > 0 && /[\s.:?!*]/.test(label[end - 1]!)) end -= 1;
  return label.slice(0, end);
}

/**
 * The required message (docs/product/forms-toolkit.md#required): "{{name}} is required" with the label's trailing
 * punctuation removed, or "This field is required" when there is no label or the label (so cleaned) is longer than 30
 * characters.
 */
export function requiredMessage(label: string | undefined): RuleMessage {
  const name = withoutTrailingPunctuation((label ?? '').trim());
  if (!name || Array.from(name).length > FORM_LIMITS.requiredLabelMax) return message('validation.requiredGeneric');
  return message('validation.required', { name });
}
