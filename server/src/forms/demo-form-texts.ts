/**
 * The demo employer's forms in every interface language, as a real employer may give them
 * (docs/product/languages.md#content-in-the-language): each text of a demo form becomes a language map whose texts
 * come from the server catalogues' `demo.forms` keys, so the demo's labels, and the validation messages that name
 * them, read in the page's language.
 */
import type { FormDefinition } from '../contract';
import { SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from '../contract';
import { translator } from '../i18n';

/** The properties of a form, section, item or choice that hold a text for the candidate. */
const TEXT_PROPERTIES = new Set([
  'title',
  'description',
  'label',
  'help',
  'addButtonText',
  'itemTitle',
  'placeholder',
  'message',
]);

/** Each text of the form with its catalogue key (`demo.forms.<form>.<section>.<item>…<property>`). */
export function demoFormTexts(formKey: string, form: FormDefinition): Array<{ key: string; text: string }> {
  const found: Array<{ key: string; text: string }> = [];
  walk(form, `demo.forms.${formKey}`, (key, text) => {
    found.push({ key, text });
    return text;
  });
  return found;
}

/**
 * A demo text as a language map of every shipped language whose catalogue says it otherwise (`key` in the server
 * catalogues), or the English as it is when none does.
 */
export function demoTextInEveryLanguage(key: string, english: string): string | Record<string, string> {
  const map: Record<string, string> = { [SOURCE_LANGUAGE]: english };
  for (const tag of SHIPPED_LANGUAGES) {
    const text = translator(tag)(key);
    if (text !== key && text !== english) map[tag] = text;
  }
  return Object.keys(map).length > 1 ? map : english;
}

/** The form with each of its texts as a language map of every shipped language that says it otherwise. */
export function withDemoLanguages(formKey: string, form: FormDefinition): FormDefinition {
  return walk(form, `demo.forms.${formKey}`, demoTextInEveryLanguage) as FormDefinition;
}

/** A part's name in a key: a section's id, an item's name, a choice's value, else its index. */
function partName(part: unknown, index: number): string {
  if (part && typeof part === 'object') {
    const named = part as { id?: unknown; name?: unknown; value?: unknown };
    for (const name of [named.id, named.name, named.value]) if (typeof name === 'string') return name;
  }
  return String(index);
}

function walk(node: unknown, key: string, text: (key: string, text: string) => unknown): unknown {
  if (Array.isArray(node)) return node.map((part, index) => walk(part, `${key}.${partName(part, index)}`, text));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([property, value]) => {
      if (typeof value === 'string' && TEXT_PROPERTIES.has(property))
        return [property, text(`${key}.${property}`, value)];
      return [
        property,
        walk(
          value,
          property === 'sections' || property === 'items' || property === 'choices' || property === 'rules'
            ? key
            : `${key}.${property}`,
          text,
        ),
      ];
    }),
  );
}
