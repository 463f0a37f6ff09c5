/**
 * Focus helpers that work inside shadow roots. When focus is inside a shadow root, `document.activeElement` is
 * the shadow host; the focused element itself is the root's `activeElement` (possibly nested further).
 */

/** The element that really has focus, looking through open shadow roots. `root` defaults to the document. */
export function getActiveElement(
  root: Document | ShadowRoot | null = typeof document === 'undefined' ? null : document,
): Element | null {
  let active: Element | null = root?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Elements inside `container` reachable with the Tab key, in document order. */
export function getTabbableElements(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => {
    if (el.tabIndex < 0) return false;
    if (el.hasAttribute('disabled')) return false;
    if (el.closest('[inert]')) return false;
    return true;
  });
}

/** Focuses an element without scrolling the page where supported. */
export function focusElement(el: HTMLElement | null | undefined): void {
  if (!el) return;
  try {
    el.focus({ preventScroll: true });
  } catch {
    el.focus();
  }
}
