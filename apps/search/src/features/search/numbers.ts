/**
 * Number shortening (k above 1e3, M above 1e6, B above 1e9; docs/product/search.md#number-shortening) for counts drawn
 * where room is short: a map cluster's icon and a filter option's count. Intl's compact notation writes them as the
 * page's language does ("1.7K", "2.5M", "3B" in English; "1,7 k", "2,5 M", "3 G" in Canadian French), with one decimal
 * at most; below 1,000 the number is written whole. Where the exact number matters (the results' range, the accessible
 * names of clusters and options) the full number is used instead.
 */
export function shortNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
