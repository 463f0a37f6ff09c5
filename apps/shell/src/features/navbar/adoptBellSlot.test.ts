import { adoptBellSlot, BELL_SLOT_ID } from './adoptBellSlot';

beforeEach(() => {
  document.body.innerHTML = '';
});

it("shows the page's bell element in the navbar (one element, same id) and puts it back", () => {
  document.body.innerHTML =
    '<header><span id="before"></span><div id="candidate-notification-trigger"><button>Bell</button></div><span id="after"></span></header>';
  const navbar = document.createElement('div');
  document.body.appendChild(navbar);
  const bell = document.getElementById(BELL_SLOT_ID)!;

  const restore = adoptBellSlot(navbar);
  expect(bell.parentElement).toBe(navbar);
  expect(bell.getAttribute('slot')).toBe('bell');
  expect(document.querySelectorAll(`#${BELL_SLOT_ID}`)).toHaveLength(1);
  expect(bell.textContent).toBe('Bell');

  restore();
  expect(bell.parentElement?.tagName).toBe('HEADER');
  expect(bell.previousElementSibling?.id).toBe('before');
  expect(bell.nextElementSibling?.id).toBe('after');
  expect(bell.hasAttribute('slot')).toBe(false);
});

it('adds a bell element when the page has none, and removes it again', () => {
  const navbar = document.createElement('div');
  document.body.appendChild(navbar);
  const restore = adoptBellSlot(navbar);
  const bell = document.getElementById(BELL_SLOT_ID);
  expect(bell?.parentElement).toBe(navbar);
  restore();
  expect(document.getElementById(BELL_SLOT_ID)).toBeNull();
});

describe('a bell slot the employer adds late (docs/product/notifications.md#bell-slot: every 300 ms, up to 30 times, after each route change)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The employer's page: its header, where its front end will add the bell's element. */
  function employerPage() {
    document.body.innerHTML = '<header id="employer"><span id="account"></span></header>';
    const navbar = document.createElement('div');
    document.body.prepend(navbar);
    return { navbar, header: document.getElementById('employer')! };
  }

  /** What the employer's front end does: adds the element, empty, in its header. */
  function addEmployerSlot(header: Element): HTMLElement {
    const slot = document.createElement('div');
    slot.id = BELL_SLOT_ID;
    header.prepend(slot);
    return slot;
  }

  const slots = () => document.querySelectorAll(`[id="${BELL_SLOT_ID}"]`);

  it('gives the bell to the element added 2.5 s after load, shown in the navbar, and drops the stand-in', () => {
    const { navbar, header } = employerPage();
    const restore = adoptBellSlot(navbar);
    const standIn = document.getElementById(BELL_SLOT_ID)!;
    // The bell widget mounted into the stand-in meanwhile.
    const bellHost = document.createElement('div');
    bellHost.setAttribute('data-careers-widget', 'notifications');
    standIn.append(bellHost);

    jest.advanceTimersByTime(2500);
    const late = addEmployerSlot(header);
    expect(slots()).toHaveLength(2);
    jest.advanceTimersByTime(300);

    expect(slots()).toHaveLength(1);
    expect(document.getElementById(BELL_SLOT_ID)).toBe(late);
    expect(late.parentElement).toBe(navbar);
    expect(late.getAttribute('slot')).toBe('bell');
    expect(bellHost.parentElement).toBe(late);
    expect(standIn.isConnected).toBe(false);

    // The navbar goes: the employer's element, bell and all, goes back to the employer's header.
    restore();
    expect(late.parentElement).toBe(header);
    expect(late.nextElementSibling?.id).toBe('account');
    expect(late.hasAttribute('slot')).toBe(false);
    expect(bellHost.parentElement).toBe(late);
    expect(slots()).toHaveLength(1);
  });

  it('stops looking after 30 attempts, and looks again after a route change', () => {
    const { navbar, header } = employerPage();
    const restore = adoptBellSlot(navbar);
    const standIn = document.getElementById(BELL_SLOT_ID)!;
    jest.advanceTimersByTime(30 * 300);
    expect(jest.getTimerCount()).toBe(0);

    const late = addEmployerSlot(header);
    jest.advanceTimersByTime(3000);
    expect(standIn.parentElement).toBe(navbar);
    expect(slots()).toHaveLength(2);

    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    jest.advanceTimersByTime(300);
    expect(slots()).toHaveLength(1);
    expect(late.parentElement).toBe(navbar);
    restore();
    expect(jest.getTimerCount()).toBe(0);
  });

  it("keeps the employer's element it holds while its place is there; takes a new one when the header was redrawn", () => {
    const { navbar, header } = employerPage();
    const first = addEmployerSlot(header);
    const restore = adoptBellSlot(navbar);
    expect(first.parentElement).toBe(navbar);

    // The employer's front end draws its header again, with a new element.
    header.remove();
    const redrawn = document.createElement('header');
    document.body.append(redrawn);
    const second = addEmployerSlot(redrawn);
    window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    jest.advanceTimersByTime(300);
    expect(second.parentElement).toBe(navbar);
    expect(first.isConnected).toBe(false);
    expect(slots()).toHaveLength(1);
    restore();
    expect(second.parentElement).toBe(redrawn);
  });
});

describe('a navbar that is not on the page (an employer page without the careers-navbar slot)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it("leaves the page's bell where it is, and takes it once the navbar is on the page", () => {
    document.body.innerHTML = '<header><div id="candidate-notification-trigger"><button>Bell</button></div></header>';
    const bell = document.getElementById(BELL_SLOT_ID)!;
    const navbar = document.createElement('div');

    const restore = adoptBellSlot(navbar);
    jest.advanceTimersByTime(600);
    expect(bell.parentElement?.tagName).toBe('HEADER');
    expect(document.getElementById(BELL_SLOT_ID)).toBe(bell);

    document.body.appendChild(navbar);
    jest.advanceTimersByTime(300);
    expect(bell.parentElement).toBe(navbar);
    restore();
    expect(bell.parentElement?.tagName).toBe('HEADER');
  });

  it('stops looking after 30 attempts, the bell untouched', () => {
    document.body.innerHTML = '<header><div id="candidate-notification-trigger"></div></header>';
    const bell = document.getElementById(BELL_SLOT_ID)!;
    const navbar = document.createElement('div');
    const restore = adoptBellSlot(navbar);
    jest.advanceTimersByTime(300 * 30);
    document.body.appendChild(navbar);
    jest.advanceTimersByTime(3000);
    expect(bell.parentElement?.tagName).toBe('HEADER');
    restore();
  });
});
