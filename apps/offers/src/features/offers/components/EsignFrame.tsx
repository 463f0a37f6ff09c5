import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation, ErrorState, LoadingState, notify, onTrustedMessage } from '@careers/shared';
import type { OfferDocument } from '@careers/shared/contract';
import { EsignMessageTypes } from '../constants';
import { ActionAlert } from './ActionAlert';
import { useAcceptDocumentMutation, useEsignStatusMutation, type EsignStatusData } from '../endpoints';
import { failureToast, isCancelled } from '../errors';

/** The origin of an e-sign address, or null when it is not an http(s) address (nothing is framed then). */
function esignOrigin(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/** The message type, for `{ type: 'ESIGN' | 'REJECT' }` objects only. */
function messageType(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' ? type : null;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T,>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

export interface EsignFrameProps {
  encId: string;
  doc: OfferDocument;
  domain: string;
}

/**
 * An e-sign document (docs/product/offers-and-signing.md#e-signature,
 * docs/product/forms-toolkit.md#e-sign-and-embedded-forms): the e-signature provider's page in a frame. Its outcome
 * arrives as a window message `{ type: 'ESIGN' }` (signed) or `{ type: 'REJECT' }`, accepted only when it comes from
 * the provider's own origin AND from this frame's window; anything else is ignored.
 * - ESIGN: the document accept call and the e-sign status call are made together; "Successfully signed the offer
 *   letter" (an accept failure is suppressed when the e-sign status already says signed).
 * - REJECT: the e-sign status call; "Offer letter has been rejected".
 * A failure of either keeps its toast and also shows "There was a problem accepting the document" above the frame,
 * until the next message from the frame (docs/product/offers-and-signing.md#failure-messages). Focus is left where it
 * is (usually inside the provider's page); the alert is announced. Both calls invalidate the offer, which is fetched
 * again (the page then shows the signed copy).
 */
export function EsignFrame({ encId, doc, domain }: EsignFrameProps) {
  const { t } = useTranslation('offers');
  const frameRef = useRef<HTMLIFrameElement>(null);
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [accept] = useAcceptDocumentMutation();
  const [esignStatus] = useEsignStatusMutation();
  const origin = useMemo(() => esignOrigin(doc.url), [doc.url]);

  /** A failed call: its toast (unless cancelled or already announced) and the alert above the frame. */
  const reportFailure = (error: unknown) => {
    const message = failureToast(error, t('toasts.acceptFailed'));
    if (message) notify.error(message);
    if (!isCancelled(error)) setFailed(true);
  };

  const handlers = useRef({ signed: async () => {}, rejected: async () => {} });
  handlers.current = {
    async signed() {
      const args = { encId, documentId: doc.id, domain };
      const [accepted, status] = await Promise.all([settle(accept(args).unwrap()), settle(esignStatus(args).unwrap())]);
      const esign: EsignStatusData | null = status.ok ? status.value : null;
      if (esign?.esign_status === 'rejected') {
        notify.info(t('toasts.esignRejected'));
      } else if (esign?.esign_status === 'signed' || (accepted.ok && status.ok)) {
        notify.success(t('toasts.signed'));
      } else {
        reportFailure(!accepted.ok ? accepted.error : !status.ok ? status.error : undefined);
      }
    },
    async rejected() {
      const result = await settle(esignStatus({ encId, documentId: doc.id, domain }).unwrap());
      if (result.ok) {
        notify.info(t('toasts.esignRejected'));
      } else {
        reportFailure(result.error);
      }
    },
  };

  useEffect(() => {
    if (!origin || origin === 'null') return undefined;
    // Only this frame's messages, from the provider's origin (the page's window message guard checks both).
    const source = () => frameRef.current?.contentWindow ?? null;
    return onTrustedMessage({ origin, source }, (event) => {
      const type = messageType(event.data);
      const run =
        type === EsignMessageTypes.signed
          ? handlers.current.signed
          : type === EsignMessageTypes.rejected
            ? handlers.current.rejected
            : null;
      if (!run || busy.current) return;
      busy.current = true;
      setFailed(false);
      setSaving(true);
      void run().finally(() => {
        busy.current = false;
        setSaving(false);
      });
    });
  }, [origin]);

  if (!origin || !doc.url) {
    return <ErrorState message={t('document.esignUnavailable')} />;
  }

  return (
    <div className="cw-offers-esign">
      <p className="cw-offers-muted">{t('document.esignIntro')}</p>
      {failed && <ActionAlert placement="frame">{t('errors.acceptDocument')}</ActionAlert>}
      {saving && <LoadingState label={t('document.esignSaving')} />}
      <iframe
        ref={frameRef}
        className="cw-offers-esign__frame"
        src={doc.url}
        title={t('document.esignFrameTitle', { name: doc.name })}
        // The provider's page may run scripts, post its form and open its own pop-ups, but cannot navigate this page.
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
