import { useId, useRef, type ReactNode } from 'react';
import { Button, Dialog, DialogBackdrop, domId } from '@careers/shared';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Disruptive (delete) or primary (upload). */
  tone?: 'disruptive' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with Cancel (focused first, and Escape) and a confirm button. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'disruptive',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const prefix = domId('cw-profile-confirm', useId());
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogBackdrop>
      <Dialog
        labelledBy={`${prefix}-title`}
        aria-describedby={`${prefix}-body`}
        initialFocusRef={cancelRef}
        size="small"
        onClose={() => {
          if (!busy) onCancel();
        }}
      >
        <h2 id={`${prefix}-title`} className="cw-dialog__title">
          {title}
        </h2>
        <div id={`${prefix}-body`} className="cw-profile-confirm__body">
          {children}
        </div>
        <div className="cw-dialog__actions">
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </Dialog>
    </DialogBackdrop>
  );
}
