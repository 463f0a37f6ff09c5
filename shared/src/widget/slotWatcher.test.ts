import { SLOT_POLL_ATTEMPTS, SLOT_POLL_INTERVAL_MS, watchSlot, type SlotWatcher } from './slotWatcher';

const SLOT_ID = 'careers-test-slot';

let watchers: SlotWatcher[];
let host: HTMLElement;

function watch(): SlotWatcher {
  const watcher = watchSlot(SLOT_ID, host);
  watchers.push(watcher);
  return watcher;
}

function addSlot(): HTMLElement {
  const slot = document.createElement('section');
  slot.id = SLOT_ID;
  document.body.appendChild(slot);
  return slot;
}

function routingEvent() {
  window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
}

beforeEach(() => {
  jest.useFakeTimers();
  watchers = [];
  host = document.createElement('div');
});

afterEach(() => {
  for (const watcher of watchers) watcher.stop();
  document.body.innerHTML = '';
  jest.useRealTimers();
});

it('uses the spec constants: 30 attempts at 300 ms', () => {
  expect(SLOT_POLL_INTERVAL_MS).toBe(300);
  expect(SLOT_POLL_ATTEMPTS).toBe(30);
});

it('finds a slot that is already on the page at once', () => {
  const slot = addSlot();
  watch();
  expect(host.parentNode).toBe(slot);
  expect(jest.getTimerCount()).toBe(0);
});

it('finds a slot that appears late, at the next 300 ms attempt', () => {
  watch();
  expect(host.isConnected).toBe(false);

  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 5);
  const slot = addSlot();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS - 1);
  expect(host.parentNode).toBeNull();
  jest.advanceTimersByTime(1);
  expect(host.parentNode).toBe(slot);
  expect(jest.getTimerCount()).toBe(0);
});

it('still finds the slot on the 30th attempt', () => {
  watch();
  // Attempt 1 runs at once; attempt 30 runs 29 intervals later.
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 28);
  const slot = addSlot();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS);
  expect(host.parentNode).toBe(slot);
});

it('stops looking after 30 attempts', () => {
  const getById = jest.spyOn(document, 'getElementById');
  watch();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 29);
  expect(getById.mock.calls.filter(([id]) => id === SLOT_ID)).toHaveLength(30);
  expect(jest.getTimerCount()).toBe(0);

  const slot = addSlot();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 100);
  expect(host.parentNode).toBeNull();
  expect(slot.childElementCount).toBe(0);
  getById.mockRestore();
});

it('starts a new search on a single-spa routing event', () => {
  watch();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 40);
  const slot = addSlot();
  expect(host.parentNode).toBeNull();

  routingEvent();
  expect(host.parentNode).toBe(slot);
});

it('a routing event gives a full new set of 30 attempts', () => {
  watch();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 20);
  routingEvent();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 28);
  const slot = addSlot();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS);
  expect(host.parentNode).toBe(slot);
});

it('search() starts a new search too', () => {
  const watcher = watch();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 40);
  const slot = addSlot();
  watcher.search();
  expect(host.parentNode).toBe(slot);
});

it('keeps only one search running when routing events come quickly', () => {
  watch();
  routingEvent();
  routingEvent();
  expect(jest.getTimerCount()).toBe(1);
});

it('stop() ends the search and ignores later routing events', () => {
  const watcher = watch();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 2);
  watcher.stop();
  expect(jest.getTimerCount()).toBe(0);

  addSlot();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 40);
  routingEvent();
  watcher.search();
  expect(host.parentNode).toBeNull();
});

it('moves the host into the new slot element when the page replaces the slot', () => {
  const first = addSlot();
  watch();
  expect(host.parentNode).toBe(first);

  // The host page re-renders: the old slot goes away and a new element with the same id appears.
  first.remove();
  const second = addSlot();
  routingEvent();
  expect(host.parentNode).toBe(second);
  expect(first.contains(host)).toBe(false);
});

it('finds a replacement slot that appears late after a route change', () => {
  const first = addSlot();
  watch();
  first.remove();
  routingEvent();
  expect(host.isConnected).toBe(false);

  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS * 3);
  const second = addSlot();
  jest.advanceTimersByTime(SLOT_POLL_INTERVAL_MS);
  expect(host.parentNode).toBe(second);
});

it('does not re-append the host when it is already in the slot', () => {
  const slot = addSlot();
  const sibling = document.createElement('p');
  watch();
  slot.appendChild(sibling);
  routingEvent();
  // Still where it was (re-appending would move it after the sibling and restart any iframe/state inside).
  expect(slot.firstChild).toBe(host);
});

it('watches the given window', () => {
  const slot = addSlot();
  const win = { document, addEventListener: jest.fn(), removeEventListener: jest.fn() } as unknown as Window;
  const watcher = watchSlot(SLOT_ID, host, win);
  expect(host.parentNode).toBe(slot);
  expect(win.addEventListener).toHaveBeenCalledWith('single-spa:routing-event', expect.any(Function));
  watcher.stop();
  expect(win.removeEventListener).toHaveBeenCalledWith('single-spa:routing-event', expect.any(Function));
});
