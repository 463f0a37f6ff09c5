import type { MouseEvent, ReactNode, RefObject } from 'react';
import { Dialog, DialogBackdrop } from '@careers/shared';

export interface GateDialogProps {
  /** Id of the dialog's heading (its accessible name). */
  labelledBy: string;
  /** Id of the text that describes the dialog, if any. */
  describedBy?: string;
  /** Element focused when the dialog opens (the heading). */
  initialFocusRef: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/** Escape and other close requests do nothing: a gate is left only by completing it. */
const stayOpen = () => {};

/** A press on the backdrop does nothing, and does not take focus out of the dialog (to the page's body). */
const keepFocus = (event: MouseEvent<HTMLDivElement>) => {
  if (event.target === event.currentTarget) event.preventDefault();
};

/**
 * A page-level gate: a modal dialog that cannot be closed (no close button, Escape does nothing, a click on the
 * backdrop does nothing), over a backdrop that covers the page, with keyboard focus trapped inside.
 *
 * The widget cannot make the host page `inert` (it owns only its shadow root), so the backdrop takes every
 * pointer event, the focus trap brings back focus that leaves the dialog, and `aria-modal` tells assistive
 * technology to ignore the page behind.
 */
export function GateDialog({ labelledBy, describedBy, initialFocusRef, className, children }: GateDialogProps) {
  return (
    <DialogBackdrop data-testid="onboarding-backdrop" onMouseDown={keepFocus}>
      <Dialog
        size="large"
        className={className}
        labelledBy={labelledBy}
        aria-describedby={describedBy}
        initialFocusRef={initialFocusRef}
        onClose={stayOpen}
      >
        {children}
      </Dialog>
    </DialogBackdrop>
  );
}

/** A DOM id from React's `useId` (which may contain characters such as ':' or '«'). */
export { domId } from '@careers/shared';
