import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { domId } from './classNames';
import { Dialog, DialogBackdrop, type DialogSize } from './Dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  /** The question: text or paragraphs. It is the dialog's accessible description. */
  children: ReactNode;
  /** A control the answer needs (typing the account's email), under the question and not part of its description. */
  field?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button's text while `busy` ("Withdrawing…"); `confirmLabel` when not given. */
  busyLabel?: string;
  /** Disruptive (delete, withdraw, decline) or primary (upload). */
  tone?: 'disruptive' | 'primary';
  /** The confirmed action is running: the confirm button shows it, Cancel and Escape do nothing. */
  busy?: boolean;
  /** Small (420 px, the default) or medium (480 px). */
  size?: Extract<DialogSize, 'small' | 'medium'>;
  /** Confirm was pressed, or Enter in the field. */
  onConfirm: () => void;
  /** Cancel or Escape, when not busy. */
  onCancel: () => void;
}

/**
 * A modal question with Cancel and a confirm button, Cancel focused first (the safe choice) and Escape cancelling.
 * It is a form, so Enter in its `field` confirms. Render it only while open.
 */
export function ConfirmDialog({
  title,
  children,
  field,
  confirmLabel,
  cancelLabel,
  busyLabel,
  tone = 'disruptive',
  busy = false,
  size = 'small',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const prefix = domId('cw-confirm', useId());
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!busy) onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <DialogBackdrop>
      <Dialog
        labelledBy={`${prefix}-title`}
        aria-describedby={`${prefix}-body`}
        initialFocusRef={cancelRef}
        size={size}
        onClose={cancel}
      >
        <form className="cw-dialog__form" onSubmit={submit} noValidate>
          <h2 id={`${prefix}-title`} className="cw-dialog__title">
            {title}
          </h2>
          <div id={`${prefix}-body`} className="cw-dialog__body">
            {children}
          </div>
          {field}
          <div className="cw-dialog__actions">
            <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={tone} loading={busy}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </Dialog>
    </DialogBackdrop>
  );
}
