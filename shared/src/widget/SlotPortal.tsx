import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { createShadowHost, type ShadowHost } from './shadowHost';
import { ShadowRootContext } from './shadowRootContext';
import { watchSlot } from './slotWatcher';

export interface SlotPortalProps {
  /** Id of the page element to draw into (looked for like a widget's own slot, after every route change). */
  slot: string;
  /** Name of the isolated host (`data-careers-widget`), e.g. `shell-footer`. */
  name: string;
  /** The widget's style sheets (text), adopted in the host's shadow root. */
  styles: readonly string[];
  children: ReactNode;
}

/**
 * Draws part of a widget into another page slot, in an isolated shadow-root host of its own (the same base sheet,
 * design tokens and components as the widget's main host), with the widget's store, texts and context. The host
 * is added when the portal mounts and removed when it unmounts, so a slot with nothing to show stays empty.
 */
export function SlotPortal({ slot, name, styles, children }: SlotPortalProps) {
  const [host, setHost] = useState<ShadowHost | null>(null);
  useLayoutEffect(() => {
    const created = createShadowHost(name, styles, 'block');
    const watcher = watchSlot(slot, created.host);
    setHost(created);
    return () => {
      watcher.stop();
      created.host.remove();
    };
    // The style sheets are module constants of the widget; a new array with the same sheets is the same host.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slot, name]);
  if (!host) return null;
  return createPortal(
    <ShadowRootContext.Provider value={host.shadowRoot}>{children}</ShadowRootContext.Provider>,
    host.mountPoint,
  );
}
