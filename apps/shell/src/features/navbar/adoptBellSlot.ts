/** The page element the notification bell mounts into (spec 000 §2 "Notification centre"). */
export const BELL_SLOT_ID = 'candidate-notification-trigger';
/** The navbar's named `<slot>` the bell element is shown in. */
export const BELL_SLOT_NAME = 'bell';

/**
 * Shows the page's bell slot inside the navbar while the navbar is drawn: the element (with the bell widget
 * already in it, or about to be) becomes a light-DOM child of the navbar's host, projected into the navbar's
 * `<slot name="bell">`. It keeps its id, so the bell widget still finds it, and the page never holds two elements
 * with that id. When the page has no bell slot, the navbar adds one. The returned function puts everything back.
 */
export function adoptBellSlot(navbarHost: Element, doc: Document = document): () => void {
  const existing = doc.getElementById(BELL_SLOT_ID);
  if (existing && navbarHost.contains(existing)) return () => undefined;
  const element = existing ?? doc.createElement('div');
  const home = existing ? { parent: existing.parentNode, next: existing.nextSibling } : null;
  const previousSlot = element.getAttribute('slot');
  if (!existing) element.id = BELL_SLOT_ID;
  element.setAttribute('slot', BELL_SLOT_NAME);
  navbarHost.appendChild(element);
  return () => {
    if (!home) {
      element.remove();
      return;
    }
    if (previousSlot === null) element.removeAttribute('slot');
    else element.setAttribute('slot', previousSlot);
    if (home.parent?.isConnected)
      home.parent.insertBefore(element, home.next?.parentNode === home.parent ? home.next : null);
    else element.remove();
  };
}
