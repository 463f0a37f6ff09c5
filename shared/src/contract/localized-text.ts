/**
 * An employer's own texts in several languages (docs/product/languages.md#content-in-the-language): wherever its
 * configuration or a form definition has a text, it may give an object of language tags instead,
 * `{ "en": "Team", "fr-CA": "Équipe" }`. Before anything reads the configuration, each such object becomes the text of
 * one language.
 */
import { SOURCE_LANGUAGE, languageInfo } from './languages';

/** A tag a language map may use: a shipped tag (any case), or `en-US` for `en`. */
function mapTag(key: string): string | null {
  if (key.toLowerCase() === 'en-us') return SOURCE_LANGUAGE;
  const info = languageInfo(key);
  return info && info.tag.toLowerCase() === key.replace(/_/g, '-').toLowerCase() ? info.tag : null;
}

/** Whether a value is a language map: an object whose keys are all shipped language tags and values all texts. */
export function isLanguageMap(value: unknown): value is Readonly<Record<string, string>> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([key, text]) => typeof text === 'string' && mapTag(key) !== null);
}

/** The text of a language map for `language`: its own, else the employer's default language's, else English's, else the first. */
function pick(map: Readonly<Record<string, string>>, language: string, defaultLanguage: string): string {
  const byTag = new Map(Object.entries(map).map(([key, text]) => [mapTag(key), text]));
  return byTag.get(language) ?? byTag.get(defaultLanguage) ?? byTag.get(SOURCE_LANGUAGE) ?? Object.values(map)[0]!;
}

/** `value` with every language map in it replaced by its text for `language` (a new value; `value` is not changed). */
export function localizeTexts<T>(value: T, language: string, defaultLanguage: string): T {
  const walk = (node: unknown, depth: number): unknown => {
    // Configurations and forms are bounded by their schemas; the depth limit only guards against a cycle.
    if (depth > 64 || node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    if (isLanguageMap(node)) return pick(node, language, defaultLanguage);
    return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, depth + 1)]));
  };
  return walk(value, 0) as T;
}

/** Every language a value's language maps name (shipped tags), for checking each language's version of it. */
export function mapLanguages(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    if (isLanguageMap(node)) {
      for (const key of Object.keys(node)) found.add(mapTag(key)!);
      return;
    }
    for (const item of Object.values(node)) walk(item, depth + 1);
  };
  walk(value, 0);
  return [...found];
}
