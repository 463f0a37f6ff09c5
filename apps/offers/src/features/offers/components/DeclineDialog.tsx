import { useTranslation, ConfirmDialog, notify } from '@careers/shared';
import { useDeclineOfferMutation } from '../endpoints';
import { failureToast, isCancelled } from '../errors';

/** Where a decline stands: sent (`pending`), then `declined` or `failed` (a cancelled call reports neither). */
type DeclineOutcome = 'pending' | 'declined' | 'failed';

export interface DeclineDialogProps {
  encId: string;
  domain: string;
  /** Closed: by Back to offer, Escape, or after the decline call answered. */
  onClose: () => void;
  /**
   * Told when Decline offer sends the call (`pending`) and how it ended, before `onClose`; DeclineAction shows the
   * helper error "There was a problem rejecting the offer" while the last decline `failed`.
   */
  onOutcome?: (outcome: DeclineOutcome) => void;
}

/**
 * Decline confirmation (docs/product/offers-and-signing.md#declining): "Decline offer?", what declining does, that it
 * cannot be undone, and the buttons Back to offer (focused first: the safe choice) and Decline offer. Success and
 * failure are toasts (docs/product/offers-and-signing.md#failure-messages); either way the dialog closes and the offer
 * is fetched again. The outcome is told (`onOutcome`) so that DeclineAction can keep a failure on screen next to its
 * Decline button.
 */
export function DeclineDialog({ encId, domain, onClose, onOutcome }: DeclineDialogProps) {
  const { t } = useTranslation('offers');
  const [decline, { isLoading }] = useDeclineOfferMutation();

  const confirm = async () => {
    if (isLoading) return;
    onOutcome?.('pending');
    try {
      await decline({ encId, domain }).unwrap();
      notify.success(t('toasts.declined'));
      onOutcome?.('declined');
    } catch (error) {
      const message = failureToast(error, t('toasts.declineFailed'));
      if (message) notify.error(message);
      if (!isCancelled(error)) onOutcome?.('failed');
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('decline.title')}
      confirmLabel={t('decline.confirm')}
      cancelLabel={t('decline.back')}
      busyLabel={t('decline.declining')}
      busy={isLoading}
      size="medium"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{t('decline.body')}</p>
      <p className="cw-offers-decline__warning">{t('decline.warning')}</p>
    </ConfirmDialog>
  );
}
