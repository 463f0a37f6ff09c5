import { useId, useRef } from 'react';
import { Button, Dialog, DialogBackdrop, domId } from '@careers/shared';
import type { DashboardConfirm } from '@careers/shared/contract';

export interface ConfirmDialogProps {
  /** The card's texts for it (title, message, the two buttons), in the candidate's language. */
  texts: DashboardConfirm;
  /** The confirmed action is running: its button is busy, nothing closes the dialog. */
  busy: boolean;
  /** The busy button's text ("Withdrawing…"). */
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks to confirm an action a card offers (withdrawing an application): the safe choice is focused first. */
export function ConfirmDialog({ texts, busy, busyLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = domId('cw-dash-confirm-', useId());
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogBackdrop>
      <Dialog
        labelledBy={`${id}-title`}
        aria-describedby={`${id}-body`}
        initialFocusRef={cancelRef}
        size="small"
        onClose={() => {
          if (!busy) onCancel();
        }}
      >
        <h2 id={`${id}-title`} className="cw-dialog__title">
          {texts.title}
        </h2>
        <p id={`${id}-body`} className="cw-dash-confirm__body">
          {texts.message}
        </p>
        <div className="cw-dialog__actions">
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {texts.cancelLabel}
          </Button>
          <Button variant="disruptive" loading={busy} onClick={onConfirm}>
            {busy ? busyLabel : texts.confirmLabel}
          </Button>
        </div>
      </Dialog>
    </DialogBackdrop>
  );
}
