/** Text helpers of job search: keys for matching, words of a query, and each engine's query syntax. */

/** Lower case, diacritics removed, spaces collapsed: how names and terms are compared ("Montréal" = "montreal"). */
export function textKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a typed query: letters and digits only (every other character separates words), at most 12. */
export function queryWords(query: string): string[] {
  return (textKey(query).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** FTS5 query: every word (quoted), the last one also as a prefix (the candidate is still typing it). */
export function fts5Query(words: string[]): string {
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}

/** PostgreSQL `to_tsquery` text: every word ANDed, the last one as a prefix. Words are letters and digits only. */
export function tsQuery(words: string[]): string {
  return words.map((word, index) => `${word}${index === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** The description as plain text, for the SQLite index (PostgreSQL's parser skips tags by itself). */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/**
 * The search-term keys of a title or skill: the key of every word-start suffix, so that "eng" finds "Software
 * Engineer" ("software engineer", "engineer").
 */
export function termKeys(term: string): string[] {
  const words = textKey(term).split(' ').filter(Boolean);
  return [...new Set(words.map((_word, index) => words.slice(index).join(' ')))];
}

/** The first text after every text starting with `prefix` (for a B-tree range: key >= prefix and key < this). */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return chars.join('') + String.fromCodePoint(last + 1);
}
