import type { LifeCycles } from 'single-spa';
import type { ManifestWidget } from '@careers/shared/contract';
import { createShadowHost, i18n, watchSlot } from '@careers/shared';

export interface Notice {
  remove(): void;
}

/** Puts a small "unavailable" notice (plain DOM, no React) into the widget's own slot. */
export function showUnavailableNotice(widget: ManifestWidget): Notice {
  const { host, mountPoint } = createShadowHost(widget.name, []);
  const notice = document.createElement('div');
  notice.className = 'cw-widget-fallback';
  notice.setAttribute('role', 'status');
  notice.textContent = i18n.t('common:widget.unavailable');
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
