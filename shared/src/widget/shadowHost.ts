import baseCss from './base.css';
import tokensCss from '../design/tokens.css';
import componentsCss from '../design/components.css';
import { i18n } from '../i18n/i18n';
import { directionOf, SOURCE_LANGUAGE } from '../contract/language-basics';

/**
 * Every widget's shadow root holds the same base, token and component sheets (and a widget's parts share its own):
 * each text is parsed once into a constructed style sheet that every shadow root adopts, instead of a <style>
 * element per root that the browser parses again for each widget.
 */
const constructed = new Map<string, CSSStyleSheet>();

function constructedSheet(css: string): CSSStyleSheet {
  let sheet = constructed.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    constructed.set(css, sheet);
  }
  return sheet;
}

/** Constructed, adoptable style sheets (every current browser; not jsdom, which gets <style> elements). */
function canAdoptSheets(root: ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    typeof (CSSStyleSheet.prototype as Partial<CSSStyleSheet>).replaceSync === 'function'
  );
}

/**
 * Adds style sheets (text) to a shadow root after the ones it has, in the way the root holds its sheets: adopted
 * constructed sheets when the widget's host adopted its own (the same constructed sheet for the same text), else
 * <style> elements (marked `data-cw-styles`) before the root's content. A sheet already there is not added again. For
 * modules that draw inside another widget's root (the forms renderer).
 */
export function adoptStyles(root: ShadowRoot, styles: readonly string[], marker: string): void {
  if (root.adoptedStyleSheets?.length > 0 && canAdoptSheets(root)) {
    const missing = styles.map(constructedSheet).filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
    if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
    return;
  }
  if (root.querySelector(`style[data-cw-styles="${marker}"]`)) return;
  const content = Array.from(root.children).find((child) => child.localName !== 'style') ?? null;
  for (const css of styles) {
    const style = document.createElement('style');
    style.setAttribute('data-cw-styles', marker);
    style.textContent = css;
    root.insertBefore(style, content);
  }
}

/** Whether `root` holds the sheets {@link adoptStyles} added with `marker` (and these texts). */
export function hasAdoptedStyles(root: ShadowRoot, styles: readonly string[], marker: string): boolean {
  if (root.adoptedStyleSheets?.length > 0 && canAdoptSheets(root)) {
    return styles.every((css) => {
      const sheet = constructed.get(css);
      return sheet !== undefined && root.adoptedStyleSheets.includes(sheet);
    });
  }
  return root.querySelector(`style[data-cw-styles="${marker}"]`) !== null;
}

/** Every host made, weakly: a language change sets `lang` and `dir` on those still alive. */
const hosts = new Set<WeakRef<HTMLElement>>();
let following = false;

function applyLanguage(host: HTMLElement): void {
  const language = i18n.language || SOURCE_LANGUAGE;
  host.lang = language;
  host.dir = directionOf(language);
}

/**
 * A widget's host carries the page language and its direction (`dir="rtl"` for Arabic and Hebrew), whatever the
 * employer's page says: the widget's CSS uses logical properties, so it mirrors with `dir`
 * (docs/product/languages.md#right-to-left).
 */
function followLanguage(host: HTMLElement): void {
  applyLanguage(host);
  hosts.add(new WeakRef(host));
  if (following) return;
  following = true;
  i18n.on('languageChanged', () => {
    for (const ref of [...hosts]) {
      const alive = ref.deref();
      if (alive) applyLanguage(alive);
      else hosts.delete(ref);
    }
  });
}

export interface ShadowHost {
  /** The element placed into the page slot. */
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  /** Where React renders, inside the shadow root. */
  mountPoint: HTMLElement;
}

/**
 * Creates a widget's isolated host: an open shadow root adopting the base sheet, the design tokens, the design
 * system's component styles and the widget's own sheets (constructed once per page), and the React mount point. Styles inside never reach the host page, and host-page selectors never match inside.
 */
export function createShadowHost(
  name: string,
  styles: readonly string[],
  display: 'inline' | 'block' = 'inline',
): ShadowHost {
  const host = document.createElement('div');
  host.setAttribute('data-careers-widget', name);
  followLanguage(host);
  if (display === 'block') host.setAttribute('data-cw-display', 'block');
  const shadowRoot = host.attachShadow({ mode: 'open' });
  const sheets = [baseCss, tokensCss, componentsCss, ...styles].filter(Boolean);
  if (canAdoptSheets(shadowRoot)) {
    shadowRoot.adoptedStyleSheets = sheets.map(constructedSheet);
  } else {
    for (const css of sheets) {
      const style = document.createElement('style');
      style.textContent = css;
      shadowRoot.appendChild(style);
    }
  }
  const mountPoint = document.createElement('div');
  mountPoint.className = 'cw-mount';
  shadowRoot.appendChild(mountPoint);
  return { host, shadowRoot, mountPoint };
}
