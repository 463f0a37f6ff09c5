/** A sorted list of texts with a value each, searched by prefix (binary search, then a scan of the range). */
export class PrefixIndex<T> {
  private readonly keys: string[];
  private readonly values: T[];

  constructor(entries: Array<[string, T]>) {
    // Code-unit order, the order `startsWith` and the comparisons below agree with.
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.keys = entries.map((entry) => entry[0]);
    this.values = entries.map((entry) => entry[1]);
  }

  get size(): number {
    return this.keys.length;
  }

  /** Calls `visit` for every entry whose key starts with `prefix` (all of them for an empty prefix). */
  forEachWithPrefix(prefix: string, visit: (key: string, value: T) => void): void {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.keys.length; index += 1) {
      const key = this.keys[index]!;
      if (!key.startsWith(prefix)) break;
      visit(key, this.values[index]!);
    }
  }
}
