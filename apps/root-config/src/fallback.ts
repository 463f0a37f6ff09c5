import type { LifeCycles } from 'single-spa';
import type { ManifestWidget } from '@careers/shared/contract';
import { createShadowHost, i18n, watchSlot, type SlotWatcher } from '@careers/shared';

/**
 * Lifecycles used in place of a widget whose bundle could not be loaded: a small notice in the widget's own slot,
 * with no React, so the page and the other widgets go on working.
 */
export function unavailableWidget(widget: ManifestWidget): LifeCycles {
  let mounted: { host: HTMLElement; watcher: SlotWatcher } | null = null;
  return {
    async bootstrap() {},
    async mount() {
      const { host, mountPoint } = createShadowHost(widget.name, []);
      const notice = document.createElement('div');
      notice.className = 'cw-widget-fallback';
      notice.setAttribute('role', 'status');
      notice.textContent = i18n.t('common:widget.unavailable');
      mountPoint.appendChild(notice);
      mounted = { host, watcher: watchSlot(widget.slot, host) };
    },
    async unmount() {
      mounted?.watcher.stop();
      mounted?.host.remove();
      mounted = null;
    },
  };
}
