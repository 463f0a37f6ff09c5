import type { FormDefinition, FormItem } from '../forms';

/**
 * The `regex` rule's checks, a plug-in like the phone checks (phone-rules.ts): an employer's pattern runs in RE2
 * (re2js, a linear-time engine: no input can make it backtrack), 45 KB gzip that a browser loads only for a
 * form with a regex rule (`loadRegexRules()` of `@careers/shared/forms`). The server installs them at start (the
 * contract's form-rules), so the browser and the server run the same engine on the same pattern and agree.
 */
export interface RegexRules {
  /**
   * Whether the text matches the rule's pattern ("/pattern/flags", or the pattern alone); null when the pattern is
   * not one the engine runs (a syntax error, a backreference, a lookaround, an unknown flag, too large).
   */
  test(ruleValue: unknown, text: string): boolean | null;
}

let installed: RegexRules | null = null;

export function installRegexRules(rules: RegexRules): void {
  installed = rules;
}

export function regexRulesInstalled(): boolean {
  return installed !== null;
}

/** The installed regex checks; a regex rule checked without them is a programming error, not a pass. */
export function regexRules(): RegexRules {
  if (!installed) {
    throw new Error('The regex rules are not loaded: await loadRegexRules() before checking a form with a regex rule.');
  }
  return installed;
}

const hasRegexRule = (items: readonly FormItem[] | undefined): boolean =>
  (items ?? []).some((item) => (item.rules ?? []).some((rule) => rule.type === 'regex') || hasRegexRule(item.items));

/** Whether a question of the form, or of one of its dynamic lists, has a regex rule (then it needs the regex checks). */
export const formHasRegexRule = (form: FormDefinition): boolean =>
  form.sections.some((section) => hasRegexRule(section.items));
