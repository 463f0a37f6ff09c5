/** Small presentational pieces of the offers widget, on the design system's components (@careers/shared). */
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import {
  useTranslation,
  Button,
  ErrorState,
  focusElement,
  LoadingState,
  StatusLabel,
  Tag,
  VisuallyHidden,
  Icon,
} from '@careers/shared';
import { STATUS_LABEL_KEYS, STATUS_TONES, documentTypeTone, type DisplayStatus } from '../rules';

/** True once the candidate has moved between the widget's pages: each new page then takes focus on its heading. */
export const RouteFocusContext = createContext(false);

export function PageHeading({
  id,
  children,
  visuallyHidden = false,
}: {
  id?: string;
  children: ReactNode;
  visuallyHidden?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const focusOnMount = useContext(RouteFocusContext);
  useEffect(() => {
    if (focusOnMount) focusElement(ref.current);
  }, [focusOnMount]);
  return (
    <h1 id={id} ref={ref} tabIndex={-1} className={visuallyHidden ? 'cw-visually-hidden' : 'cw-offers-heading'}>
      {children}
    </h1>
  );
}

/** An offer's status ("Status: Accepted"), in the tone of the status. */
export function OfferStatus({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation('offers');
  return (
    <StatusLabel tone={STATUS_TONES[status]} data-status={status}>
      <VisuallyHidden>{t('status.label')} </VisuallyHidden>
      {t(STATUS_LABEL_KEYS[status])}
    </StatusLabel>
  );
}

/**
 * A document's type: the Offer type blue-green, the others violet (docs/product/offers-and-signing.md#document-cards).
 */
export function DocumentTypeTag({ type }: { type: string }) {
  const { t } = useTranslation('offers');
  return (
    <Tag tone={documentTypeTone(type)}>
      <VisuallyHidden>{t('detail.documentType')} </VisuallyHidden>
      {type}
    </Tag>
  );
}

function BackIcon() {
  return (
    <Icon
      path="M15.7 5.3a1 1 0 0 1 0 1.4L10.4 12l5.3 5.3a1 1 0 0 1-1.4 1.4l-6-6a1 1 0 0 1 0-1.4l6-6a1 1 0 0 1 1.4 0z"
      size={20}
      directional
    />
  );
}

/** An offer page's link back (to the offers list, or to the offer). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button variant="text" href={href} icon={<BackIcon />} className="cw-offers-back">
      {children}
    </Button>
  );
}

/** What an offer page needs of its offer call while it has no offer. */
export interface OfferCallState {
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * An offer page that has no offer: loading while the offer call is in flight; otherwise its back link and "This
 * offer could not be loaded.", with Try again after a failed call.
 */
export function OfferUnavailable({ call, back }: { call: OfferCallState; back: ReactNode }) {
  const { t } = useTranslation('offers');
  if (call.isFetching) return <LoadingState label={t('detail.loading')} />;
  return (
    <div className="cw-offers-page">
      {back}
      <ErrorState message={t('detail.error')} onRetry={call.error ? () => void call.refetch() : undefined} />
    </div>
  );
}

export function DocumentIcon() {
  return (
    <Icon
      path="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5L13 3.5zM8 13h8v1.5H8V13zm0 3.5h8V18H8v-1.5zM8 9.5h3V11H8V9.5z"
      size={24}
    />
  );
}

export function UploadIcon() {
  return <Icon path="M12 3l5 5h-3.5v6h-3V8H7l5-5zM5 17h14v3H5v-3z" size={32} />;
}
