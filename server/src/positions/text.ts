/** Text helpers of job search: keys for matching, words of a query, and each engine's query syntax. */

/** Lower case, diacritics removed, spaces collapsed: how names and terms are compared ("Montréal" = "montreal"). */
export function textKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of a typed query: letters and digits only (every other character separates words), at most 12. */
export function queryWords(query: string): string[] {
  return (textKey(query).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/**
 * FTS5 query: every word (quoted), the last one also as a prefix (the candidate is still typing it). A word marked
 * in `notInDescription` (the employer's boilerplate, see boilerplate.ts) must match in the title, skills or
 * department: FTS5's column filter binds to that one phrase only.
 */
export function fts5Query(words: string[], notInDescription: readonly boolean[] = []): string {
  return words
    .map((word, index) => {
      const phrase = `"${word}"${index === words.length - 1 ? '*' : ''}`;
      return notInDescription[index] ? `{title skills department} : ${phrase}` : phrase;
    })
    .join(' ');
}

/**
 * PostgreSQL `to_tsquery` text: every word ANDed, the last one as a prefix. Words are letters and digits only. A
 * word marked in `notInDescription` is limited to the weights A (title) and B (skills, department): the
 * description is weight C (migration 0005).
 */
export function tsQuery(words: string[], notInDescription: readonly boolean[] = []): string {
  return words
    .map((word, index) => {
      const prefix = index === words.length - 1 ? '*' : '';
      return notInDescription[index] ? `${word}:${prefix}AB` : prefix ? `${word}:*` : word;
    })
    .join(' & ');
}

/** FTS5 query of one word in the description only (a prefix when `prefix`): how often the employer says it. */
export function fts5DescriptionQuery(word: string, prefix: boolean): string {
  return `description : "${word}"${prefix ? '*' : ''}`;
}

/** `to_tsquery` text of one word in the description only (weight C), a prefix when `prefix`. */
export function tsDescriptionQuery(word: string, prefix: boolean): string {
  return `${word}:${prefix ? '*' : ''}C`;
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
