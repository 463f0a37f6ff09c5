import { useId, useState } from 'react';
import { useTranslation, Button } from '@careers/shared';
import { ActionAlert } from './ActionAlert';
import { DeclineDialog } from './DeclineDialog';

export interface DeclineActionProps {
  encId: string;
  domain: string;
  /** The offer can still be declined: the Decline button shows. */
  live: boolean;
}

/**
 * The Decline action of an offer page's header (docs/product/offers-and-signing.md#declining), the same on the offer
 * page and the offer-letter page: the Decline button while the offer is live, the confirmation it opens, and "There was
 * a problem rejecting the offer" under the button while the last decline failed. The alert stays when the candidate
 * only reopens the modal and goes back, goes as soon as a decline is sent again, and takes focus when it appears (the
 * dialog has closed; Shift+Tab goes back to Decline). Render it inside the page's `cw-offers-header`.
 */
export function DeclineAction({ encId, domain, live }: DeclineActionProps) {
  const { t } = useTranslation('offers');
  const errorId = `cw-decline-error-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  return (
    <>
      {(live || failed) && (
        <div className="cw-offers-header__actions">
          {live && (
            <Button
              variant="disruptive-secondary"
              aria-describedby={failed ? errorId : undefined}
              onClick={() => setOpen(true)}
            >
              {t('detail.decline')}
            </Button>
          )}
          {failed && (
            <ActionAlert id={errorId} focusOnShow placement="header">
              {t('errors.declineOffer')}
            </ActionAlert>
          )}
        </div>
      )}
      {/* Outside the actions column: its small-screen rule stretches every button in it. */}
      {open && (
        <DeclineDialog
          encId={encId}
          domain={domain}
          onClose={() => setOpen(false)}
          onOutcome={(outcome) => setFailed(outcome === 'failed')}
        />
      )}
    </>
  );
}
