import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation, Button, ErrorState, LoadingState } from '@careers/shared';
import { openPdf } from '../pdfjs';
import { PdfPages } from './PdfPages';
import type { PdfDocumentLike, PdfViewerProps } from '../types';

type LoadState = { status: 'loading' } | { status: 'ready'; doc: PdfDocumentLike } | { status: 'failed' };

function downloadHref(source: PdfViewerProps['source']): string {
  return 'url' in source ? source.url : `data:application/pdf;base64,${source.base64.replace(/^data:[^,]*,/, '')}`;
}

function fileName(title: string): string {
  const base = title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/**
 * The PDF viewer (its own chunk, with pdf.js in another, loaded when a letter is opened). The document is opened
 * by pdf.js in its worker; pages are drawn as they scroll into view (PdfPages). A failure to load is logged only
 * (docs/product/offers-and-signing.md#pdf-viewer): the viewer shows a short message and the download link.
 */
export default function PdfViewer({ source, title, layout = 'letter' }: PdfViewerProps) {
  const { t } = useTranslation('offers');
  const labelId = `cw-pdf-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const key = 'url' in source ? `url:${source.url}` : `b64:${source.base64.length}:${source.base64.slice(0, 64)}`;
  // The source object may be new on every render; reopen the document only when its content changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the content, not the object identity
  const stableSource = useMemo(() => source, [key]);

  useEffect(() => {
    setState({ status: 'loading' });
    const opened = openPdf(stableSource);
    let cancelled = false;
    opened.document.then(
      (doc) => {
        if (!cancelled) setState({ status: 'ready', doc });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('[careers] PDF load failure', error);
        setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      opened.destroy();
    };
  }, [stableSource]);

  const onPagesError = useCallback((error: unknown) => {
    console.error('[careers] PDF load failure', error);
    setState({ status: 'failed' });
  }, []);

  const download = (
    <Button variant="text" size="small" href={downloadHref(source)} download={fileName(title)}>
      {t('pdf.download')}
    </Button>
  );

  return (
    <div className={`cw-pdf cw-pdf--${layout}`}>
      <div className="cw-pdf__toolbar">
        <p id={labelId} className="cw-pdf__title">
          {t('pdf.pages', { title })}
        </p>
        {download}
      </div>
      {/* The embedded box scrolls itself: as a scrollable region it must be reachable by keyboard (tabIndex 0). */}
      <div
        ref={scrollRef}
        className="cw-pdf__body"
        role="region"
        aria-labelledby={labelId}
        tabIndex={layout === 'embedded' ? 0 : undefined}
      >
        {state.status === 'loading' && <LoadingState label={t('pdf.loading')} />}
        {state.status === 'failed' && <ErrorState message={t('pdf.error')}>{t('pdf.errorHint')}</ErrorState>}
        {state.status === 'ready' && (
          <PdfPages doc={state.doc} rootRef={layout === 'embedded' ? scrollRef : undefined} onError={onPagesError} />
        )}
      </div>
    </div>
  );
}
