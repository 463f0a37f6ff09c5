/**
 * A `window.matchMedia` that follows a settable viewport width (jsdom has no media queries).
 * Test-only: nothing in the product imports this folder.
 */

type Listener = (event: MediaQueryListEvent) => void;

function evaluate(query: string, width: number): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const m = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
    if (!m) return false;
    const px = Number(m[2]);
    return m[1] === 'min' ? width >= px : width <= px;
  });
}

/** Mocks `window.matchMedia` for width queries; `setWidth` changes the viewport and notifies listeners. */
export function mockViewport(initialWidth: number) {
  let width = initialWidth;
  const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();
  const matchMedia = jest.fn((query: string) => {
    const entry = { query, listeners: new Set<Listener>(), last: evaluate(query, width) };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query, width);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, l: Listener) => entry.listeners.add(l),
      removeEventListener: (_type: string, l: Listener) => entry.listeners.delete(l),
      addListener: (l: Listener) => entry.listeners.add(l),
      removeListener: (l: Listener) => entry.listeners.delete(l),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return {
    matchMedia,
    setWidth(next: number) {
      width = next;
      for (const entry of lists) {
        const now = evaluate(entry.query, width);
        if (now === entry.last) continue;
        entry.last = now;
        for (const l of entry.listeners) l({ matches: now, media: entry.query } as MediaQueryListEvent);
      }
    },
    restore() {
      delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}
