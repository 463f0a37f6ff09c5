/**
 * Loads pdf.js (its own chunk, fetched the first time a letter is opened) and points it at its worker: the
 * worker file is emitted by webpack as an asset next to the widget's chunks (`new URL(..., import.meta.url)`),
 * so PDF parsing runs off the main thread.
 */
import { base64ToBytes } from './source';
import type { PdfDocumentLike, PdfSource } from './types';

type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  loading ??= import(/* webpackChunkName: "offers-pdfjs" */ 'pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
    return pdfjs;
  });
  loading.catch(() => {
    loading = null; // a failed chunk load may be retried
  });
  return loading;
}

export interface OpenedPdf {
  document: Promise<PdfDocumentLike>;
  /** Stops loading and frees the worker's copy of the document. */
  destroy(): void;
}

/**
 * Opens a PDF: by address (same-origin, sent with cookies) or from base64 content. `isEvalSupported: false`
 * keeps pdf.js within the host page's CSP (no `eval`).
 */
export function openPdf(source: PdfSource): OpenedPdf {
  let task: { promise: Promise<unknown>; destroy(): Promise<void> } | null = null;
  let destroyed = false;
  const document = loadPdfJs().then((pdfjs) => {
    if (destroyed) throw new DOMException('PDF loading was cancelled', 'AbortError');
    const params =
      'url' in source
        ? { url: source.url, withCredentials: true, isEvalSupported: false }
        : { data: base64ToBytes(source.base64), isEvalSupported: false };
    const loadingTask = pdfjs.getDocument(params);
    task = loadingTask;
    return loadingTask.promise as unknown as Promise<PdfDocumentLike>;
  });
  return {
    document,
    destroy() {
      destroyed = true;
      void task?.destroy().catch(() => undefined);
    },
  };
}
