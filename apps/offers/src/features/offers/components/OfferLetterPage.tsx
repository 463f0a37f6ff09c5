import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation, Button, Card, EmptyState, navigate, notify } from '@careers/shared';
import type { OfferDocument } from '@careers/shared/contract';
import { paths } from '../routes';
import { BackLink, OfferStatus, OfferUnavailable, PageHeading } from './ui';
import { LazyPdfViewer } from '../../pdf/components/LazyPdfViewer';
import { pdfSource } from '../../pdf/source';
import { DeclineAction } from './DeclineAction';
import { downloadDocument } from '../download';
import { displayStatus, isLive, offerLetterDocument, SUB_TEXT_KEYS } from '../rules';
import { UploadSignedLetter } from './UploadSignedLetter';
import { useOfferPage } from '../useOfferPage';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const { t } = useTranslation('offers');
  const titleId = `cw-step-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Card as="li" className="cw-offers-step" aria-labelledby={titleId}>
      <span className="cw-offers-step__number" aria-hidden="true">
        {number}
      </span>
      <div className="cw-offers-step__body">
        <h2 id={titleId} className="cw-offers-step__title">
          <span className="cw-visually-hidden">{t('letter.step', { number })}: </span>
          {title}
        </h2>
        {children}
      </div>
    </Card>
  );
}

function ReviewStep({ letter, live }: { letter: OfferDocument | undefined; live: boolean }) {
  const { t } = useTranslation('offers');
  const viewerId = `cw-letter-view-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const source = letter ? pdfSource(letter) : null;

  const download = async () => {
    if (downloading) return;
    if (!letter) {
      notify.error(t('toasts.noContent'));
      return;
    }
    setDownloading(true);
    try {
      const outcome = await downloadDocument(letter);
      if (outcome === 'empty') notify.error(t('toasts.noContent'));
    } catch (error) {
      console.error('[careers] offer letter download failed', error);
      notify.error(t('toasts.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <p className="cw-offers-muted">{live ? t('letter.review.body') : t('letter.review.bodyClosed')}</p>
      <div className="cw-offers-step__actions">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={viewerId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('letter.review.hide') : t('letter.review.view')}
        </Button>
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          {downloading ? t('letter.review.downloading') : t('letter.review.download')}
        </Button>
      </div>
      <div id={viewerId} className="cw-offers-letter-view" hidden={!open}>
        {open &&
          (source && letter ? (
            <LazyPdfViewer source={source} title={letter.name} layout="letter" />
          ) : (
            <EmptyState role="status" title={t('document.noContent')} />
          ))}
      </div>
    </>
  );
}

/**
 * The multi-step offer letter of an `upload` offer (docs/product/offers-and-signing.md#upload-signed-letter): 1 Review
 * job offer (View, Download), 2 Print & sign or sign digitally, 3 Upload signed document; and Decline. Once the offer
 * is no longer live (accepted, declined, expired ...) only the review step and the status remain. An offer accepted by
 * documents is shown on its offer page instead.
 */
export function OfferLetterPage({ id, domain }: { id: string; domain: string }) {
  const { t } = useTranslation('offers');
  const headingId = `cw-letter-title-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const call = useOfferPage(id, domain);
  const { data: offer, missing } = call;
  const notUpload = offer !== undefined && offer.acceptance !== 'upload';

  useEffect(() => {
    if (notUpload) navigate(paths.offer(id, domain), { replace: true });
  }, [notUpload, id, domain]);

  const back = <BackLink href={paths.offer(id, domain)}>{t('letter.back')}</BackLink>;

  if (missing || notUpload) return null;
  if (!offer) return <OfferUnavailable call={call} back={back} />;

  const now = Date.now();
  const live = isLive(offer, now);
  const status = displayStatus(offer, now);
  const letter = offerLetterDocument(offer);

  return (
    <section className="cw-offers-page cw-offers-page--letter" aria-labelledby={headingId}>
      {back}
      {/* Not <header>: inside a shadow root axe counts it as the page's banner on an employer's page (docs/product/shell.md#page-slots). */}
      <div className="cw-offers-header">
        <div className="cw-offers-header__text">
          <PageHeading id={headingId}>{t('letter.title')}</PageHeading>
          <p className="cw-offers-header__position">{t('document.forPosition', { position: offer.position.name })}</p>
          <div className="cw-offers-header__meta">
            <OfferStatus status={status} />
          </div>
          {!live && <p className="cw-offers-subtext">{t(SUB_TEXT_KEYS[status])}</p>}
        </div>
        <DeclineAction encId={offer.enc_id} domain={domain} live={live} />
      </div>

      <ol className="cw-offers-steps" aria-label={t('letter.stepsLabel')}>
        <Step number={1} title={t('letter.review.title')}>
          <ReviewStep letter={letter} live={live} />
        </Step>
        {live && (
          <>
            <Step number={2} title={t('letter.sign.title')}>
              <p className="cw-offers-muted">{t('letter.sign.body')}</p>
            </Step>
            <Step number={3} title={t('letter.upload.title')}>
              <p className="cw-offers-muted">{t('letter.upload.body')}</p>
              <UploadSignedLetter encId={offer.enc_id} domain={domain} />
            </Step>
          </>
        )}
      </ol>
    </section>
  );
}
