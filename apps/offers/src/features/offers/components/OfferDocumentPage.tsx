import { useEffect, useId } from 'react';
import { useTranslation, EmptyState, navigate } from '@careers/shared';
import type { OfferDocument } from '@careers/shared/contract';
import { paths } from '../routes';
import { BackLink, DocumentTypeTag, OfferUnavailable, PageHeading } from './ui';
import { LazyPdfViewer } from '../../pdf/components/LazyPdfViewer';
import { pdfSource } from '../../pdf/source';
import { formatOfferDate } from '../dates';
import { EmbeddedLetterForm } from './EmbeddedLetterForm';
import { EsignFrame } from './EsignFrame';
import { documentStatusLine, letterType } from '../rules';
import { useOfferPage } from '../useOfferPage';

function DocumentView({ doc, layout }: { doc: OfferDocument; layout: 'letter' | 'embedded' }) {
  const { t } = useTranslation('offers');
  const source = pdfSource(doc);
  if (!source) {
    return <EmptyState role="status" title={t('document.noContent')} />;
  }
  return <LazyPdfViewer source={source} title={doc.name} layout={layout} />;
}

export interface OfferDocumentPageProps {
  id: string;
  documentId: number | null;
  domain: string;
}

/**
 * One offer document (docs/product/offers-and-signing.md#letter-type): e-sign frame, embedded PDF + signature form, or
 * read-only PDF. A missing offer or document sends the candidate back to the offers list.
 */
export function OfferDocumentPage({ id, documentId, domain }: OfferDocumentPageProps) {
  const { t, i18n } = useTranslation('offers');
  const headingId = `cw-document-title-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const call = useOfferPage(id, domain);
  const { data: offer, missing } = call;
  const doc = offer && documentId !== null ? offer.offer_documents.find((d) => d.id === documentId) : undefined;
  const documentMissing = documentId === null || (offer !== undefined && doc === undefined);

  useEffect(() => {
    if (documentMissing) navigate(paths.offers(domain), { replace: true });
  }, [documentMissing, domain]);

  const back = <BackLink href={paths.offer(id, domain)}>{t('document.back')}</BackLink>;

  if (missing || documentMissing) return null;
  if (!offer || !doc) return <OfferUnavailable call={call} back={back} />;

  const now = Date.now();
  const type = letterType(offer, doc, now);
  const line = documentStatusLine(offer, doc, now);

  return (
    <section className="cw-offers-page cw-offers-page--document" aria-labelledby={headingId} data-letter-type={type}>
      {back}
      {/* Not <header>: inside a shadow root axe counts it as the page's banner on an employer's page (docs/product/shell.md#page-slots). */}
      <div className="cw-offers-header">
        <div className="cw-offers-header__text">
          <PageHeading id={headingId}>{doc.name}</PageHeading>
          <p className="cw-offers-header__position">{t('document.forPosition', { position: offer.position.name })}</p>
          <div className="cw-offers-header__meta">
            <DocumentTypeTag type={doc.document_type} />
            <span className="cw-offers-card__date">
              {t(line.key, { date: formatOfferDate(line.date, i18n.language) })}
            </span>
          </div>
        </div>
      </div>

      {type === 'esign' && <EsignFrame encId={offer.enc_id} doc={doc} domain={domain} />}
      {type === 'embedded' && (
        <div className="cw-offers-embedded">
          <DocumentView doc={doc} layout="embedded" />
          <EmbeddedLetterForm encId={offer.enc_id} documentId={doc.id} domain={domain} />
        </div>
      )}
      {type === 'readonly' && <DocumentView doc={doc} layout="letter" />}
    </section>
  );
}
