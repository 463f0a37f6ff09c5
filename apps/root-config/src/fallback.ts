import type { LifeCycles } from 'single-spa';
import type { ManifestWidget } from '@careers/shared/contract';
import { EMBED_SLOTS, commonText, createShadowHost, watchSlot } from '@careers/shared';

export interface Notice {
  remove(): void;
}

/** Puts a small "unavailable" notice (plain DOM, no React) into the widget's own slot. */
export function showUnavailableNotice(widget: Pick<ManifestWidget, 'name' | 'slot'>): Notice {
  const { host, mountPoint } = createShadowHost(widget.name, []);
  const notice = document.createElement('div');
  notice.className = 'cw-widget-fallback';
  notice.setAttribute('role', 'status');
  notice.textContent = commonText('widget.unavailable');
  mountPoint.appendChild(notice);
  const watcher = watchSlot(widget.slot, host);
  return {
    remove() {
      watcher.stop();
      host.remove();
    },
  };
}

/**
 * Lifecycles used in place of a widget whose bundle could not be loaded: the notice in the widget's own slot,
 * so the page and the other widgets go on working.
 */
export function unavailableWidget(widget: ManifestWidget): LifeCycles {
  let notice: Notice | null = null;
  return {
    async bootstrap() {},
    async mount() {
      notice = showUnavailableNotice(widget);
    },
    async unmount() {
      notice?.remove();
      notice = null;
    },
  };
}

/**
 * The root config could not start (no starting data, the careers server or its manifest out of reach, this page's
 * origin not allowed): the notice in every widget slot the page has, so no slot stays blank, and the console says
 * what to check (docs/product/shell.md#loading-widgets).
 */
export function showStartFailure(error: unknown): void {
  console.error(
    '[careers] the careers widgets could not start:',
    error instanceof Error ? error.message : error,
    error,
  );
  for (const slot of EMBED_SLOTS) {
    if (document.getElementById(slot)) showUnavailableNotice({ name: `careers-${slot}`, slot });
  }
}
