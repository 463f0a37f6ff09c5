import type { LifeCycleFn, LifeCycles } from 'single-spa';
import { SHELL_WIDGET, type ShellParts } from '@careers/shared';
import type { ManifestWidget } from '@careers/shared/contract';

/** The page element page widgets (and the sign-in gate) mount into. */
export const PAGE_SLOT = 'careers-main';

/**
 * Whether a widget is part of the page's first view, and so starts at once: the page widget (in the page slot),
 * and the shell on a page where it draws the promo banner or the hero image (then the largest content at the top of
 * the page). `shell`: the shell's parts on this page (`shellParts`).
 */
export function startsWithPage(
  widget: Pick<ManifestWidget, 'name' | 'slot'>,
  shell: Pick<ShellParts, 'promo' | 'hero'>,
): boolean {
  return widget.slot === PAGE_SLOT || (widget.name === SHELL_WIDGET && (shell.promo !== null || shell.hero !== null));
}

/** At the latest this long after start, the widgets around the page start even if the page widget has not mounted. */
export const PAGE_FIRST_MAX_WAIT_MS = 3000;

export interface PageFirst {
  /** Settles when the widgets around the page may load their code and mount. */
  readonly ready: Promise<void>;
  /** Wraps the page widget's lifecycles (or its fallback): its first mount, done or failed, lets the others start. */
  track<T>(lifecycles: LifeCycles<T>): LifeCycles<T>;
}

/**
 * The page's own content first. On the first page view the page widget (the one in the page slot, or the sign-in
 * gate) is the page's largest paint; the widgets around it (bell, first-run gate, and the shell unless it draws a
 * banner or hero on this page: `startsWithPage`) load their code and mount after the page widget's first mount has
 * settled, so their script work does not run before that paint. Later route changes are not held: `ready` stays
 * settled.
 *
 * - `pageActiveAtStart` false (no page widget on this page): nothing waits.
 * - The page widget's mount fails, or its bundle does not load (its fallback mounts instead): the others start.
 * - At most `maxWaitMs` after this call, whatever happened (a stalled page widget holds nothing up for long).
 */
export function createPageFirst(pageActiveAtStart: boolean, maxWaitMs = PAGE_FIRST_MAX_WAIT_MS): PageFirst {
  let release!: () => void;
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  });
  const timer = pageActiveAtStart ? setTimeout(() => release(), maxWaitMs) : null;
  const done = () => {
    if (timer !== null) clearTimeout(timer);
    release();
  };
  if (!pageActiveAtStart) done();

  return {
    ready,
    track<T>(lifecycles: LifeCycles<T>): LifeCycles<T> {
      const steps = ([] as Array<LifeCycleFn<T>>).concat(lifecycles.mount);
      const mount: LifeCycleFn<T> = async (props) => {
        try {
          for (const step of steps) await step(props);
        } finally {
          done();
        }
      };
      return { ...lifecycles, mount };
    },
  };
}
