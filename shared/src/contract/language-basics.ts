/**
 * What every widget needs to know about languages at first load, without the list of 42 (./languages.ts, which the
 * server and the tests read; the language menus get the offered languages' names from the starting data, so their
 * names are not in the widgets' first-load JS: docs/product/languages.md#choosing-the-language).
 */

/** English is the source language and the last fallback of every other. */
export const SOURCE_LANGUAGE = 'en';

/**
 * Writing direction of a tag's interface: `rtl` for Arabic and Hebrew (the shipped right-to-left languages, with
 * their pseudo-locale `ar-XB`) and for Persian and Urdu, `ltr` for anything else. languages.test.ts checks that it
 * agrees with every shipped language's `dir`.
 */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  return /^(ar|he|iw|fa|ur)(?:[-_]|$)/i.test(tag) ? 'rtl' : 'ltr';
}
