import { lazy, Suspense } from 'react';
import { useTranslation, LoadingState } from '@careers/shared';
import type { PdfViewerProps } from '../types';

/** The viewer module (and pdf.js behind it) is downloaded only when a letter is opened. */
const PdfViewer = lazy(() => import(/* webpackChunkName: "offers-pdf-viewer" */ './PdfViewer'));

function ViewerLoading({ layout = 'letter' }: Pick<PdfViewerProps, 'layout'>) {
  const { t } = useTranslation('offers');
  return (
    <div className={`cw-pdf cw-pdf--${layout} cw-pdf--placeholder`}>
      <LoadingState label={t('pdf.loading')} />
    </div>
  );
}

export function LazyPdfViewer(props: PdfViewerProps) {
  return (
    <Suspense fallback={<ViewerLoading layout={props.layout} />}>
      <PdfViewer {...props} />
    </Suspense>
  );
}
