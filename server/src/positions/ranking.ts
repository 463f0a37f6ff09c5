/**
 * The page of a search from the in-memory engine's matches (evaluate.ts): by distance from the origin, by the
 * words' relevance (the database's rank, text-matches.ts), or newest first.
 */
import type { Evaluated } from './evaluate';
import type { EmployerIndex } from './facet-index';
import type { SearchInput } from './search-input';
import type { TextMatches } from './text-matches';

/** Date order of two position indexes: newest first, then the higher id. */
function byNewest(index: EmployerIndex, a: number, b: number): number {
  return index.postedMs[b]! - index.postedMs[a]! || index.ids[b]! - index.ids[a]!;
}

/** The first `count` items in `order` (a bounded insertion for a short page, a full sort for a deep one). */
function firstInOrder(items: Int32Array, count: number, order: (a: number, b: number) => number): number[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return Array.from(items).sort(order).slice(0, count);
  const best: number[] = [];
  for (const item of items) {
    if (best.length === count && order(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (order(item, best[mid]!) < 0) high = mid;
      else low = mid + 1;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

/** The position ids of the page `input.start .. start + num` in the search's sort. */
export async function pageIds(
  index: EmployerIndex,
  evaluated: Evaluated,
  input: SearchInput,
  text: Awaited<ReturnType<TextMatches['get']>> | null,
): Promise<number[]> {
  const end = input.start + input.num;
  if (input.sort === 'distance' && evaluated.distance) {
    const distance = evaluated.distance;
    const order = (a: number, b: number) => {
      const da = distance[a]!;
      const db = distance[b]!;
      return da === db ? byNewest(index, a, b) : da < db ? -1 : 1;
    };
    return firstInOrder(evaluated.matched, end, order)
      .slice(input.start)
      .map((i) => index.ids[i]!);
  }
  if (input.sort === 'relevance' && text) {
    // The words' relevance order (bm25 / ts_rank, ties newest first), from what text-matches.ts remembers.
    const last = Math.min(end, evaluated.matched.length);
    return last <= input.start
      ? []
      : text.rankedPage(evaluated.isMatch, evaluated.matched.length, input.start, last, (a, b) =>
          byNewest(index, a, b),
        );
  }
  const ids: number[] = [];
  let seen = 0;
  for (let k = 0; k < index.byDate.length && seen < end; k += 1) {
    const i = index.byDate[k]!;
    if (evaluated.isMatch[i] !== 1) continue;
    if (seen >= input.start) ids.push(index.ids[i]!);
    seen += 1;
  }
  return ids;
}
