/**
 * Folding of place names for matching: what a person types ("montreal", "sao paulo", "st johns", "xian") finds
 * what the gazetteer spells ("Montréal", "São Paulo", "St. John's", "Xi’an").
 */

/** Letters that compatibility decomposition (NFKD) leaves whole but that people type as plain Latin letters. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

/**
 * Lower case, without accents (NFKD, combining marks removed), special letters spelled out, apostrophes and
 * ʻokina removed, and hyphens, dots, underscores and runs of spaces made one space. Scripts other than Latin keep
 * their letters (only their combining marks go), so a query in the same script still matches.
 */
export function foldName(text: string): string {
  // Plain ASCII (most names and queries) has nothing to decompose.
  const decomposed = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD');
  return decomposed
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(/['‘’ʼʻ`´]/g, '')
    .replace(/[\s\-‐‑–—_.]+/g, ' ')
    .trim();
}
