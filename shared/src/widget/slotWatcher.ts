/**
 * How often, and how many times, a widget looks for its page slot after each route change
 * (docs/product/shell.md#page-slots).
 */
export const SLOT_POLL_INTERVAL_MS = 300;
export const SLOT_POLL_ATTEMPTS = 30;

export interface SlotWatcher {
  /** Starts a new search now (also done on every single-spa routing event). */
  search(): void;
  stop(): void;
}

/**
 * Keeps `host` inside the page element whose id is `slotId`. The host page may render the slot late, or render it
 * again after a route change, so after each routing event the element is looked for every 300 ms, up to 30 times.
 */
export function watchSlot(slotId: string, host: HTMLElement, win: Window = window): SlotWatcher {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const attach = (): boolean => {
    const slot = win.document.getElementById(slotId);
    if (!slot) return false;
    if (host.parentNode !== slot) slot.appendChild(host);
    return true;
  };

  const search = () => {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    let attempts = 0;
    const tick = () => {
      timer = undefined;
      attempts += 1;
      if (attach() || attempts >= SLOT_POLL_ATTEMPTS || stopped) return;
      timer = setTimeout(tick, SLOT_POLL_INTERVAL_MS);
    };
    tick();
  };

  win.addEventListener('single-spa:routing-event', search);
  search();

  return {
    search,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      win.removeEventListener('single-spa:routing-event', search);
    },
  };
}
