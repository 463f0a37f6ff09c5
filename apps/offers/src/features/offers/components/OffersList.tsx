import { useId } from 'react';
import {
  useTranslation,
  Button,
  Card,
  EmptyState,
  ErrorState,
  selectBoot,
  Skeleton,
  Tag,
  useAppSelector,
  VisuallyHidden,
} from '@careers/shared';
import type { Offer } from '@careers/shared/contract';
import { paths } from '../routes';
import { OfferStatus, PageHeading } from './ui';
import { formatOfferDate } from '../dates';
import { useGetOffersQuery } from '../endpoints';
import { daysUntilExpiry, displayStatus, isLive, offerDateLine, showsActionRequired } from '../rules';

/**
 * Career-hub mode: `pcsxConfig.careerHubMode === true` when the careers pages are embedded in a career hub that
 * shows its own page title; the Offers heading is then only read by screen readers
 * (docs/product/offers-and-signing.md#offers-list).
 */
function useCareerHubMode(): boolean {
  return useAppSelector((state) => selectBoot(state)?.pcsxConfig.careerHubMode === true);
}

function OfferCard({ offer, domain, now }: { offer: Offer; domain: string; now: number }) {
  const { t, i18n } = useTranslation('offers');
  const titleId = `cw-offer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const status = displayStatus(offer, now);
  const actionRequired = showsActionRequired(offer, now);
  const days = actionRequired ? daysUntilExpiry(offer, now) : null;
  const dateLine = offerDateLine(offer, now);
  const primary = isLive(offer, now);
  return (
    <Card
      as="article"
      className="cw-offers-card"
      accent={actionRequired ? 'danger' : undefined}
      aria-labelledby={titleId}
    >
      {actionRequired && (
        <p className="cw-offers-card__alert">
          <Tag tone="danger" solid>
            {t('list.actionRequired')}
          </Tag>
          {days !== null && <span className="cw-offers-card__countdown">{t('list.expiresIn', { count: days })}</span>}
        </p>
      )}
      <h2 id={titleId} className="cw-offers-card__title">
        {offer.position.name}
      </h2>
      <div className="cw-offers-card__meta">
        <OfferStatus status={status} />
        <span className="cw-offers-card__date">
          {t(dateLine.key, { date: formatOfferDate(dateLine.date, i18n.language) })}
        </span>
      </div>
      <div className="cw-offers-card__actions">
        <Button
          href={paths.offer(offer.enc_id, domain)}
          variant={primary ? 'primary' : 'secondary'}
          block
          aria-describedby={titleId}
        >
          {t('list.view')}
        </Button>
      </div>
    </Card>
  );
}

/** Cards of the final size while the list loads, so nothing moves when the offers arrive. */
function OffersListSkeleton({ label }: { label: string }) {
  return (
    <div className="cw-offers-grid" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {[0, 1, 2].map((key) => (
        <div key={key} className="cw-offers-grid__item" aria-hidden="true">
          <Card className="cw-offers-card">
            <Skeleton width="45%" height={24} />
            <Skeleton width="75%" height={30} />
            <Skeleton width="60%" height={26} />
            <Skeleton width="100%" height={44} className="cw-offers-card__actions" />
          </Card>
        </div>
      ))}
    </div>
  );
}

/**
 * The offers list (docs/product/offers-and-signing.md#offers-list): heading, one card per offer, or the empty state.
 */
export function OffersList({ domain }: { domain: string }) {
  const { t } = useTranslation('offers');
  const headingId = `cw-offers-title-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const careerHubMode = useCareerHubMode();
  const { data: offers, error, isLoading, isFetching, refetch } = useGetOffersQuery({ domain });
  const now = Date.now();

  let body;
  if (isLoading) body = <OffersListSkeleton label={t('list.loading')} />;
  else if (error && !offers)
    body = <ErrorState message={t('list.error')} onRetry={isFetching ? undefined : () => void refetch()} />;
  else if (!offers || offers.length === 0)
    body = (
      <EmptyState framed title={t('list.empty')}>
        {t('list.emptyBody')}
      </EmptyState>
    );
  else
    body = (
      <ul className="cw-offers-grid" aria-labelledby={headingId}>
        {offers.map((offer) => (
          <li key={offer.enc_id} className="cw-offers-grid__item">
            <OfferCard offer={offer} domain={domain} now={now} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className="cw-offers-page" aria-labelledby={headingId}>
      <PageHeading id={headingId} visuallyHidden={careerHubMode}>
        {t('list.title')}
      </PageHeading>
      {body}
    </section>
  );
}
