import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider, i18n } from '@careers/shared';
import { setupI18n } from '../../../test/render';
import { canvasScale, PAGE_PRELOAD_MARGIN, PdfPages } from './PdfPages';
import type { PdfDocumentLike, PdfPageLike } from '../types';

/** What the two fake observers share: the elements they observe. */
class ObservedElements {
  observed = new Set<Element>();
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
}

/** A fake IntersectionObserver the test drives: `show(element)` reports it as scrolled into view. */
class FakeObserver extends ObservedElements {
  static all: FakeObserver[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    super();
    FakeObserver.all.push(this);
  }
  takeRecords() {
    return [];
  }
  static show(element: Element) {
    for (const observer of FakeObserver.all) {
      if (!observer.observed.has(element)) continue;
      observer.callback(
        [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

interface FakePage extends PdfPageLike {
  renders: Array<{ width: number; height: number; scale: number }>;
}

/** A fake pdf.js document: page n is 600 x 800 (portrait) except page 2, 800 x 600 (landscape). */
function fakeDocument(
  numPages: number,
  { failPage }: { failPage?: number } = {},
): PdfDocumentLike & { pages: FakePage[] } {
  const pages: FakePage[] = Array.from({ length: numPages }, (_, i) => {
    const [w, h] = i === 1 ? [800, 600] : [600, 800];
    const page: FakePage = {
      renders: [],
      getViewport: ({ scale }) => ({ width: w * scale, height: h * scale }),
      render: ({ canvas, viewport }) => {
        page.renders.push({ width: canvas.width, height: canvas.height, scale: viewport.width / w });
        return {
          promise: i + 1 === failPage ? Promise.reject(new Error('broken page')) : Promise.resolve(),
          cancel: jest.fn(),
        };
      },
    };
    return page;
  });
  return { numPages, pages, getPage: jest.fn(async (n: number) => pages[n - 1] as PdfPageLike) };
}

const realObserver = globalThis.IntersectionObserver;
const realGetContext = HTMLCanvasElement.prototype.getContext;

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  FakeObserver.all = [];
  (globalThis as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  HTMLCanvasElement.prototype.getContext = jest.fn(() => ({}) as CanvasRenderingContext2D) as never;
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
});

afterEach(() => {
  (globalThis as { IntersectionObserver: unknown }).IntersectionObserver = realObserver;
  HTMLCanvasElement.prototype.getContext = realGetContext;
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
});

function renderPages(doc: PdfDocumentLike, onError?: (e: unknown) => void) {
  return render(
    <I18nextProvider i18n={i18n}>
      <PdfPages doc={doc} onError={onError} />
    </I18nextProvider>,
  );
}

describe('PdfPages', () => {
  it('sizes a labelled placeholder per page from its viewport before drawing anything', async () => {
    const doc = fakeDocument(3);
    renderPages(doc);
    const pages = await screen.findAllByRole('img');
    expect(pages.map((p) => p.getAttribute('aria-label'))).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(pages[0]?.style.aspectRatio).toBe('600 / 800');
    expect(pages[1]?.style.aspectRatio).toBe('800 / 600');
    expect(doc.pages.every((p) => p.renders.length === 0)).toBe(true);
  });

  it('draws a page only when it scrolls into view, once', async () => {
    const doc = fakeDocument(20);
    renderPages(doc);
    const pages = await screen.findAllByRole('img');
    expect(pages).toHaveLength(20);
    expect(FakeObserver.all).toHaveLength(1);
    expect(FakeObserver.all[0]?.options.rootMargin).toBe(PAGE_PRELOAD_MARGIN);

    await act(async () => FakeObserver.show(screen.getByRole('img', { name: 'Page 3 of 20' })));
    expect(doc.pages[2]?.renders).toHaveLength(1);
    expect(doc.pages.filter((p) => p.renders.length > 0)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Page 3 of 20' })).toHaveClass('cw-pdf__page--rendered'),
    );

    // Seen once, drawn once: the page is no longer observed.
    await act(async () => FakeObserver.show(screen.getByRole('img', { name: 'Page 3 of 20' })));
    expect(doc.pages[2]?.renders).toHaveLength(1);

    await act(async () => FakeObserver.show(screen.getByRole('img', { name: 'Page 4 of 20' })));
    expect(doc.pages[3]?.renders).toHaveLength(1);
    expect(doc.pages.filter((p) => p.renders.length > 0)).toHaveLength(2);
  });

  it('sizes the canvas for the device pixel ratio', async () => {
    const doc = fakeDocument(2);
    renderPages(doc);
    const pages = await screen.findAllByRole('img');
    // jsdom has no layout (clientWidth 0): the page is drawn at its natural width, times the pixel ratio.
    await act(async () => FakeObserver.show(pages[1] as Element));
    expect(doc.pages[1]?.renders[0]).toEqual({ width: 1600, height: 1200, scale: 2 });
    const canvas = pages[1]?.querySelector('canvas') as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([1600, 1200]);
    expect(canvas).toHaveAttribute('aria-hidden', 'true');
  });

  it('marks a page that fails to draw, and logs it', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const doc = fakeDocument(2, { failPage: 1 });
    renderPages(doc);
    const pages = await screen.findAllByRole('img');
    await act(async () => FakeObserver.show(pages[0] as Element));
    await waitFor(() => expect(pages[0]).toHaveClass('cw-pdf__page--failed'));
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('reports a document whose pages cannot be read', async () => {
    const onError = jest.fn();
    const doc: PdfDocumentLike = { numPages: 1, getPage: () => Promise.reject(new Error('bad xref')) };
    renderPages(doc, onError);
    await waitFor(() => expect(onError).toHaveBeenCalled());
  });

  it('draws every page at once where IntersectionObserver does not exist', async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    const doc = fakeDocument(3);
    renderPages(doc);
    await screen.findAllByRole('img');
    await waitFor(() => expect(doc.pages.every((p) => p.renders.length === 1)).toBe(true));
  });
});

/** A fake ResizeObserver the test drives: `resize(element, width)` reports the element's new content width. */
class FakeResizeObserver extends ObservedElements {
  static all: FakeResizeObserver[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    super();
    FakeResizeObserver.all.push(this);
  }
  static resize(element: Element, width: number) {
    Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
    for (const observer of FakeResizeObserver.all) {
      if (!observer.observed.has(element)) continue;
      observer.callback(
        [{ target: element, contentRect: { width } } as unknown as ResizeObserverEntry],
        observer as unknown as ResizeObserver,
      );
    }
  }
}

describe('PdfPages fitted to the container width (issue 22: the letter was unreadable on a phone)', () => {
  const realResizeObserver = globalThis.ResizeObserver;
  beforeEach(() => {
    FakeResizeObserver.all = [];
    (globalThis as { ResizeObserver: unknown }).ResizeObserver = FakeResizeObserver;
  });
  afterEach(() => {
    (globalThis as { ResizeObserver: unknown }).ResizeObserver = realResizeObserver;
  });

  it('draws a page at its box width, and again at the new width when the box is resized (a phone turned)', async () => {
    const doc = fakeDocument(1);
    renderPages(doc);
    const [page] = await screen.findAllByRole('img');
    // A 322 px wide box on a 390 px phone (device pixel ratio 2): the 600 pt page is drawn 644 device pixels wide.
    Object.defineProperty(page, 'clientWidth', { configurable: true, value: 322 });
    await act(async () => FakeObserver.show(page as Element));
    expect(doc.pages[0]?.renders).toEqual([{ width: 644, height: 858, scale: 644 / 600 }]);

    // The same width reported again (the observer's first call, sub-pixel jitter) draws nothing more.
    await act(async () => FakeResizeObserver.resize(page as Element, 322.4));
    expect(doc.pages[0]?.renders).toHaveLength(1);

    // Turned to landscape: the page fills the wider box, sharp (drawn again for 800 px, not stretched).
    await act(async () => FakeResizeObserver.resize(page as Element, 800));
    expect(doc.pages[0]?.renders).toHaveLength(2);
    expect(doc.pages[0]?.renders[1]).toEqual({ width: 1600, height: 2133, scale: 1600 / 600 });
    const canvas = page?.querySelector('canvas') as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([1600, 2133]);
  });
});

describe('canvasScale', () => {
  it('fills the CSS width in device pixels', () => {
    expect(canvasScale({ width: 600, height: 800 }, 300, 2)).toBe(1);
    expect(canvasScale({ width: 600, height: 800 }, 900, 1)).toBe(1.5);
    expect(canvasScale({ width: 600, height: 800 }, 0, 3)).toBe(3);
    expect(canvasScale({ width: 600, height: 800 }, 600, 0)).toBe(1);
  });
});
