import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation, Skeleton } from '@careers/shared';
import type { PdfDocumentLike, PdfPageLike, PdfRenderTaskLike, PdfViewportLike } from '../types';

/** Pages this far outside the scroll area are rendered ahead, so scrolling rarely shows a blank page. */
export const PAGE_PRELOAD_MARGIN = '300px 0px';

type VisibleCallback = () => void;

/**
 * One IntersectionObserver for every page of a document: `observe(element, onVisible)` calls `onVisible` once,
 * the first time the element comes within {@link PAGE_PRELOAD_MARGIN} of the scroll area. Without
 * IntersectionObserver (old browsers) every page counts as visible at once.
 */
function usePageObserver(rootRef: RefObject<HTMLElement | null> | undefined) {
  const callbacks = useRef(new Map<Element, VisibleCallback>());
  const observerRef = useRef<IntersectionObserver | null>(null);

  const getObserver = useCallback((): IntersectionObserver | null => {
    if (typeof IntersectionObserver === 'undefined') return null;
    observerRef.current ??= new IntersectionObserver(
      (entries, observer) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const callback = callbacks.current.get(entry.target);
          callbacks.current.delete(entry.target);
          observer.unobserve(entry.target);
          callback?.();
        }
      },
      { root: rootRef?.current ?? null, rootMargin: PAGE_PRELOAD_MARGIN, threshold: 0 },
    );
    return observerRef.current;
  }, [rootRef]);

  useEffect(
    () => () => {
      observerRef.current?.disconnect();
      observerRef.current = null;
      callbacks.current.clear();
    },
    [],
  );

  return useCallback(
    (element: Element, onVisible: VisibleCallback): (() => void) => {
      const observer = getObserver();
      if (!observer) {
        onVisible();
        return () => undefined;
      }
      callbacks.current.set(element, onVisible);
      observer.observe(element);
      return () => {
        callbacks.current.delete(element);
        observer.unobserve(element);
      };
    },
    [getObserver],
  );
}

/**
 * Canvas size for a page shown `cssWidth` pixels wide on a screen with `pixelRatio` device pixels per CSS pixel:
 * the canvas has as many pixels as the screen area it covers, so text stays sharp on high-density screens.
 */
export function canvasScale(base: PdfViewportLike, cssWidth: number, pixelRatio: number): number {
  const width = cssWidth > 0 ? cssWidth : base.width;
  const ratio = pixelRatio > 0 ? pixelRatio : 1;
  return (width / base.width) * ratio;
}

type PageState = 'waiting' | 'rendering' | 'rendered' | 'failed';

/**
 * The page box's width in CSS pixels once `active`, then followed as it changes: the page is drawn to fit its
 * container's width (issue 22: a letter drawn for one width stays blurred or clipped after a phone is turned or the
 * layout changes). Null until measured. Without ResizeObserver the width is measured once.
 */
function useBoxWidth(boxRef: RefObject<HTMLElement | null>, active: boolean): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!active || !box) return undefined;
    setWidth(Math.round(box.clientWidth));
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      // Whole pixels: sub-pixel jitter must not draw the page again.
      const next = Math.round(entry.contentRect.width);
      setWidth((previous) => (previous === next ? previous : next));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef, active]);
  return width;
}

interface PdfPageViewProps {
  page: PdfPageLike;
  size: PdfViewportLike;
  number: number;
  count: number;
  observe: (element: Element, onVisible: VisibleCallback) => () => void;
}

function PdfPageView({ page, size, number, count, observe }: PdfPageViewProps) {
  const { t } = useTranslation('offers');
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<PageState>('waiting');
  const width = useBoxWidth(boxRef, visible);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    return observe(box, () => setVisible(true));
  }, [observe]);

  useEffect(() => {
    if (!visible || width === null) return undefined;
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    let task: PdfRenderTaskLike | null = null;
    let cancelled = false;
    const scale = canvasScale(size, width, window.devicePixelRatio || 1);
    const viewport = page.getViewport({ scale });
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    const context = canvas.getContext('2d');
    if (!context) {
      setState('failed');
      return undefined;
    }
    setState('rendering');
    try {
      task = page.render({ canvas, canvasContext: context, viewport });
      task.promise.then(
        () => {
          if (!cancelled) setState('rendered');
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error(`[careers] PDF page ${number} could not be rendered`, error);
          setState('failed');
        },
      );
    } catch (error) {
      console.error(`[careers] PDF page ${number} could not be rendered`, error);
      setState('failed');
    }
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [visible, width, page, size, number]);

  return (
    <div
      ref={boxRef}
      className={`cw-pdf__page cw-pdf__page--${state}`}
      role="img"
      aria-label={t('pdf.page', { number, count })}
      data-page={number}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
    >
      {(state === 'waiting' || state === 'rendering') && (
        <Skeleton width="100%" height="100%" className="cw-pdf__placeholder" />
      )}
      <canvas ref={canvasRef} className="cw-pdf__canvas" aria-hidden="true" />
    </div>
  );
}

export interface PdfPagesProps {
  doc: PdfDocumentLike;
  /** The scroll area the pages sit in (the IntersectionObserver root); the viewport when absent. */
  rootRef?: RefObject<HTMLElement | null>;
  /** Called when page sizes could not be read (the document is unusable). */
  onError?: (error: unknown) => void;
}

/**
 * The pages of a PDF, rendered lazily: every page first gets a placeholder box sized from its viewport (so the
 * scroll height is right from the start), and its canvas is drawn only when the box scrolls into (or near) view.
 * Each page is labelled "Page N of M".
 */
export function PdfPages({ doc, rootRef, onError }: PdfPagesProps) {
  const [pages, setPages] = useState<Array<{ page: PdfPageLike; size: PdfViewportLike }> | null>(null);
  const observe = usePageObserver(rootRef);

  useEffect(() => {
    let cancelled = false;
    const numbers = Array.from({ length: doc.numPages }, (_, i) => i + 1);
    Promise.all(numbers.map((n) => doc.getPage(n))).then(
      (loaded) => {
        if (cancelled) return;
        setPages(
          loaded.map((page) => {
            const viewport = page.getViewport({ scale: 1 });
            return { page, size: { width: viewport.width, height: viewport.height } };
          }),
        );
      },
      (error: unknown) => {
        if (!cancelled) onError?.(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [doc, onError]);

  if (!pages) return null;
  return (
    <div className="cw-pdf__pages">
      {pages.map(({ page, size }, index) => (
        <PdfPageView key={index} page={page} size={size} number={index + 1} count={pages.length} observe={observe} />
      ))}
    </div>
  );
}
