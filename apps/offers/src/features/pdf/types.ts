/**
 * The parts of a pdf.js document the viewer uses. pdf.js's PDFDocumentProxy satisfies them; tests pass a fake
 * document object instead.
 */
export interface PdfViewportLike {
  width: number;
  height: number;
}

export interface PdfRenderTaskLike {
  promise: Promise<unknown>;
  cancel(): void;
}

export interface PdfPageLike {
  getViewport(params: { scale: number }): PdfViewportLike;
  render(params: {
    canvas: HTMLCanvasElement;
    canvasContext: CanvasRenderingContext2D;
    viewport: PdfViewportLike;
  }): PdfRenderTaskLike;
}

export interface PdfDocumentLike {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPageLike>;
}

/** Where the PDF comes from: a same-origin address (fetched with cookies) or base64 content. */
export type PdfSource = { url: string } | { base64: string };

export interface PdfViewerProps {
  source: PdfSource;
  /** What the document is (its name): names the viewer region and the download. */
  title: string;
  /**
   * `letter` (default): the pages flow in the page (at least 1000 px tall on larger screens) and render as they
   * scroll into the window. `embedded`: a fixed 800 x 1132 px box (smaller on small screens) that scrolls itself,
   * beside the signature form.
   */
  layout?: 'letter' | 'embedded';
}
