/**
 * Holds work that changes the layout (showing the errors a blur found) until the pointer interaction in progress
 * has ended, its click included, so that nothing moves under a finger or a mouse between press and release
 * (decision 015).
 *
 * Why the two waits:
 * - a mouse press moves the focus on `mousedown`, long before the release: the work waits for `pointerup` (or
 *   `pointercancel`), then for one task, because the browser dispatches `mouseup` and `click` in the same task as
 *   `pointerup`, and their target is hit-tested against the layout of that moment;
 * - a tap moves the focus on the `mousedown` the browser makes up after `pointerup`, in the same task as its
 *   `mouseup` and `click`: no pointer is pressed any more, and one task later the click has landed.
 * Keyboard blurs (Tab) wait for that one task too, which nobody can see.
 */
export interface PointerGate {
  /** Runs `job` once no pointer is pressed, a task after the last release (so after its click). */
  run(job: () => void): void;
  /** Stops listening; pending work is dropped (the form is gone). */
  dispose(): void;
}

export function createPointerGate(target: Document | null | undefined): PointerGate {
  let pressed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const queue: Array<() => void> = [];

  const flush = () => {
    timer = undefined;
    if (pressed || disposed) return;
    for (const job of queue.splice(0)) job();
  };
  const flushAfterThisTask = () => {
    if (timer !== undefined || queue.length === 0) return;
    timer = setTimeout(flush, 0);
  };
  const press = () => {
    pressed = true;
  };
  const release = () => {
    if (!pressed) return;
    pressed = false;
    flushAfterThisTask();
  };
  // A release outside the page can go unreported: a move with no button down ends the press as well.
  const move = (event: Event) => {
    if (pressed && (event as PointerEvent).buttons === 0) release();
  };

  const view = target?.defaultView ?? null;
  // Capture on the document: every press counts, wherever it lands (the footer, the host page, a shadow root).
  target?.addEventListener('pointerdown', press, true);
  target?.addEventListener('pointerup', release, true);
  target?.addEventListener('pointercancel', release, true);
  target?.addEventListener('pointermove', move, true);
  // The window losing focus (another app, a dialog of the browser) ends any press as far as the form can know.
  view?.addEventListener('blur', release);

  return {
    run(job) {
      if (disposed) return;
      queue.push(job);
      if (!pressed) flushAfterThisTask();
    },
    dispose() {
      disposed = true;
      queue.length = 0;
      if (timer !== undefined) clearTimeout(timer);
      target?.removeEventListener('pointerdown', press, true);
      target?.removeEventListener('pointerup', release, true);
      target?.removeEventListener('pointercancel', release, true);
      target?.removeEventListener('pointermove', move, true);
      view?.removeEventListener('blur', release);
    },
  };
}
