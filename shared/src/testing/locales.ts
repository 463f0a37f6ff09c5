/**
 * Walking a widget's locale files (nested JSON of texts), to compare languages key by key.
 * Test-only: nothing in the product imports this folder.
 */

export type LocaleTree = { [key: string]: string | LocaleTree };

/** Every text as [dotted key, text], in file order. */
export function localeEntries(tree: LocaleTree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]): Array<[string, string]> =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : localeEntries(v, `${prefix}${k}.`),
  );
}

/** Every dotted key, in file order. */
export const localeKeys = (tree: LocaleTree): string[] => localeEntries(tree).map(([key]) => key);

/** Every text, in file order. */
export const localeValues = (tree: LocaleTree): string[] => localeEntries(tree).map(([, text]) => text);

/** The sorted keys without their plural suffixes (plural forms differ by language). */
export const baseLocaleKeys = (tree: LocaleTree): string[] =>
  [...new Set(localeKeys(tree).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
