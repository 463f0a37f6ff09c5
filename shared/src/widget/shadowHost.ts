import baseCss from './base.css';
import tokensCss from '../design/tokens.css';
import componentsCss from '../design/components.css';

export interface ShadowHost {
  /** The element placed into the page slot. */
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  /** Where React renders, inside the shadow root. */
  mountPoint: HTMLElement;
}

/**
 * Creates a widget's isolated host: an open shadow root holding the base sheet, the design tokens, the design
 * system's component styles, the widget's own sheets and the React mount point. Styles inside never reach the host page, and host-page selectors never match inside.
 */
export function createShadowHost(
  name: string,
  styles: readonly string[],
  display: 'inline' | 'block' = 'inline',
): ShadowHost {
  const host = document.createElement('div');
  host.setAttribute('data-careers-widget', name);
  if (display === 'block') host.setAttribute('data-cw-display', 'block');
  const shadowRoot = host.attachShadow({ mode: 'open' });
  for (const css of [baseCss, tokensCss, componentsCss, ...styles]) {
    if (!css) continue;
    const style = document.createElement('style');
    style.textContent = css;
    shadowRoot.appendChild(style);
  }
  const mountPoint = document.createElement('div');
  mountPoint.className = 'cw-mount';
  shadowRoot.appendChild(mountPoint);
  return { host, shadowRoot, mountPoint };
}
