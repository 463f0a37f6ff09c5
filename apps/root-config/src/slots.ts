import { SHELL_SLOTS, SHELL_WIDGET, SLOT_POLL_ATTEMPTS, SLOT_POLL_INTERVAL_MS } from '@careers/shared';
import type { ManifestWidget } from '@careers/shared/contract';

/** Whether the page has the element a widget mounts into. */
export const slotPresent = (id: string): boolean => document.getElementById(id) !== null;

/** The page elements a widget draws into: its slot, and for the shell each of its three slots. */
export function slotsOf(widget: Pick<ManifestWidget, 'name' | 'slot'>): string[] {
  return widget.name === SHELL_WIDGET ? [...new Set([widget.slot, ...Object.values(SHELL_SLOTS)])] : [widget.slot];
}

/**
 * A widget whose slot is not on the page is not activated, so its bundle is never downloaded (an employer page
 * without the bell's slot pays nothing for the bell). Slots may appear late (rendered by the employer's own front
 * end): after start and after each route change, missing slots are looked for every 300 ms, up to 30 times, and
 * the widgets are re-evaluated (`reroute`) as soon as one appears.
 */
export function followSlots(ids: readonly string[], reroute: () => void): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const watch = () => {
    if (timer !== null) clearInterval(timer);
    let missing = ids.filter((id) => !slotPresent(id));
    let attempts = 0;
    if (missing.length === 0) return;
    timer = setInterval(() => {
      attempts += 1;
      const appeared = missing.filter(slotPresent);
      if (appeared.length > 0) {
        missing = missing.filter((id) => !appeared.includes(id));
        reroute();
      }
      if (missing.length === 0 || attempts >= SLOT_POLL_ATTEMPTS) {
        clearInterval(timer!);
        timer = null;
      }
    }, SLOT_POLL_INTERVAL_MS);
  };
  window.addEventListener('single-spa:routing-event', watch);
  watch();
  return () => {
    window.removeEventListener('single-spa:routing-event', watch);
    if (timer !== null) clearInterval(timer);
  };
}
