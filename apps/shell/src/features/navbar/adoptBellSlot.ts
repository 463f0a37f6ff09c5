import { SLOT_POLL_ATTEMPTS, SLOT_POLL_INTERVAL_MS } from '@careers/shared';

/** The page element the notification bell mounts into (docs/product/notifications.md#bell-slot). */
export const BELL_SLOT_ID = 'candidate-notification-trigger';
/** The navbar's named `<slot>` the bell element is shown in. */
export const BELL_SLOT_NAME = 'bell';

/** An element shown in the navbar, and how to put it back. */
interface Adopted {
  element: Element;
  /** Where the page had it; null for the navbar's own stand-in. */
  home: { parent: ParentNode | null; next: ChildNode | null; slot: string | null } | null;
}

/** Elements of the page with the bell's id, other than `held` (the one the navbar shows). */
function otherBellSlot(doc: Document, held: Element): Element | null {
  for (const element of doc.querySelectorAll(`[id="${BELL_SLOT_ID}"]`)) {
    if (element !== held) return element;
  }
  return null;
}

function take(navbarHost: Element, element: Element, own: boolean): Adopted {
  const home = own
    ? null
    : { parent: element.parentNode, next: element.nextSibling, slot: element.getAttribute('slot') };
  element.setAttribute('slot', BELL_SLOT_NAME);
  navbarHost.appendChild(element);
  return { element, home };
}

function giveBack({ element, home }: Adopted): void {
  if (!home) {
    element.remove();
    return;
  }
  if (home.slot === null) element.removeAttribute('slot');
  else element.setAttribute('slot', home.slot);
  if (home.parent?.isConnected)
    home.parent.insertBefore(element, home.next?.parentNode === home.parent ? home.next : null);
  else element.remove();
}

/**
 * Shows the page's bell slot inside the navbar while the navbar is drawn: the element (with the bell widget
 * already in it, or about to be) becomes a light-DOM child of the navbar's host, projected into the navbar's
 * `<slot name="bell">`. It keeps its id, so the bell widget still finds it.
 *
 * The page holds one element with that id, so one bell, never two and never none. When the page has no bell slot,
 * the navbar adds a stand-in of its own. The employer's element may arrive later (rendered by its own front end):
 * like every slot (docs/product/shell.md#page-slots) it is looked for every 300 ms, up to 30 times, at once and after
 * each route change. When it arrives, the employer's element wins: it takes the stand-in's place in the navbar, the
 * bell (whatever the stand-in held) moves into it, and the stand-in goes. A newer element of the employer, when its
 * front end has drawn its header again (the held element's place is gone), replaces the held one the same way. The
 * returned function stops looking and puts everything back.
 */
export function adoptBellSlot(navbarHost: Element, doc: Document = document): () => void {
  if (navbarHost.isConnected) return adoptIntoConnectedNavbar(navbarHost, doc);
  // The navbar is not on the page (an employer's page without the careers-navbar slot, or not yet): the bell stays
  // where the page has it. Taken into a navbar nobody sees, it would vanish from the page. The navbar's slot is
  // looked for like any other (docs/product/shell.md#page-slots).
  let stop: (() => void) | undefined;
  let attempts = 0;
  const timer = setInterval(() => {
    attempts += 1;
    if (navbarHost.isConnected) {
      clearInterval(timer);
      stop = adoptIntoConnectedNavbar(navbarHost, doc);
    } else if (attempts >= SLOT_POLL_ATTEMPTS) {
      clearInterval(timer);
    }
  }, SLOT_POLL_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    stop?.();
  };
}

function adoptIntoConnectedNavbar(navbarHost: Element, doc: Document): () => void {
  const win = doc.defaultView ?? window;
  const existing = doc.getElementById(BELL_SLOT_ID);
  if (existing && navbarHost.contains(existing)) return () => undefined;

  let held: Adopted;
  if (existing) {
    held = take(navbarHost, existing, false);
  } else {
    const standIn = doc.createElement('div');
    standIn.id = BELL_SLOT_ID;
    held = take(navbarHost, standIn, true);
  }

  /** Takes an element of the page with the bell's id that arrived since; true when there was one. */
  const adoptNewcomer = (): boolean => {
    // The held element stays while the page still has the place it came from (an employer page that keeps two
    // elements with the id is left as it is, with the bell where it is); a stand-in, or an element whose header
    // the employer's front end has thrown away, gives way.
    if (held.home?.parent?.isConnected) return false;
    const newcomer = otherBellSlot(doc, held.element);
    if (!newcomer) return false;
    const previous = held;
    held = take(navbarHost, newcomer, false);
    // The bell (the widget's host, mounted or not yet) goes with the place it is shown in.
    newcomer.append(...previous.element.childNodes);
    giveBack(previous);
    return true;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const search = () => {
    if (timer !== undefined) clearTimeout(timer);
    let attempts = 0;
    const tick = () => {
      timer = undefined;
      attempts += 1;
      if (adoptNewcomer() || attempts >= SLOT_POLL_ATTEMPTS) return;
      timer = setTimeout(tick, SLOT_POLL_INTERVAL_MS);
    };
    timer = setTimeout(tick, SLOT_POLL_INTERVAL_MS);
  };
  win.addEventListener('single-spa:routing-event', search);
  search();

  return () => {
    win.removeEventListener('single-spa:routing-event', search);
    if (timer !== undefined) clearTimeout(timer);
    giveBack(held);
  };
}
