import { useEffect, useId } from 'react';
import { useTranslation, Button, Card } from '@careers/shared';
import type { Offer, OfferDocument } from '@careers/shared/contract';
import { documentHref, paths } from '../routes';
import { BackLink, DocumentIcon, DocumentTypeTag, OfferStatus, OfferUnavailable, PageHeading } from './ui';
import { celebrateOnce } from '../confetti';
import { formatOfferDate } from '../dates';
import { DeclineAction } from './DeclineAction';
import { displayStatus, documentAction, documentStatusLine, isLive, SUB_TEXT_KEYS } from '../rules';
import { useOfferPage } from '../useOfferPage';

function DocumentCard({ offer, doc, domain, now }: { offer: Offer; doc: OfferDocument; domain: string; now: number }) {
  const { t, i18n } = useTranslation('offers');
  const nameId = `cw-doc-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const action = documentAction(offer, doc, now);
  const line = documentStatusLine(offer, doc, now);
  const label = action.kind === 'start' ? t('detail.start') : t('detail.view');
  const variant = action.kind === 'start' ? 'primary' : 'neutral';
  return (
    <Card as="article" className="cw-offers-doc" aria-labelledby={nameId}>
      <span className="cw-offers-doc__icon">
        <DocumentIcon />
      </span>
      <div className="cw-offers-doc__body">
        <h3 id={nameId} className="cw-offers-doc__name">
          {doc.name}
        </h3>
        <p className="cw-offers-doc__status">{t(line.key, { date: formatOfferDate(line.date, i18n.language) })}</p>
        <DocumentTypeTag type={doc.document_type} />
      </div>
      <div className="cw-offers-doc__action">
        {action.disabled ? (
          <Button variant={variant} disabled aria-describedby={nameId}>
            {label}
          </Button>
        ) : (
          <Button href={documentHref(offer, doc, action.kind, domain)} variant={variant} aria-describedby={nameId}>
            {label}
          </Button>
        )}
      </div>
    </Card>
  );
}

/**
 * One offer (docs/product/offers-and-signing.md#offer-page): back to Offers, heading, status sub text, one card per
 * document, Decline.
 */
export function OfferDetail({ id, domain }: { id: string; domain: string }) {
  const { t, i18n } = useTranslation('offers');
  const headingId = `cw-offer-title-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const call = useOfferPage(id, domain);
  const { data: offer, missing } = call;
  const now = Date.now();
  const live = offer ? isLive(offer, now) : false;

  useEffect(() => {
    if (offer && live) void celebrateOnce(offer.enc_id);
  }, [offer, live]);

  const back = <BackLink href={paths.offers(domain)}>{t('detail.back')}</BackLink>;

  if (missing) return null;
  if (!offer) return <OfferUnavailable call={call} back={back} />;

  const status = displayStatus(offer, now);
  return (
    <section className="cw-offers-page" aria-labelledby={headingId}>
      {back}
      {/* Not <header>: inside a shadow root axe counts it as the page's banner on an employer's page (docs/product/shell.md#page-slots). */}
      <div className="cw-offers-header">
        <div className="cw-offers-header__text">
          <PageHeading id={headingId}>{t('detail.title', { position: offer.position.name })}</PageHeading>
          <div className="cw-offers-header__meta">
            <OfferStatus status={status} />
            {offer.expires_at && status === 'Extended' && (
              <span className="cw-offers-card__date">
                {t('dates.expires', { date: formatOfferDate(offer.expires_at, i18n.language) })}
              </span>
            )}
          </div>
          <p className="cw-offers-subtext">{t(SUB_TEXT_KEYS[status])}</p>
        </div>
        <DeclineAction encId={offer.enc_id} domain={domain} live={live} />
      </div>

      <h2 className="cw-offers-section-title">{t('detail.documents')}</h2>
      {offer.offer_documents.length === 0 ? (
        <p className="cw-offers-muted">{t('detail.noDocuments')}</p>
      ) : (
        <ul className="cw-offers-docs">
          {offer.offer_documents.map((doc) => (
            <li key={doc.id}>
              <DocumentCard offer={offer} doc={doc} domain={domain} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
