/** `{{`, then at least one non-space character among characters that are not braces, then `}}`, and nothing else. */
const SINGLE_PLACEHOLDER = /^\{\{(?=[^{}]*[^{}\s])[^{}]*\}\}$/;

/**
 * Tells whether `text` is exactly one template placeholder: double curly braces around a name with no braces.
 *
 * - Yes: `{{first_name}}`, `{{ first_name }}` (spaces inside the braces are part of the placeholder).
 * - No: `{{a}} {{b}}` (two placeholders), `{{}}` and `{{  }}` (no name), `{{a{b}}` (brace inside),
 *   `x{{a}}` or `{{a}}x` (other text).
 * - Surrounding whitespace is not allowed: ` {{a}}` and `{{a}}\n` are not template variables. Trim first if the
 *   text comes from free input.
 * - Anything that is not a string gives `false`.
 */
export function isTemplateVariable(text: unknown): boolean {
  return typeof text === 'string' && SINGLE_PLACEHOLDER.test(text);
}
